"""Lounge posts link to the game's page once the operator sets REFEREE_WEB_BASE_URL."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage

from sqlalchemy import select

from referee.service.runner import Runner
from referee.store.inbox import enqueue
from referee.store.models import OutboxMessage
from referee.web.site import Site
from tests.conftest import LOUNGE, Seeded, make_settings
from tests.service.harness import engine_desk


def _post_of_a_turn(seeded: Seeded, **settings: str) -> str:
    message = EmailMessage()
    message["From"], message["To"] = "alice@example.org", LOUNGE
    message["Subject"], message["Message-ID"] = "[MC 12] turn", "<link-1@example.org>"
    message.set_content("Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)")
    enqueue(
        seeded.factory,
        bytes(message),
        mail_from="alice@example.org",
        rcpt_tos=[LOUNGE],
        source="smtp",
    )
    Runner(seeded.factory, make_settings("sqlite://", **settings), engine_desk()).drain()
    with seeded.factory() as session:
        row = session.scalars(select(OutboxMessage)).all()
    [post] = [r for r in row if r.rcpt_tos == [LOUNGE]]
    payload = message_from_bytes(post.raw).get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def test_a_turn_post_links_to_the_game_page(seeded: Seeded) -> None:
    post = _post_of_a_turn(seeded, web_base_url="https://mc.example.org/pages/")
    link = "https://mc.example.org/pages/games/12.html"
    assert f"The game's page, with the map: {link}" in post
    assert "games/12.html" in Site(seeded.factory).paths()


def test_without_a_base_url_the_post_has_no_link(seeded: Seeded) -> None:
    post = _post_of_a_turn(seeded)
    assert "The game's page" not in post and "http" not in post
