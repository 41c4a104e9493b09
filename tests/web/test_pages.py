"""Every page of the scripted games, rendered from the store on SQLite and on PostgreSQL.

The pages are public (issue 17), so beside what each must show there is what none may: an
address, a secret or its hash, a private word to the Speaker, a turn refused in private.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

from sqlalchemy import select

from referee.store.models import Game, InboxMessage, Player
from referee.web import reading
from referee.web.kinds import MorningtonNomic
from referee.web.site import Site
from tests.service.harness import declaring
from tests.web.games import SECRET_NOTE, Scripted


def _site(scripted: Scripted) -> Site:
    return Site(scripted.factory, base_url="https://games.example.org/mc/")


def _page(site: Site, path: str) -> str:
    rendered = site.render(path)
    assert rendered is not None, f"no page at {path}"
    return rendered.body.decode()


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_page_renders(scripted: Scripted) -> None:
    site = _site(scripted)
    paths = site.paths()
    assert {
        "index.html",
        "points.html",
        "archive.html",
        "games/1.html",
        "games/2.html",
        "games/3.html",
        "games/1/turn-22.html",
        "games/2/turn-4.html",
    } <= set(paths)
    assert "games/1/turn-2-taken-back-2.html" in paths or any(
        p.startswith("games/1/turn-2-taken-back-") for p in paths
    )
    for path in paths:
        assert site.render(path) is not None, path
    assert site.render("games/9.html") is None
    assert site.render("games/1/turn-99.html") is None


def test_the_list_of_games_shows_whose_turn_and_the_deadline(scripted: Scripted) -> None:
    index = _text(_page(_site(scripted), "index.html"))
    running = index[index.index("Running") : index.index("Forming")]
    forming = index[index.index("Forming") : index.index("Ended")]
    ended = index[index.index("Ended") :]
    assert "MC 2" in running and "MC 1" not in running
    assert "MC 3" in forming
    assert "MC 1" in ended
    assert f"won by {scripted.winner}" in ended
    with scripted.factory() as session:
        game = session.scalars(select(Game).where(Game.number == 2)).one()
    assert game.status == "running"


def test_the_game_page_shows_the_gsd_map_buzzes_settings_and_history(scripted: Scripted) -> None:
    site = _site(scripted)
    html = _page(site, "games/2.html")
    text = _text(html)
    with scripted.factory() as session:
        state = session.scalars(select(Game.state).where(Game.number == 2)).one()
    assert state is not None and state.splitlines()[0] in html
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
    first, *_, fourth = scripted.running_order
    assert f"{first}: Euston (VC)" in text and f"{fourth}: Upminster (DS)" in text
    assert "Upminster is not where that Move could end" in text
    assert "awaiting the buzzed player's concession or defence" in text
    assert "Normal game, Volume 1 rules" in text
    fourth_play = f"{fourth} : {declaring(fourth, 'Upminster (DS)')}"
    assert f'<a href="2/turn-4.html">Turn 4</a>: <code>{fourth_play}</code>' in html
    assert 'href="2/turn-1.html"' in html


def test_the_game_page_shows_the_readings_the_speaker_set_for_the_game(
    scripted: Scripted,
) -> None:
    """The readings a game is judged with are its own (stored with it when the Speaker made
    it), so its page lists those values and marks each that differs from the default; a game
    at the defaults marks none."""
    readings = re.compile(r'<ul id="readings">(.*?)</ul>', re.S)
    found = readings.search(_page(_site(scripted), "games/3.html"))
    assert found is not None
    items = re.findall(r"<li([^>]*)>(.*?)</li>", found.group(1), re.S)
    shown = {_text(body).split(":")[0]: (attributes, _text(body)) for attributes, body in items}
    assert shown["route revisits"] == (
        ' class="changed"',
        "route revisits: true (the default is false)",
    )
    assert shown["narg tolerance degrees"] == (
        ' class="changed"',
        "narg tolerance degrees: 10.0 (the default is 22.5)",
    )
    unchanged = [attributes for name, (attributes, _) in shown.items()
                 if name not in ("route revisits", "narg tolerance degrees")]  # fmt: skip
    assert unchanged and all('class="changed"' not in a for a in unchanged)
    assert shown["pass earns zone bonus"][1] == "pass earns zone bonus: true"
    running = readings.search(_page(_site(scripted), "games/2.html"))
    assert running is not None and 'class="changed"' not in running.group(1)
    assert "route revisits: false" in _text(running.group(1))


def test_a_games_pages_read_it_under_the_readings_the_speaker_set(scripted: Scripted) -> None:
    """The ruleset a game's pages read its GSDs and draw its routes under is the one its
    turns are judged under: the game's own readings, not the defaults, even before any
    amendment."""
    with scripted.factory() as session:
        row = reading.game(session, 3)
        assert row is not None
        judged = MorningtonNomic().judged_by(session, row, [])
    assert judged.settings.route_revisits is True
    assert judged.settings.narg_tolerance_degrees == 10.0
    with scripted.factory() as session:
        running = reading.game(session, 2)
        assert running is not None
        assert MorningtonNomic().judged_by(session, running, []).settings.route_revisits is False


def test_a_turn_page_shows_the_play_the_diff_and_the_route(scripted: Scripted) -> None:
    site = _site(scripted)
    html = _page(site, "games/1/turn-4.html")
    winner = scripted.winner
    assert f"{winner} : [LV+3] Tooting Broadway (NT)" in html
    assert '<span class="add">+' in html and '<span class="del">-' in html
    route = re.search(r'<g id="route".*?points="([^"]+)"', html, re.S)
    assert route is not None and len(route.group(1).split()) == 4, (
        "Morden to Tooting Broadway, LV 3"
    )
    assert 'rel="prev" href="turn-3.html"' in html and 'rel="next" href="turn-5.html"' in html
    taken = next(p for p in site.paths() if "taken-back" in p)
    assert "took this turn back (rule 1.3.3)" in _page(site, taken)


def test_1_1_9_the_points_page_names_the_grandmaster(scripted: Scripted) -> None:
    text = _text(_page(_site(scripted), "points.html"))
    assert f"{scripted.winner} 2" in text
    assert f"Grandmaster: {scripted.winner}" in text
    for loser in scripted.won_order[1:]:
        assert f"{loser} 0" in text


def test_1_1_5_the_game_archive_holds_each_ended_games_final_gsd(scripted: Scripted) -> None:
    html = _page(_site(scripted), "archive.html")
    with scripted.factory() as session:
        final = session.scalars(select(Game.state).where(Game.number == 1)).one()
    assert final is not None
    assert final.splitlines()[0] in html and "MC 2" not in html
    assert f"won by {scripted.winner}" in html


def test_no_page_shows_what_a_player_may_not_see(scripted: Scripted) -> None:
    site = _site(scripted)
    with scripted.factory() as session:
        addresses = list(session.scalars(select(Player.address)))
        hashes = [h for h in session.scalars(select(Player.secret_hash)) if h]
        raw = [m.raw for m in session.scalars(select(InboxMessage))]
    assert addresses and raw
    for path in site.paths():
        body = _page(site, path)
        for address in addresses:
            assert address not in body, (path, address)
        for secret in hashes:
            assert secret not in body, path
        assert SECRET_NOTE not in body and "scrypt$" not in body, path
        assert "Hugo" not in body, f"{path} names a player whose application is not decided"
        assert "Message-ID" not in body and "Secret:" not in body, path


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if (name in ("href", "src") and value and tag != "link") or (
                tag == "link"
                and name == "href"
                and value
                and not value.startswith("data:")
                and dict(attrs).get("rel") != "canonical"
            ):
                self.links.append(value or "")


def test_the_static_build_writes_every_page_and_every_link_resolves(
    scripted: Scripted, tmp_path: Path
) -> None:
    site = _site(scripted)
    written = site.build(tmp_path)
    assert len(written) == len(site.paths())
    checked = 0
    for page in tmp_path.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.links, page
        for link in parser.links:
            target, _ = urldefrag(link)
            assert "://" not in target and not target.startswith("/"), (page, link)
            resolved = (page.parent / target).resolve()
            assert resolved.is_file() and tmp_path.resolve() in resolved.parents, (page, link)
            checked += 1
    assert checked > 100
