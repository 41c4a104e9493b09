"""The pages of One Day in London and ifMUD Nomic games, rendered from the store on SQLite and
PostgreSQL, and read in Debian's headless Chromium.

ifMUD Nomic hides nothing (rule 7: the players keep its state in their posts), so its page
shows the state document as posted and everything drawn from it. One Day in London keeps every
rack and the deal's seed in its stored state: before the game ends no page may show a card of
a rack, the seed, an address or a secret; once it is over the final post has revealed the
racks, the winning journey and the seed, and the page shows them.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import urldefrag

import pytest
from selenium.webdriver.common.by import By
from sqlalchemy import select

from referee.games.ifmud.state import GameState as IfmudState
from referee.games.kind import GameView
from referee.games.one_day_in_london.journey import check_journey
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.games.one_day_in_london.network import load_game_network
from referee.games.one_day_in_london.state import GameState as LondonState
from referee.games.one_day_in_london.state import Phase
from referee.store.models import Game, InboxMessage, Player
from referee.store.status import GameStatus
from referee.web.roomsvg import being_id, room_id
from referee.web.site import Site
from referee.web.stationsvg import stop_id
from tests.web.kind_games import Kinds, state_of
from tests.web.test_browser import _errors, _status, chromium, serving
from tests.web.test_pages import _Links, _page, _text


def _site(played: Kinds) -> Site:
    return Site(played.factory)


def _without_svg(html: str) -> str:
    return re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)


def _private(played: Kinds) -> list[str]:
    """What no page may show: addresses, secrets and their hashes, the games' dice seeds,
    and the raw mail the players sent (as :mod:`tests.web.test_pages` and
    :mod:`tests.web.test_chamber` check for theirs)."""
    with played.factory() as session:
        found = list(session.scalars(select(Player.address)))
        found += [h for h in session.scalars(select(Player.secret_hash)) if h]
        found += [s for s in session.scalars(select(Game.dice_seed)) if s]
        raw = [m.raw for m in session.scalars(select(InboxMessage))]
    assert found and raw
    return found


def _hidden_cards(state: LondonState) -> set[str]:
    """The cards of a running game no player but their holder has seen: in a rack, dealt and
    not yet placed, held, or in the draw pile; less any card that was ever public (every card
    of the discard piles and every card a play named)."""
    hidden = {card for seat in state.seats for card in (*seat.rack, *seat.dealt) if card}
    hidden |= set(state.deck) | ({state.hand} if state.hand else set())
    public = {card for pile in state.piles for card in pile}
    said = " ".join(state.record)
    return {card for card in hidden - public if card not in said}


def test_every_page_of_both_kinds_renders_and_each_kind_draws_its_own(kinds_played: Kinds) -> None:
    site = _site(kinds_played)
    paths = site.paths()
    for number in (kinds_played.running, kinds_played.won, kinds_played.ifmud):
        assert f"games/{number}.html" in paths
    assert f"games/{kinds_played.ifmud}/chamber.html" in paths
    for path in paths:
        assert site.render(path) is not None, path
    ifmud = _page(site, f"games/{kinds_played.ifmud}.html")
    london = _page(site, f"games/{kinds_played.running}.html")
    assert 'class="map rooms"' in ifmud and 'class="map network"' in london
    assert "has no pages of its own" not in ifmud + london


def test_rule_7_the_ifmud_page_shows_the_state_document_as_posted_and_its_tallies(
    kinds_played: Kinds,
) -> None:
    site = _site(kinds_played)
    html = _page(site, f"games/{kinds_played.ifmud}.html")
    document = state_of(kinds_played.factory, kinds_played.ifmud)
    state = IfmudState.parse(document)
    shown = re.search(r'<pre class="gsd" id="document">(.*?)</pre>', html, re.S)
    assert shown is not None and IfmudState.parse(unescape(shown.group(1))) == state
    rows = re.findall(
        r"<tr><th scope=\"row\">(.*?)</th><td>(\d+)</td><td>(\d+)</td>"
        r"<td>(\d+)</td><td>(.*?)</td>",
        html,
    )
    assert len(rows) == len(state.players) == 4
    for player, row in zip(state.players, rows, strict=True):
        assert row == (
            player.name,
            str(player.demerits),
            str(player.brownie),
            str(player.puissance),
            player.location,
        )
    text = _text(html)
    assert "Jeeves, valet" in text, "the servant Roger named (rule 45)"
    assert "Roger Carbol: Lounge to Dot-Com Bubble" in text, "who moved where, turn 3"
    assert "Adam Biltcliffe's servant: Servants' Quarters to Attic" in text
    assert "Admiral Jota's bomb" in text and "The Roster of Quests is empty" in text
    assert f"{state.active} (rule 27)" in text
    assert 'href="3/chamber.html"' in html and 'id="chamber-link"' in html


def test_rules_25_43_68_107_122_the_ifmud_map_marks_every_room_and_connection(
    kinds_played: Kinds,
) -> None:
    html = _page(_site(kinds_played), f"games/{kinds_played.ifmud}.html")
    state = IfmudState.parse(state_of(kinds_played.factory, kinds_played.ifmud))
    for room in state.rooms:
        assert f'id="{room_id(room.name)}"' in html, room.name
    assert html.count('class="connection') == len({frozenset(pair) for pair in state.connections})
    west = re.search(rf'<g id="{room_id("West of House")}"[^>]*><title>([^<]*)</title>', html)
    assert west is not None and "toll Mailbox Fee = 3 (rule 43)" in west.group(1)
    assert re.search(rf'<g id="{room_id("Brigadoon")}" class="room brigadoon', html)
    assert "the Savage Wilderness (rule 122)" in html
    for player in state.players:
        mark = re.search(
            rf'<g id="{being_id("player", player.name)}" class="player" '
            r'data-room="([^"]+)"',
            html,
        )
        assert mark is not None and mark.group(1) == player.location, player.name


def test_the_play_a_running_london_page_shows_only_the_lounges_view(kinds_played: Kinds) -> None:
    site = _site(kinds_played)
    html = _page(site, f"games/{kinds_played.running}.html")
    state = LondonState.parse(state_of(kinds_played.factory, kinds_played.running))
    assert state.phase is not Phase.OVER and state.record
    text = _text(html)
    assert f"Draw pile {len(state.deck)} cards" in text
    assert f"Deck the {state.edition}-card edition" in text
    for number, top in enumerate(state.pile_tops(), start=1):
        assert f"{number} {top or 'empty'}" in text
        if top:
            assert re.search(
                rf'id="{stop_id(top)}" class="stop top"[^>]*data-piles="[^"]*'
                rf"{number}",
                html,
            ), top
    for seat in state.seats:
        held = sum(1 for card in seat.rack if card)
        assert f"{seat.name} {held}" in text
    assert state.mover.name in text
    assert _text(state.record[-1]) in text, "the plays, as the lounge read them"
    assert "The racks revealed" not in text and 'id="seed"' not in html


def test_no_page_shows_a_rack_card_the_seed_an_address_or_a_secret_before_the_end(
    kinds_played: Kinds,
) -> None:
    site = _site(kinds_played)
    state = LondonState.parse(state_of(kinds_played.factory, kinds_played.running))
    hidden = _hidden_cards(state)
    assert len(hidden) > 20, "the half-played game still hides most of its cards"
    kind = OneDayInLondon()
    view = GameView(kinds_played.running, 1, 1, state.render(), ())
    privately = [
        line.strip()
        for seat in state.seats
        for line in (kind.private_view(view, seat.name) or "").splitlines()
        if line.strip()
    ]
    secret = [state.seed, *_private(kinds_played), *privately]
    names = "|".join(re.escape(card) for card in sorted(hidden, key=len, reverse=True))
    for path in site.paths():
        body = _page(site, path)
        for word in secret:
            assert word not in body, (path, word)
        if path.startswith(f"games/{kinds_played.won}"):
            continue  # another game, over, whose racks were revealed (its own test)
        words = _text(_without_svg(body))
        found = re.findall(rf"(?<![\w'])(?:{names})(?![\w'])", words)
        assert not found, (path, found)
    svg = re.search(r"<svg.*?</svg>", _page(site, f"games/{kinds_played.running}.html"), re.S)
    assert svg is not None
    marked = set(re.findall(r'data-station="([^"]+)" data-piles', svg.group(0)))
    assert marked == {top for top in state.pile_tops() if top}, "only the tops are marked"
    assert 'id="journey"' not in svg.group(0)


def test_game_end_the_won_london_page_shows_every_rack_and_the_winning_journey(
    kinds_played: Kinds,
) -> None:
    html = _page(_site(kinds_played), f"games/{kinds_played.won}.html")
    state = LondonState.parse(state_of(kinds_played.factory, kinds_played.won))
    assert state.phase is Phase.OVER and state.winner
    text = _text(html)
    for seat in state.seats:
        assert (
            f"{seat.name}{' (winner)' if seat.name == state.winner else ''} "
            + " ".join(card or "-" for card in seat.rack)
            in text
        ), seat.name
    rack = [card for card in state.seat(state.winner).rack if card]
    check = check_journey(rack, rules=state.rules, length=None)
    assert check.journey and check.legs is not None
    steps = re.findall(r'<ol class="journey">(.*?)</ol>', html, re.S)
    assert steps and _text(steps[0]).startswith(check.stations[0])
    assert f"by the {check.legs[-1].line_name} to {check.stations[-1]}" in _text(steps[0])
    assert state.seed in html
    route = re.search(r'<g id="journey">.*?points="([^"]+)"', html, re.S)
    assert route is not None and len(route.group(1).split()) == len(check.stations)


def test_the_network_has_the_games_62_stations(kinds_played: Kinds) -> None:
    html = _page(_site(kinds_played), f"games/{kinds_played.running}.html")
    network = load_game_network()
    assert len(network.stations) == 62
    for name in network.stations:
        assert f'id="{stop_id(name)}"' in html, name


def test_the_static_build_of_both_kinds_resolves_every_link(
    kinds_played: Kinds, tmp_path: Path
) -> None:
    site = _site(kinds_played)
    site.build(tmp_path)
    checked = 0
    for page in tmp_path.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            target, _ = urldefrag(link)
            resolved = (page.parent / target).resolve()
            assert resolved.is_file(), (page, link)
            checked += 1
    assert checked > 20


@pytest.mark.chromium
def test_both_kinds_in_chromium(kinds_played: Kinds, tmp_path: Path) -> None:
    site = _site(kinds_played)
    pages = [p for p in site.paths() if p.endswith(".html")]
    with serving(site) as base, chromium() as driver:
        links: set[str] = set()
        for path in pages:
            driver.get(base + path)
            assert driver.title, path
            assert _errors(driver) == [], path
            for svg in driver.find_elements(By.CSS_SELECTOR, "svg.map"):
                assert svg.get_attribute("role") == "img"
                label = svg.get_attribute("aria-labelledby") or ""
                assert driver.find_element(By.ID, label).get_attribute("textContent"), path
                assert svg.is_displayed()
            for table in driver.find_elements(By.CSS_SELECTOR, "main table"):
                assert table.find_elements(By.CSS_SELECTOR, "thead th"), path
            for anchor in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
                href = anchor.get_attribute("href") or ""
                if href.startswith(base):
                    links.add(urldefrag(href)[0])
        for link in sorted(links):
            assert _status(link) == 200, link

        driver.get(base)
        driver.find_element(By.LINK_TEXT, f"ifMUD {kinds_played.ifmud}").click()
        assert driver.current_url == base + f"games/{kinds_played.ifmud}.html"
        state = IfmudState.parse(state_of(kinds_played.factory, kinds_played.ifmud))
        for player in state.players:
            mark = driver.find_element(By.ID, being_id("player", player.name))
            room = driver.find_element(By.ID, room_id(player.location))
            box = room.find_element(By.TAG_NAME, "rect").rect
            dot = mark.find_element(By.TAG_NAME, "circle").rect
            assert box["x"] <= dot["x"] and dot["x"] + dot["width"] <= box["x"] + box["width"]
            assert box["y"] <= dot["y"] and dot["y"] + dot["height"] <= box["y"] + box["height"]
        driver.save_screenshot(str(tmp_path / "ifmud.png"))
        driver.find_element(By.ID, "chamber-link").click()
        assert driver.current_url == base + f"games/{kinds_played.ifmud}/chamber.html"

        driver.get(base + f"games/{kinds_played.running}.html")
        state_london = LondonState.parse(state_of(kinds_played.factory, kinds_played.running))
        for top in {t for t in state_london.pile_tops() if t}:
            ring = driver.find_element(By.ID, stop_id(top)).find_element(By.CSS_SELECTOR, ".ring")
            assert ring.is_displayed(), top
        driver.save_screenshot(str(tmp_path / "london.png"))
        driver.set_window_size(390, 844)
        for number in (kinds_played.running, kinds_played.won, kinds_played.ifmud):
            driver.get(base + f"games/{number}.html")
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth"
            )
            assert overflow <= 0, f"game {number}'s page is wider than a phone"
    for shot in ("ifmud.png", "london.png"):
        assert (tmp_path / shot).stat().st_size > 10_000, shot


def test_rule_7_the_ifmud_chamber_page_links_the_rules_in_force(kinds_played: Kinds) -> None:
    site = _site(kinds_played)
    number = kinds_played.ifmud
    chamber = _page(site, f"games/{number}/chamber.html")
    assert f'id="rulebook" href="../{number}.html#rules"' in chamber
    assert 'id="rules"' in _page(site, f"games/{number}.html")


def test_rule_7_the_archive_prints_an_ended_ifmud_games_final_state_but_no_london_rack(
    kinds_played: Kinds,
) -> None:
    number = kinds_played.ifmud
    with kinds_played.factory() as session:
        game = session.scalars(select(Game).where(Game.number == number)).one()
        status, ended = game.status, game.ended_at
        game.status, game.ended_at = GameStatus.VOID, game.created_at
        session.commit()
    try:
        archive = _page(_site(kinds_played), "archive.html")
    finally:
        with kinds_played.factory() as session:
            game = session.scalars(select(Game).where(Game.number == number)).one()
            game.status, game.ended_at = status, ended
            session.commit()
    section = r'<section class="archived" id="mc-(\d+)">(.*?)</section>'
    found = re.findall(section, archive, re.S)
    sections = dict(found)
    state = IfmudState.parse(state_of(kinds_played.factory, number))
    shown = _text(sections[str(number)])
    assert "Final GSD" in shown and _text(state.render()) in shown, "its public view, rule 7"
    won = LondonState.parse(state_of(kinds_played.factory, kinds_played.won))
    assert "<pre" not in sections[str(kinds_played.won)]
    racked = {card for seat in won.seats for card in seat.rack if card}
    assert not any(card in _text(sections[str(kinds_played.won)]) for card in racked)


def test_each_game_is_named_by_its_own_kinds_tag_in_the_index_archive_and_its_pages(
    kinds_played: Kinds,
) -> None:
    """A page names a game as its mail does (``referee.games.tags``): One Day in London's
    ``ODL 1`` and ifMUD Nomic's ``ifMUD 3``, not Mornington Nomic's ``MC``."""
    site = _site(kinds_played)
    running, won, ifmud = kinds_played.running, kinds_played.won, kinds_played.ifmud
    index = _page(site, "index.html")
    for tag, number in (("ODL", running), ("ODL", won), ("ifMUD", ifmud)):
        assert f'<a href="games/{number}.html">{tag} {number}</a>' in index
    assert f'<a href="games/{won}.html">ODL {won}</a>' in _page(site, "archive.html")
    assert f"<h1>ifMUD {ifmud}" in _page(site, f"games/{ifmud}.html")
    assert f"<h1>The chamber of ifMUD {ifmud}</h1>" in _page(site, f"games/{ifmud}/chamber.html")
    assert f"<h1>ODL {running}" in _page(site, f"games/{running}.html")
    assert "MC " not in _without_svg(index)
