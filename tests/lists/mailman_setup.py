"""Run inside GNU Mailman's own venv (``mailman shell -r mailman_setup.setup``): create the
test lists and their members from a JSON spec. Not imported by the referee's tests."""

import json
import sys


def setup(spec_path: str) -> None:
    from mailman.app.lifecycle import create_list
    from mailman.app.membership import add_member
    from mailman.config import config
    from mailman.interfaces.archiver import ArchivePolicy
    from mailman.interfaces.domain import IDomainManager
    from mailman.interfaces.mailinglist import DMARCMitigateAction, Personalization
    from mailman.interfaces.subscriptions import RequestRecord
    from mailman.interfaces.template import ITemplateManager
    from zope.component import getUtility

    with open(spec_path) as handle:
        spec = json.load(handle)
    domains = getUtility(IDomainManager)
    templates = getUtility(ITemplateManager)
    for each in spec["lists"]:
        domain = each["address"].rpartition("@")[2]
        if domains.get(domain) is None:
            domains.add(domain)
        mlist = create_list(each["address"])
        mlist.send_welcome_message = False
        mlist.send_goodbye_message = False
        mlist.admin_immed_notify = False
        mlist.admin_notify_mchanges = False
        mlist.archive_policy = ArchivePolicy.never
        mlist.digests_enabled = False
        kind = each["kind"]
        if kind == "munged":
            mlist.dmarc_mitigate_action = DMARCMitigateAction.munge_from
            mlist.dmarc_mitigate_unconditionally = True
            mlist.dmarc_addresses = ["^.*$"]
        elif kind == "wrapped":
            mlist.dmarc_mitigate_action = DMARCMitigateAction.wrap_message
            mlist.dmarc_mitigate_unconditionally = True
            mlist.dmarc_addresses = ["^.*$"]
            mlist.dmarc_wrapped_message_text = each["wrapped_text"]
        elif kind == "personal":
            mlist.personalize = Personalization.individual
        elif kind == "plain":
            mlist.subject_prefix = ""
            empty = each["empty_template"]
            for name in ("list:member:regular:header", "list:member:regular:footer"):
                templates.set(name, mlist.list_id, f"file://{empty}")
        for address, name in each["members"]:
            add_member(mlist, RequestRecord(address, name))
    config.db.commit()
    print("lists:", ", ".join(each["address"] for each in spec["lists"]), file=sys.stderr)
