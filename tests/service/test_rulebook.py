"""The living rulebook's service (referee.service.rulebook): what the chamber's enactor does
when a ratified proposal takes effect, and the lounge post of the new version."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from referee.mail.compose import render
from referee.service import rulebook
from referee.service.enactment import RecordOnly
from referee.service.notices import Role
from referee.store.models import Game, RulesChange
from tests.conftest import LOUNGE, Seeded

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "rulebook"
AT = datetime(2026, 11, 25, 21, 0)
PROPOSAL = (
    "Chocolate is too cheap, and the Emporium should say so.\n"
    "Amend rule 1.4.18: the price of Chocolate Bar is 2.\n"
    "Amend rule 1.4.18: Marmalade Sandwiches are free.\n"
)


def _golden(name: str, got: str) -> None:
    path = GOLDEN / name
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")


def test_a_ratified_proposal_makes_the_next_version_and_the_lounge_reads_its_diff(
    seeded: Seeded,
) -> None:
    """Issue 15: each ratified proposal that amends a rule makes a new version, kept in the
    store, and the referee posts the new version's diff; a line it cannot read as written is
    kept as its rule's new text and said, never dropped."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        before = game.version
        notices = rulebook.RulebookEnactor(RecordOnly()).enact(
            session, game, "Dear Chocolate [Al]", PROPOSAL, AT
        )
    [post] = notices
    assert post.audience.role is Role.LOUNGE and post.to == LOUNGE
    assert post.subject == "[MC 12] Rules version 2: Dear Chocolate [Al]"
    _golden(
        "lounge.rules-changed.txt",
        render(post.template, game="MC 12", attachments=[], sender="", **post.values),
    )
    with seeded.factory() as session:
        [row] = session.scalars(select(RulesChange)).all()
        assert (row.version, row.proposal, row.text, row.effective_at) == (
            2,
            "Dear Chocolate [Al]",
            PROPOSAL,
            AT,
        )
        game = session.get_one(Game, seeded.game_id)
        version = rulebook.version_of(session, game)
    assert version.number == 2
    assert version.tables.emporium.lookup("Chocolate Bar").possession.cost == 2
    assert game.version == before + 1, "a turn judged under the old rules is now stale"
    assert "1.4.18" in version.unread


def test_a_proposal_with_no_amendment_is_recorded_as_not_adjudicated(seeded: Seeded) -> None:
    """A proposal that changes the rules in words of its own, not the grammar's, makes no
    version: its text is kept and the lounge told its changes are not adjudicated."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        [post] = rulebook.RulebookEnactor(RecordOnly()).enact(
            session, game, "Be Nice [Bo]", "Everyone should be nicer.", AT
        )
    assert post.subject == "[MC 12] Be Nice [Bo]: recorded, not adjudicated"
    with seeded.factory() as session:
        assert session.scalars(select(RulesChange)).all() == []


def test_a_proposal_whose_amendments_all_have_no_effect_says_why(seeded: Seeded) -> None:
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        [post] = rulebook.RulebookEnactor(RecordOnly()).enact(
            session, game, "Tidy [Bo]", "Repeal rule 9.9.9.", AT
        )
    assert post.subject == "[MC 12] Tidy [Bo] changed no rule"
    body = " ".join(
        render(post.template, game="MC 12", attachments=[], sender="", **post.values).split()
    )
    assert "the rules stay at version 1" in body and "the game has no rule 9.9.9" in body
    with seeded.factory() as session:
        assert session.scalars(select(RulesChange)).all() == []


def test_check_tells_a_proposer_what_would_not_apply_as_written(seeded: Seeded) -> None:
    with seeded.factory() as session:
        game = session.get_one(Game, seeded.game_id)
        assert rulebook.check(session, game, "Amend rule 1.4.18: the price of Book is 5.") == []
        [problem] = rulebook.check(session, game, "Amend rule 1.4.18: the price of Unicorn is 5.")
        assert "Unicorn" in problem
        [empty] = rulebook.check(session, game, "Let us all be friends.")
        assert "no amendment" in empty


def test_the_enactor_matches_the_chamber_s_seam() -> None:
    """The chamber calls ``enact(session, game, proposal, text, at)`` and queues the notices
    returned (the seam both sides were written against)."""
    import inspect

    found = inspect.signature(rulebook.RulebookEnactor(RecordOnly()).enact)
    assert list(found.parameters) == ["session", "game", "proposal", "text", "at"]
    assert "Sequence[Notice]" in str(found.return_annotation)


def test_a_kind_whose_rules_are_not_kept_as_versions_is_told_so_not_given_volume_1(
    seeded: Seeded,
) -> None:
    """The chamber serves every kind of game; this rulebook keeps Mornington Nomic's. Another
    kind's ratified proposal is not read against Volume 1: it is recorded, not adjudicated."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        game.kind = "one-day-in-london"
        [post] = rulebook.RulebookEnactor(RecordOnly()).enact(
            session, game, "Longer Journeys [Al]", "Amend rule 1.4.18: the price of Book is 5.", AT
        )
        assert post.subject == "[MC 12] Longer Journeys [Al]: recorded, not adjudicated"
        assert session.scalars(select(RulesChange)).all() == []


def test_4_1_1_4_a_knightsbridge_game_s_chamber_amends_the_1965_figures_and_index(
    seeded: Seeded,
) -> None:
    """A Special Rules game under the 1965 Knightsbridge amendments keeps its rules as
    versions of that ruleset: a ratified proposal changes the Potato's Fuse Counters (rule
    4.1.1.4, a figure of the amendments' own) and [Creating Potato]'s cost in the index."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        game.ruleset, game.variants = "special", ["knightsbridge-1965"]
        [post] = rulebook.RulebookEnactor(RecordOnly()).enact(
            session,
            game,
            "Short fuses [Al]",
            "Amend rule 4.1.1.4: the number of Fuse Counters is 5.\n"
            "Amend rule 1.7.2: [Creating Potato] costs 2Re.\n",
            AT,
        )
    assert post.subject == "[MC 12] Rules version 2: Short fuses [Al]"
    assert "+      the number of Fuse Counters is 5" in str(post.values["diff"])
    with seeded.factory() as session:
        game = session.get_one(Game, seeded.game_id)
        version = rulebook.version_of(session, game)
    assert version.ruleset == "knightsbridge-1965" and not version.unread
    assert version.tables.figures.count("number of Fuse Counters") == 5
    [spec] = [s for s in version.index if s.name == "Creating Potato"]
    assert spec.cost == "2Re"


def test_1_3_5_what_the_service_judges_itself_is_judged_with_the_game_s_readings_and_version(
    seeded: Seeded,
) -> None:
    """A forced Timeout (rule 1.3.5) is judged by the service, not the turn desk: under the
    same ruleset the desk would use, the Speaker's readings and the version in force."""
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        game.settings = {"pass_earns_zone_bonus": "false"}
        before = rulebook.ruleset_in_force(session, game)
        rulebook.record(session, game, "Dear Books [Al]", PROPOSAL, AT)
        after = rulebook.ruleset_in_force(session, game)
    assert before.settings.pass_earns_zone_bonus is False
    assert after.settings.pass_earns_zone_bonus is False
    assert after.tables().emporium.lookup("Chocolate Bar").possession.cost == 2
