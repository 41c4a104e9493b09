"""End-to-end turn latency with the rules engine behind the desk, on a game of 1,000 plays.

A scripted game (``tests/engine/scripted.py``, five players, seeded) is played to 1,000 plays;
that GSD is stored as game MC 1's state with its players registered and seated, as an operator
would find a long game. Then the next plays (``--turns``) are mailed one at a time, each by the
player whose Turn it is, to the whole service as ``referee serve`` runs it: the SMTP listener,
the runner with the rules engine behind the desk (``EngineDesk``), the sender, SQLite at
``synchronous=FULL`` (the default). A sink standing in for the relay notes when the lounge post
of each Turn arrives. Latency runs from the start of the SMTP transaction to that arrival.

Baselines, measured in the same run on the same plays from the same state:

- the engine alone: ``adjudicate`` with the history handed on (its warm path);
- the desk alone: ``EngineDesk.submit`` on the stored GSD text and the mailed play, rendering
  the new GSD, as the runner calls it.

Prints median and p99 of each; the target is an end-to-end p99 under 100 ms.

Run: ``.venv/bin/python bench/game.py [--plays 1000] [--turns 200] [--seed 7]``
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import smtplib
import statistics
import sys
import tempfile
import threading
import time
import uuid
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiosmtpd.controller import Controller

from referee.config import Settings
from referee.engine.ruleset import VANILLA
from referee.engine.turn import adjudicate
from referee.games.mornington import NoEngineDesk
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.service.app import Service
from referee.service.desk import GameView, PlayerView
from referee.service.engine_desk import EngineDesk
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.wall_clock import utcnow
from tests.engine.scripted import scripted_game

LOUNGE = "mc1@lounge.example.org"
REFEREE = "referee@example.org"
TARGET_P99_MS = 100.0


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def address(name: str) -> str:
    return f"{name.lower()}@players.example.org"


def figures(name: str, seconds: list[float], baseline: float | None = None) -> float:
    """Print median and p99 in ms (and the median's ratio to ``baseline``); the p99."""
    ms = sorted(s * 1000 for s in seconds)
    median, p99 = statistics.median(ms), ms[max(0, int(len(ms) * 0.99) - 1)]
    ratio = f"  median x{median / baseline:.1f} of the engine alone" if baseline else ""
    print(f"  {name:<44} median {median:7.2f} ms  p99 {p99:7.2f} ms{ratio}")
    return p99


def engine_alone(start: GSD, plays: list[Play], at: int) -> tuple[GSD, list[float]]:
    """Adjudicate every play from the start; the state after ``at`` plays, and the times of
    the plays after it."""
    gsd, times = start, []
    for number, play in enumerate(plays):
        began = time.perf_counter()
        result = adjudicate(gsd, play, VANILLA)
        if number >= at:
            times.append(time.perf_counter() - began)
        assert result.legal, result.messages()
        gsd = result.state
        if number + 1 == at:
            long_game = gsd
    return long_game, times


def desk_alone(
    state: str, names: tuple[str, ...], texts: list[tuple[str, str]], at: int
) -> list[float]:
    desk = EngineDesk()
    times = []
    for number, (player, text) in enumerate(texts, start=at):
        view = GameView(1, number, number, state, names)
        began = time.perf_counter()
        outcome = desk.submit(view, PlayerView(player, address(player), 0), text)
        times.append(time.perf_counter() - began)
        assert outcome.verdict == "legal" and outcome.new_state, outcome
        state = outcome.new_state
    return times


class TimedSink:
    """The relay stand-in: when each reply arrived, by the Message-ID it answers."""

    def __init__(self) -> None:
        self.arrived: dict[str, tuple[float, str]] = {}
        self.condition = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        now = time.perf_counter()
        headers = envelope.content.split(b"\r\n\r\n", 1)[0].decode("utf-8", "replace")
        replying = subject = ""
        for line in headers.replace("\r\n ", " ").split("\r\n"):
            name, _, value = line.partition(":")
            if name.lower() == "in-reply-to":
                replying = value.strip()
            elif name.lower() == "subject":
                subject = value.strip()
        with self.condition:
            self.arrived[replying] = (now, subject)
            self.condition.notify_all()
        return "250 OK"


def seed(url: str, gsd: GSD, at: int) -> None:
    """Game MC 1 holding the long game's GSD, its players seated in order."""
    engine = make_engine(url)
    upgrade(engine)
    with sessions(engine).begin() as session:
        game = games.create_game(session, 1, LOUNGE, utcnow(), name="Long game")
        for seat, name in enumerate(gsd.player_names[1:], start=1):  # the Drone has no seat
            games.join(session, game, games.add_player(session, name, address(name)), seat)
        game.state = gsd.render(VANILLA.action_index())
        game.turn_number = at
        game.version = 1
        game.started_at = utcnow()
        game.dice_seed = secrets.token_hex(32)
    engine.dispose()


def end_to_end(
    url: str, texts: list[tuple[str, str]], synchronous: str, *, engine: bool = True
) -> list[float]:
    """Mail each play and wait for its answer at the relay; the latencies. Without
    ``engine`` the desk judges nothing (``NoEngineDesk``) and each answer is the private
    'received, not adjudicated': the mail path alone."""
    sink = TimedSink()
    relay = Controller(sink, hostname="127.0.0.1", port=free_port())
    relay.start()
    port = free_port()
    settings = Settings(
        _env_file=None,
        database_url=url,
        address=REFEREE,
        smtp_port=port,
        relay_port=relay.port,
        daily_reply_cap=len(texts) + 10,
        sqlite_synchronous=synchronous,
    )
    service = Service(settings, desk=None if engine else NoEngineDesk())
    service.start()
    latencies = []
    tag = uuid.uuid4().hex
    try:
        with smtplib.SMTP("127.0.0.1", port) as client:
            for n, (player, text) in enumerate(texts):
                key = f"<{tag}-{n}@players.example.org>"
                message = (
                    f"From: {player} <{address(player)}>\r\nTo: {LOUNGE}\r\n"
                    f"Subject: [MC 1] my turn\r\nMessage-ID: {key}\r\n\r\n{text}\r\n"
                ).encode()
                began = time.perf_counter()
                client.sendmail(address(player), [LOUNGE], message)
                with sink.condition:
                    if not sink.condition.wait_for(partial(sink.arrived.__contains__, key), 30):
                        raise SystemExit(f"no answer to {text!r} within 30 s")
                    arrived, subject = sink.arrived[key]
                if engine and re.search(r"\] Turn \d+: ", subject) is None:
                    raise SystemExit(f"{text!r} was answered {subject!r}, not applied")
                latencies.append(arrived - began)
    finally:
        service.stop()
        relay.stop()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=1000, help="plays in the game already")
    parser.add_argument("--turns", type=int, default=200, help="turns mailed and timed")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    VANILLA.prepare()
    began = time.perf_counter()
    start, final = scripted_game(args.plays + args.turns, args.seed, win=False)
    start = start.model_copy(update={"game": 1, "turn": 1})
    plays = list(final.plays[len(start.plays) :])
    index = VANILLA.action_index()
    texts = [(play.player, play.render(index)) for play in plays[args.plays :]]
    long_game, engine = engine_alone(start, plays, args.plays)
    print(
        f"a scripted game of {args.plays} plays (seed {args.seed}, made in"
        f" {time.perf_counter() - began:.0f} s); the next {args.turns} plays timed;"
        f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    engine_median = statistics.median(engine) * 1000
    figures("baseline: engine alone (adjudicate, warm)", engine)
    names = long_game.player_names
    state = long_game.render(index)
    figures(
        "baseline: desk alone (EngineDesk.submit)",
        desk_alone(state, names, texts, args.plays),
        engine_median,
    )
    p99 = 0.0
    with tempfile.TemporaryDirectory() as folder:
        runs = (("FULL", False), ("FULL", True), ("NORMAL", True))
        for number, (synchronous, engine) in enumerate(runs):
            url = f"sqlite:///{Path(folder) / f'long-game-{number}.sqlite3'}"
            seed(url, long_game, args.plays)
            what = "lounge post" if engine else "answer, no engine (mail path alone)"
            latencies = end_to_end(url, texts, synchronous, engine=engine)
            figure = figures(f"SMTP in -> {what} at the relay, SQLite {synchronous}", latencies)
            if engine and synchronous == "FULL":
                p99 = figure
    verdict = "met" if p99 < TARGET_P99_MS else "NOT met"
    print(f"  target: end-to-end p99 at FULL under {TARGET_P99_MS:.0f} ms: {verdict}")
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
