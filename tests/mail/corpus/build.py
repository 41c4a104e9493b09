"""Write the reply corpus: Bob answering the referee's real post of Alice's first Turn.

Run from the checkout: ``.venv/bin/python -m tests.mail.corpus.build``. It plays Alice's first
Turn of the standard test game (tests/conftest.py ``seed_game``) through the real runner and
rules engine, takes the lounge post the referee queued, delivers it as a GNU Mailman list does
by default (subject prefix, list headers, footer), and writes one whole message per reply shape
as ``<shape>.eml``: how Gmail, Outlook, Thunderbird, Apple Mail and mutt quote it, in several
languages, top-, bottom- and inline-posted. tests/mail/test_corpus.py reads each one.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from referee.service.engine_desk import EngineDesk
from referee.service.runner import Runner
from referee.store.db import make_engine, sessions, upgrade
from referee.store.inbox import enqueue
from referee.store.models import OutboxMessage
from tests.conftest import LOUNGE, REFEREE, make_settings, seed_game

HERE = Path(__file__).resolve().parent
ALICE_PLAY = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
BOB_PLAY = "Bob : [Home: Debden (CN)] [LV+1] Tottenham Court Road (CN)"
WHEN = datetime(2026, 11, 25, 10, 2)
FOOTER = (
    "_______________________________________________\n"
    f"Mc12 mailing list -- {LOUNGE}\n"
    "To unsubscribe send an email to mc12-leave@lounge.example.org\n"
)
SIGNATURE = "-- \nBob Beckett\nSent from my Psion\n"
REFEREE_NAME = "Mornington Referee"


def referee_post() -> EmailMessage:
    """The referee's lounge post of Alice's first Turn, as the list delivers it to Bob."""
    engine = make_engine("sqlite://")
    upgrade(engine)
    factory = sessions(engine)
    seed_game(factory)
    settings = make_settings("sqlite://", display_name=REFEREE_NAME)
    runner = Runner(factory, settings, EngineDesk(), clock=lambda: WHEN, rng=random.Random(7))
    turn = EmailMessage()
    turn["From"] = "Alice <alice@example.org>"
    turn["To"] = REFEREE
    turn["Subject"] = "[MC 12] my turn"
    turn["Message-ID"] = "<alice-1@example.org>"
    turn.set_content(ALICE_PLAY)
    enqueue(
        factory,
        bytes(turn),
        mail_from="alice@example.org",
        rcpt_tos=[REFEREE],
        source="smtp",
        clock=lambda: WHEN,
    )
    runner.drain()
    with factory() as session:
        rows = [r for r in session.query(OutboxMessage) if LOUNGE in r.rcpt_tos]
    assert len(rows) == 1, "the referee posted Alice's Turn once"
    post = message_from_bytes(rows[0].raw, policy=policy.default)
    assert isinstance(post, EmailMessage)
    listed = EmailMessage()
    for name in ("From", "Date", "Message-ID", "X-Loop", "Auto-Submitted"):
        if post[name] is not None:
            listed[name] = str(post[name])
    listed["To"] = LOUNGE
    listed["Subject"] = f"[Mc12] {post['Subject']}"
    listed["List-Id"] = "<mc12.lounge.example.org>"
    listed["List-Post"] = f"<mailto:{LOUNGE}>"
    listed["Precedence"] = "list"
    listed.set_content(post.get_content().rstrip("\n") + "\n" + FOOTER)
    return listed


def quoted(text: str) -> str:
    return "".join(f"> {line}".rstrip() + "\n" for line in text.splitlines())


def reply(post: EmailMessage, body: str, *, html: str | None = None) -> EmailMessage:
    """Bob's reply to the post, addressed as Reply-All to the list leaves it."""
    message = EmailMessage()
    message["From"] = "Bob Beckett <bob@example.org>"
    message["To"] = LOUNGE
    message["Subject"] = f"Re: {post['Subject']}"
    message["Date"] = "Wed, 25 Nov 2026 11:15:00 +0000"
    message["Message-ID"] = "<bob-reply@example.org>"
    message["In-Reply-To"] = str(post["Message-ID"])
    message["References"] = str(post["Message-ID"])
    message.set_content(body)
    if html is not None:
        message.add_alternative(html, subtype="html")
    return message


