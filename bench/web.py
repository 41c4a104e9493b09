"""Page render times for a game of 1,000 turns, beside a static-file baseline of the same run.

A seeded five-player game of ``--turns`` Turns (``tests/engine/scripted.py``, every Turn
adjudicated by the engine) is stored as the mail service stores one: a game row with its GSD
and a turn row per Turn with the GSDs before and after. Then, in the same run:

- in process, :meth:`Site.render` for the game page, three turn pages and the list of games:
  cold (a fresh site: every GSD parsed, every map drawn), re-rendered (the page cache dropped,
  as when a new turn moves the game's stamp, the parsed GSDs and maps kept) and warm (served
  from the page cache after the stamp check's queries);
- in process, the same three figures for the page of each other kind the site draws, stored
  in the same database: an ifMUD Nomic game of the kind's scripted game (some 100 postings,
  every one a turn row with its states) and a One Day in London game half way through its
  winning plan (``tests/service/odil_plan.py``);
- over HTTP on loopback, the live game page from ``referee web``'s server (uvicorn) beside the
  very same page written by ``referee web build`` and served as a static file by the same
  stack (Starlette's StaticFiles on uvicorn): the baseline.

Target (issue 17): a page of a 1,000-turn game renders in under 50 ms.

Run: ``.venv/bin/python bench/web.py [--turns 1000] [--repeat 30]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy.orm import Session, sessionmaker
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from referee.engine.turn import adjudicate
from referee.games.ifmud.kind import NAME as IFMUD
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState as IfmudState
from referee.games.kind import GameView, PlayerView
from referee.games.one_day_in_london.kind import NAME as LONDON
from referee.games.one_day_in_london.moves import parse_move
from referee.games.one_day_in_london.rules import apply, new_game
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.web.app import make_app
from referee.web.reading import close, read_only_sessions
from referee.web.server import WebServer
from referee.web.site import Site
from tests.conftest import free_port
from tests.engine.scripted import scripted_game
from tests.games.ifmud import test_scripted_game as ifmud_script
from tests.service.odil_plan import plan

START = datetime(2026, 1, 5, 9, 0)


class Stored:
    """A stored game and the one legal turn kept back, to land while pages are cached."""

    def __init__(self, url: str, turns: int, seed: int) -> None:
        start, final = scripted_game(turns + 1, seed, win=False)
        self.engine = make_engine(url, sqlite_synchronous="OFF")
        upgrade(self.engine)
        self.factory = sessions(self.engine)
        self.steps: list[tuple[int, str, str, str]] = []
        state, before = start, start.render()
        for number, play in enumerate(final.plays):
            result = adjudicate(state, play)
            assert result.legal, play.render()
            after = result.state.model_copy(update={"game": 1, "turn": number + 2}).render()
            self.steps.append((number, play.player, play.render(), after))
            state = result.state
        with self.factory.begin() as session:
            game = games.create_game(session, 1, "mc1@lounge.example.org", START, state=before)
            game.status, game.started_at = "running", START
            self.game_id = game.id
            self.ids = {}
            for seat, row in enumerate(start.players):
                player = games.add_player(session, row.name, f"p{seat}@example.org")
                games.join(session, game, player, seat)
                self.ids[row.name] = player.id
        self.before = before
        for _ in range(turns):
            self.land()

    def land(self) -> None:
        """Record the next turn as the mail service does (one transaction)."""
        number, player, play, after = self.steps.pop(0)
        with self.factory.begin() as session:
            games.record_turn(
                session,
                game_id=self.game_id,
                judged_version=number,
                player_id=self.ids[player],
                inbox_id=None,
                raw_text=play,
                play=play,
                new_state=after,
                state_before=self.before,
                now=START + timedelta(hours=number),
            )
        self.before = after


def ifmud_turns() -> tuple[str, list[tuple[str, str, str, str]]]:
    """The ifMUD Nomic scripted game judged by its kind: the opening, and each legal
    posting as (player, posting, state before, state after)."""
    script = ifmud_script
    clock = script.Clock()
    kind = IfmudNomic(clock)
    text = opening = kind.opening(2, SEED_PLAYERS, random.Random(0))
    turns = []
    entries = script.OPENING + script.SECOND + script.rounds(14) + script.FINALE
    for number, entry in enumerate(entries, 1):
        if isinstance(entry, script.Agreed):
            text = entry(IfmudState.parse(text)).render()
            continue
        name, posting = entry
        state = IfmudState.parse(text)
        name = state.active or "" if name == script.ACTIVE else name
        if posting == "step":
            posting = script.step(state, name)
        if posting == "win":
            crown = next(t for t in state.tokens if t.name == "crown")
            posting = f"move to {crown.destination}\ndrop crown"
        clock.now = max(clock.now + timedelta(minutes=25), state.turn_began or clock.now)
        game = GameView(
            4, number, number, text, SEED_PLAYERS, seed=script.SEED, draw=f"message {number}"
        )
        player = PlayerView(name, "", SEED_PLAYERS.index(name) + 1)
        judged = kind.judge(game, player, kind.read(game, posting), random.Random(0))
        assert judged.new_state is not None, (number, posting)
        turns.append((name, judged.play or posting, text, judged.new_state))
        text = judged.new_state
    return opening, turns


def store_other_kinds(factory: sessionmaker[Session]) -> None:
    """Game 2, ifMUD Nomic, with a turn row per posting; game 3, One Day in London, half
    way through its plan."""
    opening, turns = ifmud_turns()
    with factory.begin() as session:
        game = games.create_game(session, 2, "ifmud@lounge.example.org", START, state=opening)
        game.kind, game.status, game.started_at = IFMUD, "running", START
        ids = {}
        for seat, name in enumerate(SEED_PLAYERS, start=1):
            player = games.add_player(session, name, f"i{seat}@example.org")
            games.join(session, game, player, seat)
            ids[name] = player.id
        game_id = game.id
    for number, (name, play, before, after) in enumerate(turns):
        with factory.begin() as session:
            games.record_turn(
                session,
                game_id=game_id,
                judged_version=number,
                player_id=ids[name],
                inbox_id=None,
                raw_text=play,
                play=play,
                new_state=after,
                state_before=before,
                now=START + timedelta(hours=number),
            )
    people = ("Alice", "Bob", "Carol")
    state = new_game(people, "7" * 64)
    made = plan(state)
    for name, text in made.mails[: len(made.mails) // 2]:
        state = apply(state, name, parse_move(text))
    with factory.begin() as session:
        game = games.create_game(session, 3, "odil@lounge.example.org", START, state=state.render())
        game.kind, game.status, game.started_at = LONDON, "running", START
        game.turn_number = len(state.record)
        for seat, name in enumerate(people, start=1):
            games.join(session, game, games.add_player(session, name, f"o{seat}@example.org"), seat)


def timed(action: Callable[[], object], repeat: int) -> float:
    """The median of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        action()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        body: bytes = answer.read()
        return body


