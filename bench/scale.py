"""1,000 concurrent games through the SMTP path on PostgreSQL, with two runners.

A throwaway PostgreSQL database holds 1,000 games (``--games``), each at the opening of the
scripted game (``tests/engine/scripted.py``) with the same five players seated, each with its
own lounge address. The service runs as an operator would run it on one machine with two
runners: one process runs everything ``referee serve`` runs (listener, runner, sender,
deadlines), a second process runs a second runner on the same database (``FOR UPDATE SKIP
LOCKED`` shares the inbox). Both judge with the rules engine.

Load (closed loop): every game has one turn in flight. ``--clients`` SMTP connections mail
each game's next play (from the player whose Turn it is) as soon as the lounge post of the
game's previous play reaches the sink standing in for the relay. After ``--warmup`` seconds,
lounge posts are counted for ``--seconds``: the sustained turns per second, and the reply
latency (SMTP transaction start to the lounge post at the relay; with every game waiting its
turn it is mostly queueing: about games / rate, by Little's law). Then an open-loop phase mails
turns at a fixed rate (``--rate``, default half the sustained rate) to show the reply latency
of a service that keeps up.

Baseline in the same run: the engine alone judging the same plays in one process (turns per
second), and the listener alone committing the same messages (accepted per second), so the
figure says which of the two limits the whole.

Run: ``.venv/bin/python bench/scale.py [--pg-server URL] [--games 1000] [--seconds 60]``
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import multiprocessing
import os
import pstats
import queue
import re
import smtplib
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiosmtpd.controller import Controller
from sqlalchemy import Engine, create_engine, event, insert, text

from referee.config import Settings
from referee.engine.ruleset import VANILLA
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.service.app import Service
from referee.service.engine_desk import EngineDesk
from referee.service.runner import Runner
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Game, Membership
from referee.store.wall_clock import utcnow
from tests.engine.scripted import scripted_game

REFEREE = "referee@example.org"
TARGET = 100.0
APPLIED = re.compile(r"\] Turn \d+: ")


def lounge(number: int) -> str:
    return f"mc{number}@lounge.example.org"


def address(name: str) -> str:
    return f"{name.lower()}@players.example.org"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def pg_database(server: str) -> Iterator[str]:
    """A throwaway PostgreSQL database on ``server``, dropped afterwards."""
    name = f"referee_scale_{uuid.uuid4().hex[:10]}"
    admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{server}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def seed(url: str, start: GSD, count: int) -> None:
    """``count`` games at the scripted opening, the same five players seated in each."""
    engine = make_engine(url)
    upgrade(engine)
    index = VANILLA.action_index()
    now = utcnow()
    with sessions(engine).begin() as session:
        names = start.player_names[1:]  # the Drone has no seat
        players = [games.add_player(session, name, address(name)) for name in names]
        session.flush()
        rows = [
            {
                "number": number,
                "name": f"Scale {number}",
                "lounge_address": lounge(number),
                "version": 1,
                "turn_number": 0,
                "state": start.model_copy(update={"game": number}).render(index),
                "created_at": now,
                "started_at": now,
                "dice_seed": os.urandom(32).hex(),
            }
            for number in range(1, count + 1)
        ]
        ids = session.scalars(insert(Game).returning(Game.id), rows).all()
        session.execute(
            insert(Membership),
            [
                {"game_id": game_id, "player_id": player.id, "seat": seat}
                for game_id in ids
                for seat, player in enumerate(players, start=1)
            ],
        )
    engine.dispose()


def settings(url: str, port: int, relay: int) -> Settings:
    return Settings(
        _env_file=None,
        database_url=url,
        address=REFEREE,
        smtp_port=port,
        relay_port=relay,
        worker_poll_seconds=0.02,
        daily_reply_cap=10**6,
    )


class Meter:
    """What one runner spends its time on, counted in its own process while the bench says:
    messages finished, the wall time spent on them (busy), the runner thread's CPU time
    within that (reading, judging, rendering: Python's work), and the statements sent with
    the wall time spent waiting for their answers (the database's round trips). Busy time
    that is neither is the thread waiting for a core or for the GIL."""

    def __init__(self, engine: Engine, thread: str | None = None) -> None:
        self.thread = thread
        self.statements = 0
        self.waited = 0.0
        self.messages = 0
        self.cpu = 0.0
        self.busy = 0.0
        self.wall = 0.0
        self.counting = False
        self._began: dict[int, float] = {}
        event.listen(engine, "before_cursor_execute", self._before)
        event.listen(engine, "after_cursor_execute", self._after)

    def _mine(self) -> bool:
        here = threading.current_thread().name
        return self.counting and (self.thread is None or here == self.thread)

    def _before(self, conn: Any, *_args: Any) -> None:
        if self._mine():
            self._began[id(conn)] = time.perf_counter()

    def _after(self, conn: Any, *_args: Any) -> None:
        began = self._began.pop(id(conn), None)
        if began is not None:
            self.statements += 1
            self.waited += time.perf_counter() - began

    def wrap(self, runner: Runner, profile: str | None) -> None:
        """Measure each message ``runner`` takes; with ``profile``, run the runner under
        cProfile and write its statistics to that file at the end."""
        process_one, run = runner.process_one, runner.run

        def counted() -> bool:
            cpu, wall = time.thread_time(), time.perf_counter()
            busy = process_one()
            if busy and self.counting:
                self.messages += 1
                self.cpu += time.thread_time() - cpu
                self.busy += time.perf_counter() - wall
            return busy

        def measured(stop: threading.Event, wake: threading.Event) -> None:
            profiler = cProfile.Profile() if profile else None
            if profiler is not None:
                profiler.enable()
            try:
                run(stop, wake)
            finally:
                if profiler is not None:
                    profiler.disable()
                    profiler.dump_stats(profile)

        runner.process_one = counted  # type: ignore[method-assign]
        runner.run = measured  # type: ignore[method-assign]

    def follow(self, control: Any, results: Any, name: str) -> None:
        """Count while the bench's ``control`` event is set; then send the figures back."""
        control.wait()
        self.counting, began = True, time.perf_counter()
        while control.is_set():
            time.sleep(0.05)
        self.counting, self.wall = False, time.perf_counter() - began
        results.put(
            (
                name,
                {
                    "messages": self.messages,
                    "statements": self.statements,
                    "waited": self.waited,
                    "cpu": self.cpu,
                    "busy": self.busy,
                    "wall": self.wall,
                },
            )
        )


def serve(
    url: str, port: int, relay: int, ready: Any, stop: Any, control: Any, results: Any,
    profile: str | None,
) -> None:  # fmt: skip
    """The first process: everything ``referee serve`` runs."""
    service = Service(settings(url, port, relay))
    meter = Meter(service.engine, thread="runner")
    meter.wrap(service.runner, profile and f"{profile}/serve-runner.prof")
    threading.Thread(target=meter.follow, args=(control, results, "service"), daemon=True).start()
    service.start()
    ready.set()
    stop.wait()
    service.stop()


def second_runner(
    url: str, port: int, relay: int, ready: Any, stop: Any, control: Any, results: Any,
    profile: str | None,
) -> None:  # fmt: skip
    """The second process: one more runner on the same inbox."""
    config = settings(url, port, relay)
    engine = make_engine(url)
    runner = Runner(sessions(engine), config, EngineDesk())
    meter = Meter(engine)
    meter.wrap(runner, profile and f"{profile}/second-runner.prof")
    done = threading.Event()
    watcher = threading.Thread(target=lambda: (stop.wait(), done.set()), daemon=True)
    watcher.start()
    threading.Thread(target=meter.follow, args=(control, results, "second"), daemon=True).start()
    ready.set()
    runner.run(done, threading.Event())
    engine.dispose()


@dataclass
class Load:
    """The players' side: which game waits to mail its next play, and what came back."""

    plays: list[tuple[str, str]]
    ready: queue.Queue[int] = field(default_factory=queue.Queue)
    pending: dict[str, tuple[int, float]] = field(default_factory=dict)
    next_play: dict[int, int] = field(default_factory=dict)
    answers: list[tuple[float, float, bool]] = field(default_factory=list)
    """(arrival time, latency, applied) per answer."""
    refusals: list[str] = field(default_factory=list)
    closed_loop: bool = True
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        now = time.perf_counter()
        head = envelope.content.split(b"\r\n\r\n", 1)[0].decode("utf-8", "replace")
        head = head.replace("\r\n ", " ").replace("\r\n\t", " ")
        replying = re.search(r"^In-Reply-To:\s*(\S+)", head, re.MULTILINE | re.IGNORECASE)
        subject = re.search(r"^Subject:\s*(.*)$", head, re.MULTILINE | re.IGNORECASE)
        with self.lock:
            sent = self.pending.pop(replying.group(1), None) if replying else None
            if sent is None:
                return "250 OK"
            game, began = sent
            applied = bool(subject and APPLIED.search(subject.group(1)))
            self.answers.append((now, now - began, applied))
            if not applied and len(self.refusals) < 5:
                self.refusals.append(subject.group(1) if subject else "(no subject)")
        if applied and self.closed_loop:
            self.ready.put(game)
        return "250 OK"

    def message(self, game: int) -> tuple[str, bytes] | None:
        with self.lock:
            turn = self.next_play.get(game, 0)
            if turn >= len(self.plays):
                return None
            self.next_play[game] = turn + 1
        player, play = self.plays[turn]
        key = f"<{uuid.uuid4().hex}@players.example.org>"
        raw = (
            f"From: {player} <{address(player)}>\r\nTo: {lounge(game)}\r\n"
            f"Subject: [MC {game}] my turn\r\nMessage-ID: {key}\r\n\r\n{play}\r\n"
        ).encode()
        return key, raw

    def mail(self, port: int, stop: threading.Event) -> None:
        """One SMTP connection mailing whichever game is ready next."""
        client = smtplib.SMTP("127.0.0.1", port)
        while not stop.is_set():
            try:
                game = self.ready.get(timeout=0.2)
            except queue.Empty:
                continue
            made = self.message(game)
            if made is None:
                continue
            key, raw = made
            with self.lock:
                self.pending[key] = (game, time.perf_counter())
            player = raw.split(b"<", 1)[1].split(b">", 1)[0].decode()
            try:
                client.sendmail(player, [lounge(game)], raw)
            except smtplib.SMTPException:
                client = smtplib.SMTP("127.0.0.1", port)
                client.sendmail(player, [lounge(game)], raw)
        with contextlib.suppress(smtplib.SMTPException, OSError):
            client.quit()

    def window(self, since: float, until: float) -> tuple[int, list[float]]:
        with self.lock:
            inside = [(lat, ok) for at, lat, ok in self.answers if since <= at < until]
        return sum(ok for _, ok in inside), [lat for lat, ok in inside if ok]


def latency_text(latencies: list[float]) -> str:
    if not latencies:
        return "no answers"
    ms = sorted(x * 1000 for x in latencies)
    return (
        f"median {statistics.median(ms):.0f} ms, p99 {ms[max(0, int(len(ms) * 0.99) - 1)]:.0f} ms"
    )


def engine_alone(start: GSD, plays: list[Any], games_count: int, turns: int) -> float:
    """Turns per second judging the opening plays in one process, as the games play them."""
    gsd, times = start, []
    for play in plays[:turns]:
        began = time.perf_counter()
        result = adjudicate(gsd, play, VANILLA)
        times.append(time.perf_counter() - began)
        gsd = result.state
    return len(times) / sum(times)


def listener_alone(url: str, load: Load, count: int, clients: int) -> float:
    """Messages per second the listener alone commits to this database, the same messages."""
    from referee.mail.listener import InboxHandler, make_listener

    engine = make_engine(url)
    handler = InboxHandler(sessions(engine), {REFEREE})
    port = free_port()
    listener = make_listener(handler, "127.0.0.1", port, 10**6)
    listener.start()
    messages = [load.message(1 + n % 1000) for n in range(count)]
    load.next_play.clear()
    chunks = [messages[k::clients] for k in range(clients)]

    def send(chunk: list[tuple[str, bytes] | None]) -> None:
        with smtplib.SMTP("127.0.0.1", port) as client:
            for made in chunk:
                assert made is not None
                client.sendmail("rushton@players.example.org", [REFEREE], made[1])

    began = time.perf_counter()
    threads = [threading.Thread(target=send, args=(chunk,)) for chunk in chunks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rate = count / (time.perf_counter() - began)
    listener.stop()
    handler.close()
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM inbox"))
    engine.dispose()
    return rate


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-server", default="postgresql+psycopg://postgres@127.0.0.1:5432")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, help="open-loop turns/s (default: half sustained)")
    parser.add_argument("--open-seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--profile", metavar="DIR", help="run both runners under cProfile; write and summarise"
    )
    args = parser.parse_args()
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
    VANILLA.prepare()
    start, final = scripted_game(60, args.seed, win=False)
    index = VANILLA.action_index()
    plays = list(final.plays[len(start.plays) :])
    load = Load([(play.player, play.render(index)) for play in plays])
    print(f"{args.games} games, two runners, PostgreSQL; load average {load_average()}")
    baseline = engine_alone(start, plays, args.games, len(plays))
    print(f"  baseline: engine alone, one process, the same plays: {baseline:7.1f} turns/s")
    context = multiprocessing.get_context("spawn")
    with pg_database(args.pg_server) as url:
        seed(url, start, args.games)
        accepted = listener_alone(url, load, 2000, args.clients)
        print(f"  baseline: listener alone, {args.clients} clients:          {accepted:7.1f} msg/s")
        load.next_play.clear()
        relay = Controller(load, hostname="127.0.0.1", port=free_port())
        relay.start()
        port = free_port()
        stop, control, results = context.Event(), context.Event(), context.Queue()
        ready = [context.Event(), context.Event()]
        common = (stop, control, results, args.profile)
        workers = [
            context.Process(target=serve, args=(url, port, relay.port, ready[0], *common)),
            context.Process(target=second_runner, args=(url, port, relay.port, ready[1], *common)),
        ]
        for worker in workers:
            worker.start()
        for event in ready:
            event.wait(120)
        halt = threading.Event()
        mailers = [
            threading.Thread(target=load.mail, args=(port, halt), daemon=True)
            for _ in range(args.clients)
        ]
        for mailer in mailers:
            mailer.start()
        began = time.perf_counter()
        for game in range(1, args.games + 1):
            load.ready.put(game)
        time.sleep(args.warmup)
        since = time.perf_counter()
        control.set()
        time.sleep(args.seconds)
        control.clear()
        until = time.perf_counter()
        applied, latencies = load.window(since, until)
        measured = dict(results.get(timeout=30) for _ in workers)
        sustained = applied / (until - since)
        print(
            f"  closed loop ({args.games} games in flight, {args.clients} SMTP clients), "
            f"{args.seconds:.0f} s after {args.warmup:.0f} s warm-up:"
        )
        print(
            f"    sustained {sustained:7.1f} turns/s = {sustained / baseline:.2f} x the engine"
            f" alone; reply latency {latency_text(latencies)}; target {TARGET:.0f} turns/s:"
            f" {'met' if sustained >= TARGET else 'NOT met'}; load average {load_average()}"
        )
        print_runners(measured)
        load.closed_loop = False
        rate = args.rate or max(1.0, sustained / 2)
        drained = time.perf_counter() + 300  # let the turns in flight be answered first
        while load.pending and time.perf_counter() < drained:
            time.sleep(0.5)
        since = time.perf_counter()
        game, every = 0, 1.0 / rate
        while time.perf_counter() - since < args.open_seconds:
            load.ready.put(1 + game % args.games)
            game += 1
            time.sleep(every)
        until = time.perf_counter()
        time.sleep(5.0)
        applied, latencies = load.window(since, until + 5.0)
        print(
            f"  open loop at {rate:.1f} turns/s for {args.open_seconds:.0f} s: {applied} applied,"
            f" reply latency {latency_text(latencies)}; load average {load_average()}"
        )
        if load.refusals:
            print(f"  refused (first few): {load.refusals}")
        halt.set()
        stop.set()
        for worker in workers:
            worker.join(30)
        relay.stop()
        print(f"  whole run {time.perf_counter() - began:.0f} s")
        if args.profile:
            for name in ("serve-runner", "second-runner"):
                print_profile(Path(args.profile) / f"{name}.prof")


def print_runners(measured: dict[str, dict[str, float]]) -> None:
    """Per runner, per message finished in the closed loop: where its time went."""
    print("    per runner, per message (closed loop):")
    for name, m in sorted(measured.items()):
        n = max(1, int(m["messages"]))
        other = m["busy"] - m["cpu"] - m["waited"]
        print(
            f"      {name:8}: {int(m['messages']):5} messages, {m['statements'] / n:4.1f}"
            f" statements; busy {1000 * m['busy'] / n:5.1f} ms = CPU {1000 * m['cpu'] / n:5.1f}"
            f" + database {1000 * m['waited'] / n:5.1f} + other {1000 * other / n:5.1f}"
            f"; busy {100 * m['busy'] / max(m['wall'], 1e-9):3.0f}% of the window"
        )


def print_profile(path: Path, top: int = 18) -> None:
    """The functions that took the most time in one runner (its own time, then cumulative)."""
    if not path.exists():
        print(f"  no profile at {path}")
        return
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(str(path), stream=out).strip_dirs().sort_stats(order).print_stats(top)
        body = out.getvalue()
        print(f"  --- {path.stem}, by {order} ---")
        print(body[body.index("ncalls") :].rstrip() if "ncalls" in body else body)


if __name__ == "__main__":
    main()