def outlook_block(post: EmailMessage, labels: tuple[str, str, str, str], sent: str) -> str:
    frm, when, to, subject = labels
    return (
        f"{frm} {REFEREE_NAME} <{REFEREE}>\n{when} {sent}\n{to} {LOUNGE}\n"
        f"{subject} {post['Subject']}\n\n{post.get_content()}"
    )


def shapes(post: EmailMessage) -> dict[str, str]:
    """Each reply body by its file name."""
    text = post.get_content()
    quote = quoted(text)
    quote_no_footer = quoted(text[: text.index("_____")])
    gsd_start = text.index("Mornington Crescent - Game")
    gsd_end = text.index("\n-- \n")
    play = f"{BOB_PLAY}\n"
    bodies: dict[str, str] = {}

    def bottom(name: str, attribution: str) -> None:
        bodies[f"{name}-bottom"] = f"{attribution}\n{quote}\n{play}\n{SIGNATURE}"

    def top(name: str, attribution: str) -> None:
        bodies[f"{name}-top"] = f"{play}\n{SIGNATURE}\n{attribution}\n{quote}"

    attributions = {
        "gmail-en": f"On Wed, 25 Nov 2026 at 10:02, {REFEREE_NAME} <{REFEREE}> wrote:",
        "gmail-de": f"Am Mi., 25. Nov. 2026 um 10:02 Uhr schrieb {REFEREE_NAME} <{REFEREE}>:",
        "gmail-fr": f"Le mer. 25 nov. 2026 à 10:02, {REFEREE_NAME} <{REFEREE}> a écrit :",
        "gmail-es": f"El mié, 25 nov 2026 a las 10:02, {REFEREE_NAME} (<{REFEREE}>) escribió:",
        "gmail-nl": f"Op wo 25 nov 2026 om 10:02 schreef {REFEREE_NAME} <{REFEREE}>:",
        "thunderbird-en": f"On 25/11/2026 10:02, {REFEREE_NAME} wrote:",
        "thunderbird-de": f"Am 25.11.26 um 10:02 schrieb {REFEREE_NAME}:",
        "thunderbird-fr": f"Le 25/11/2026 à 10:02, {REFEREE_NAME} a écrit :",
        "apple-en": f"On 25 Nov 2026, at 10:02, {REFEREE_NAME} <{REFEREE}> wrote:",
        "apple-nl": f"Op 25 nov. 2026 om 10:02 heeft {REFEREE_NAME} <{REFEREE}> het volgende"
        " geschreven:",
        "mutt-en": f"On Wed, Nov 25, 2026 at 10:02:00AM +0000, {REFEREE_NAME} wrote:",
        "mutt-star": f"* {REFEREE_NAME} <{REFEREE}> [2026-11-25 10:02]:",
    }
    for name, attribution in attributions.items():
        bottom(name, attribution)
        top(name, attribution)
    # Gmail wraps a long attribution line where it passes 72 columns or so.
    wrapped = "\n".join(textwrap.wrap(attributions["gmail-en"], 60))
    bodies["gmail-en-wrapped-attribution"] = f"{wrapped}\n{quote}\n{play}"
    outlook = {
        "outlook-en": (
            "-----Original Message-----",
            ("From:", "Sent:", "To:", "Subject:"),
            "Wednesday, November 25, 2026 10:02 AM",
        ),
        "outlook-de": (
            "-----Ursprüngliche Nachricht-----",
            ("Von:", "Gesendet:", "An:", "Betreff:"),
            "Mittwoch, 25. November 2026 10:02",
        ),
        "outlook-fr": (
            "-----Message d'origine-----",
            ("De :", "Envoyé :", "À :", "Objet :"),
            "mercredi 25 novembre 2026 10:02",
        ),
        "outlook-es": (
            "-----Mensaje original-----",
            ("De:", "Enviado el:", "Para:", "Asunto:"),
            "miércoles, 25 de noviembre de 2026 10:02",
        ),
        "outlook-nl": (
            "-----Oorspronkelijk bericht-----",
            ("Van:", "Verzonden:", "Aan:", "Onderwerp:"),
            "woensdag 25 november 2026 10:02",
        ),
    }
    for name, (rule, labels, sent) in outlook.items():
        bodies[f"{name}-top"] = f"{play}\nBob\n\n{rule}\n{outlook_block(post, labels, sent)}"
    # Newer Outlook: a rule of underscores, then the header block; and no rule at all.
    header = outlook_block(post, ("From:", "Sent:", "To:", "Subject:"), "25 November 2026 10:02")
    bodies["outlook-new-top"] = f"{play}\n\n{'_' * 32}\n{header}"
    bodies["outlook-headers-only-top"] = f"{play}\nBob\n\n{header}"
    bodies["outlook-bold-headers-top"] = f"{play}\n\n*From:* {header[len('From: ') :]}".replace(
        "\nSent:", "\n*Sent:*", 1
    )
    attribution = attributions["gmail-en"]
    # Inline: Bob writes his play under the quoted record, the rest of the post still quoted.
    head, tail = quoted(text[:gsd_end]), quoted(text[gsd_end:])
    bodies["inline-after-gsd"] = f"{attribution}\n{head}\n{play}\n{tail}"
    bodies["inline-with-remarks"] = (
        f"{attribution}\n> {text.splitlines()[0]}\n\nWell played.\n\n"
        f"{quoted(text[gsd_start:gsd_end])}\n{play}\n{quoted(text[gsd_end:])}"
    )
    # The play written inside the quote, as when a player types into a quoted GSD.
    bodies["play-inside-quote"] = (
        f"{attribution}\n{quoted(text[:gsd_end].rstrip())}\n> {BOB_PLAY}\n{tail}"
    )
    # The whole GSD copied unquoted with the play appended (rule 1.3.1's own shape).
    bodies["gsd-copied-with-play"] = f"{text[gsd_start:gsd_end].rstrip()}\n{play}\n{SIGNATURE}"
    bodies["gsd-copied-quoted-history"] = (
        f"{text[gsd_start:gsd_end].rstrip()}\n{play}\n\n{attribution}\n{quote}"
    )
    # Footer quoted or trimmed; the player's signature without the space; no signature.
    bodies["footer-trimmed-bottom"] = f"{attribution}\n{quote_no_footer}\n{play}"
    bodies["signature-no-space"] = f"{attribution}\n{quote}\n{play}\n--\nBob\n"
    bodies["no-attribution-bottom"] = f"{quote}\n{play}"
    bodies["greeting-and-thanks"] = f"Hi all,\n\n{play}\nThanks,\nBob\n\n{attribution}\n{quote}"
    return bodies