def _row(site: Site, page: str, label: str, repeat: int) -> str:
    """One page's line: its first render (cold), a render with the page cache emptied each
    time (re-render) and a render from the cache (warm), in ms."""
    t0 = time.perf_counter()
    assert site.render(page) is not None, page
    cold = (time.perf_counter() - t0) * 1000

    def again() -> None:
        site._pages.clear()
        site.render(page)

    rerender = timed(again, repeat)
    site.render(page)
    warm = timed(lambda: site.render(page), repeat)
    return f"{label:28} {cold:9.1f} {rerender:10.1f} {warm:9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-web-bench-") as name:
        run(args, Path(name))


def run(args: argparse.Namespace, folder: Path) -> None:
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    began = time.perf_counter()
    stored = Stored(url, args.turns, args.seed)
    print(f"stored a game of {args.turns} turns in {time.perf_counter() - began:.1f} s")

    factory = read_only_sessions(url)
    pages = [
        "games/1.html",
        "games/1/turn-1.html",
        f"games/1/turn-{args.turns // 2}.html",
        f"games/1/turn-{args.turns}.html",
        "index.html",
    ]
    site = Site(factory)
    print(f"{'page':28} {'cold':>9} {'re-render':>10} {'warm':>9}   (ms, in process)")
    for page in pages:
        print(_row(site, page, page, args.repeat))

    store_other_kinds(stored.factory)
    print("the other kinds' game pages, beside games/1.html above (ms, in process):")
    for page, what in (("games/2.html", "ifMUD"), ("games/3.html", "London")):
        print(_row(site, page, f"{page} ({what})", args.repeat))

    stored.land()
    newest = f"games/1/turn-{args.turns + 1}.html"
    print("a new turn lands; first request, then warm (ms):")
    for page in ["games/1.html", newest, f"games/1/turn-{args.turns // 2}.html", "index.html"]:
        t0 = time.perf_counter()
        assert site.render(page) is not None, page
        first = (time.perf_counter() - t0) * 1000
        warm = timed(lambda page=page: site.render(page), args.repeat)
        print(f"{page:28} {first:9.1f} {'':10} {warm:9.2f}")

    build = folder / "site"
    began = time.perf_counter()
    written = Site(factory).build(build)
    print(f"static build: {len(written)} files in {time.perf_counter() - began:.1f} s")

    live = WebServer(make_app(site), "127.0.0.1", free_port())
    static_app = Starlette(routes=[Mount("/", app=StaticFiles(directory=build))])
    static = WebServer(static_app, "127.0.0.1", free_port())
    live.start()
    static.start()
    try:
        print(f"{'over HTTP (ms, median)':28} {'live':>9} {'static':>10} {'ratio':>9}")
        for page in pages:
            assert fetch(live.url + page) == (build / page).read_bytes(), page
            live_ms = timed(lambda page=page: fetch(live.url + page), args.repeat)
            static_ms = timed(lambda page=page: fetch(static.url + page), args.repeat)
            print(f"{page:28} {live_ms:9.2f} {static_ms:10.2f} {live_ms / static_ms:9.2f}")
    finally:
        live.stop()
        static.stop()
        close(factory)
        stored.engine.dispose()
    size = len((build / "games/1.html").read_bytes())
    print(f"game page: {size / 1024:.0f} kB. Target: under 50 ms per page of a 1,000-turn game.")


if __name__ == "__main__":
    main()
