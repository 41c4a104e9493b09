"""A game's chamber on the web pages (ifMUD Nomic rules 10, 28, 31, 128): its proposals with
their votes, deadlines and standing, the roll with its tallies, and a link to the rules in
force; nothing private (addresses, secrets, statements of intent waiting) on any page.

Played by mail through the runner on SQLite and PostgreSQL, then read in Debian's headless
Chromium over the real web server.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from selenium.webdriver.common.by import By
from sqlalchemy import Engine, select

from referee.store.db import sessions
from referee.store.models import Game, Player
from referee.web.site import Site
from tests.service.harness import SPEAKER, SPEAKER_SECRET, HandClock, Table
from tests.web.test_browser import _errors, _status, chromium, serving

pytestmark = pytest.mark.chromium

LOUNGE = "mc1@lounge.example.org"
T0 = datetime(2026, 11, 2, 9, 30)
INTENDED = "propose Quiet plan [B]\nThe words xyzzy stay private until their time."


@pytest.fixture
def table(engine: Engine) -> Table:
    """MC 1 with Alice, Bob and Carol, its chamber open: one proposal ratified and in effect,
    one dead after a nay, one being voted on past its 72 hours, and Bob's statement of intent
    waiting."""
    table = Table(sessions(engine), HandClock(T0))
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob", "Carol"):
        table.mail(f"{name.lower()}@example.org", f"nomic join {name}", subject="[MC 1]")
        table.speaker(f"approve 1 {name}")
    table.speaker("chamber 1")
    table.mail("carol@example.org", "passive on", to=LOUNGE)
    table.mail("alice@example.org", "propose Cheap fares [A]\nEvery fare is halved.", to=LOUNGE)
    table.mail("bob@example.org", "vote aye Cheap fares [A]", to=LOUNGE)
    table.mail("alice@example.org", "ratify Cheap fares [A]", to=LOUNGE)
    table.mail("alice@example.org", "propose No Mondays [A]\nMondays are abolished.", to=LOUNGE)
    table.mail("bob@example.org", "vote nay No Mondays [A]", to=LOUNGE)
    table.mail("carol@example.org", "dead No Mondays [A]", to=LOUNGE)
    table.mail("bob@example.org", "passive off", to=LOUNGE)
    table.mail("alice@example.org", "propose Longer days [A]\nDays last 25 hours.", to=LOUNGE)
    table.mail("bob@example.org", f"In 200 hours:\n{INTENDED}", to=LOUNGE)
    table.clock.now = T0 + timedelta(hours=73)
    table.mail("alice@example.org", "proposals", to=LOUNGE)  # brings the chamber up to now
    table.sent()
    return table


def test_rules_10_28_31_the_chamber_page_shows_proposals_votes_deadlines_and_the_roll(
    table: Table,
) -> None:
    site = Site(table.factory, clock=lambda: table.clock.now)
    assert "games/1/chamber.html" in site.paths()
    with serving(site) as base, chromium() as driver:
        driver.get(base + "games/1.html")
        link = driver.find_element(By.ID, "chamber-link")
        assert "3 proposals" in driver.find_element(By.CSS_SELECTOR, "dl.facts").text
        link.click()
        assert driver.current_url == base + "games/1/chamber.html"
        assert _errors(driver) == []
        sections = driver.find_elements(By.CSS_SELECTOR, "section.proposal")
        names = [s.find_element(By.TAG_NAME, "h3").text for s in sections]
        assert names == ["Longer days [A]", "No Mondays [A]", "Cheap fares [A]"], "newest first"
        longer, mondays, cheap = sections

        def field(section: object, css: str) -> str:
            return section.find_element(By.CSS_SELECTOR, css).text  # type: ignore[attr-defined]

        assert field(longer, ".standing") == "pending"
        assert field(longer, ".ayes") == "Alice, Carol", "Carol is a Passive Voter (rule 31)"
        assert field(longer, ".implied") == "Bob", "silent beyond 72 hours (rule 10)"
        assert field(longer, ".expires") == "2026-11-16 09:30 UTC (rule 128)"
        assert field(mondays, ".standing").startswith("dead since")
        assert field(mondays, ".nays") == "Bob"
        assert field(cheap, ".standing").startswith("in effect")
        assert field(cheap, ".ayes") == "Alice, Bob, Carol", "Carol's implicit aye (rule 31)"
        assert "Every fare is halved." in cheap.text
        roll = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "table.roll tbody tr")]
        assert roll == ["Alice 0 0 no", "Bob 0 0 no", "Carol 0 0 yes"]
        rulebook = driver.find_element(By.ID, "rulebook").get_attribute("href") or ""
        assert rulebook.endswith("games/1.html#rules") and _status(rulebook) == 200
        assert _status(base + "games/2/chamber.html") == 404


def test_rule_146_no_page_shows_an_address_a_secret_or_a_waiting_statement_of_intent(
    table: Table,
) -> None:
    with table.factory() as session:
        players = list(session.scalars(select(Player)))
        seeds = [s for s in session.scalars(select(Game.dice_seed)) if s]
    private = [INTENDED.splitlines()[0], "xyzzy", SPEAKER, SPEAKER_SECRET, "Quiet plan", *seeds]
    private += [p.address for p in players] + [p.secret_hash for p in players if p.secret_hash]
    assert seeds and len(private) > 8
    site = Site(table.factory, clock=lambda: table.clock.now)
    pages = site.paths()
    assert "games/1/chamber.html" in pages
    for path in pages:
        rendered = site.render(path)
        assert rendered is not None, path
        body = rendered.body.decode()
        for secret in private:
            assert secret not in body, (path, secret)
    chamber = site.render("games/1/chamber.html")
    assert chamber is not None and b"Longer days [A]" in chamber.body, "the page is not empty"