def html_reply(post: EmailMessage) -> tuple[str, str]:
    """Gmail's multipart/alternative: plain text beside HTML with the post in a blockquote."""
    text = post.get_content()
    attribution = f"On Wed, 25 Nov 2026 at 10:02, {REFEREE_NAME} &lt;{REFEREE}&gt; wrote:"
    html = (
        f'<div dir="ltr">{BOB_PLAY}</div><br><div class="gmail_quote"><div dir="ltr" '
        f'class="gmail_attr">{attribution}<br></div><blockquote class="gmail_quote"><pre>'
        f"{text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</pre>"
        "</blockquote></div>\n"
    )
    plain = f"{BOB_PLAY}\n\nOn Wed, 25 Nov 2026 at 10:02, {REFEREE_NAME} <{REFEREE}> wrote:\n"
    return plain + quoted(text), html


def main(write: Callable[[str, bytes], None] | None = None) -> None:
    post = referee_post()
    out = write or (lambda name, raw: (HERE / name).write_bytes(raw))
    out("referee-post.eml", bytes(post))
    for name, body in shapes(post).items():
        out(f"{name}.eml", bytes(reply(post, body)))
    plain, html = html_reply(post)
    out("gmail-html-top.eml", bytes(reply(post, plain, html=html)))
    html_only = reply(post, "")
    html_only.set_content(html, subtype="html")
    out("html-only-top.eml", bytes(html_only))


if __name__ == "__main__":
    main()
