"""Mail throughput and latency, against a bare aiosmtpd baseline measured in the same run.

1. Acceptance rate: 8 client processes (``--clients``) stream messages over SMTP to (a)
   aiosmtpd with a handler that does nothing and (b) the referee's listener, which commits
   each message to a SQLite inbox (synchronous=FULL, then NORMAL) before its 250, one writer
   committing many sessions' messages in one transaction (group commit). Target: at least
   half the bare rate at FULL. Baseline and listener alternate, round by round, in one run.
2. End-to-end latency: one client sends turns one at a time to the whole service (listener,
   runner, sender; no engine behind the desk); a sink standing in for the relay notes when each
   reply arrives. Latency runs from the start of the SMTP transaction to the reply's arrival.
   Target: median under 50 ms.

Run: .venv/bin/python bench/mail.py [--messages N] [--clients K]
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import smtplib
import socket
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy import Engine, create_engine, text

from referee.config import Settings
from referee.mail.listener import InboxHandler, make_listener
from referee.service.app import Service
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.wall_clock import utcnow

LOUNGE = "mc12@lounge.example.org"
REFEREE = "referee@example.org"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Bare:
    """The baseline: aiosmtpd with a handler that accepts and forgets."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        return "250 OK"


def _message(tag: str, n: int, sender: str = "alice@example.org") -> bytes:
    return (
        f"From: Alice <{sender}>\r\nTo: {LOUNGE}\r\nSubject: [MC 12] turn {n}\r\n"
        f"Message-ID: <{tag}-{n}@bench.example.org>\r\n\r\nRushton : Euston (VC via: CN,NT)\r\n"
    ).encode()


def _client(port: int, count: int, go: Any, results: Any) -> None:
    tag = uuid.uuid4().hex
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.ehlo()
        go.wait()
        start = time.perf_counter()
        for n in range(count):
            client.sendmail("alice@example.org", [LOUNGE], _message(tag, n))
        results.put(time.perf_counter() - start)


def rate(port: int, messages: int, clients: int) -> tuple[float, float]:
    """Messages per second accepted, with ``clients`` processes each on one connection, and
    the CPU seconds this process (the server's threads; the clients are other processes)
    spent per message meanwhile."""
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    results = context.Queue()
    per = messages // clients
    workers = [
        context.Process(target=_client, args=(port, per, go, results)) for _ in range(clients)
    ]
    for worker in workers:
        worker.start()
    time.sleep(1.0)
    cpu = time.process_time()
    go.set()
    elapsed: float = max(results.get(timeout=300) for _ in workers)
    cpu = time.process_time() - cpu
    for worker in workers:
        worker.join()
    return per * clients / elapsed, cpu / (per * clients)


def _seed(engine: Engine) -> None:
    with sessions(engine).begin() as session:
        if games.game_by_number(session, 12) is not None:
            return
        game = games.create_game(session, 12, LOUNGE, utcnow())
        alice = games.add_player(session, "Alice", "alice@example.org")
        games.join(session, game, alice, 1)


def _seeded_database(folder: Path, name: str) -> str:
    url = f"sqlite:///{folder / name}"
    engine = make_engine(url)
    upgrade(engine)
    _seed(engine)
    engine.dispose()
    return url


@contextlib.contextmanager
def _pg_database(server: str) -> Iterator[str]:
    """A throwaway PostgreSQL database on ``server``, dropped afterwards."""
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{server}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _listener_rate(
    folder: Path, synchronous: str, messages: int, clients: int
) -> tuple[float, float]:
    if synchronous.startswith("postgresql"):
        engine = make_engine(synchronous)
        upgrade(engine)
        _seed(engine)
    else:
        engine = make_engine(
            _seeded_database(folder, f"rate-{uuid.uuid4().hex}.sqlite3"),
            sqlite_synchronous=synchronous,
        )
    port = free_port()
    handler = InboxHandler(sessions(engine), {REFEREE})
    listener = make_listener(handler, "127.0.0.1", port, 10**6)
    listener.start()
    try:
        return rate(port, messages, clients)
    finally:
        listener.stop()
        handler.close()
        engine.dispose()


def _load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _bare_rate(messages: int, clients: int) -> tuple[float, float]:
    port = free_port()
    bare = Controller(Bare(), hostname="127.0.0.1", port=port)
    bare.start()
    try:
        return rate(port, messages, clients)
    finally:
        bare.stop()


def measure_rates(
    folder: Path, messages: int, clients: int, rounds: int, pg_url: str | None
) -> None:
    """Alternate baseline and listener for several rounds; report each one's median, and the
    median of each round's ratio to the baseline measured just before it.

    The machine is shared, so load drifts during a run; alternating keeps the comparison fair,
    and a ratio within one round compares figures taken moments apart.
    """
    variants = ["FULL", "NORMAL"] + ([pg_url] if pg_url else [])
    figures: dict[str, list[float]] = {name: [] for name in ["bare", *variants]}
    ratios: dict[str, list[float]] = {name: [] for name in variants}
    cpu: dict[str, list[float]] = {name: [] for name in ["bare", *variants]}
    load_before = _load_average()
    for _ in range(rounds):
        bare, cpu_bare = _bare_rate(messages, clients)
        figures["bare"].append(bare)
        cpu["bare"].append(cpu_bare)
        for variant in variants:
            ours, cpu_ours = _listener_rate(folder, variant, messages, clients)
            figures[variant].append(ours)
            cpu[variant].append(cpu_ours)
            ratios[variant].append(ours / bare)
    baseline = statistics.median(figures["bare"])
    print(
        f"acceptance, {clients} client processes x {messages // clients} messages, "
        f"median of {rounds} alternating rounds; load average before {load_before},"
        f" after {_load_average()}:"
    )
    print(f"  bare aiosmtpd (handler does nothing):       {baseline:6.0f} msg/s")
    cpu_bare = statistics.median(cpu["bare"])
    for variant in variants:
        ours = statistics.median(figures[variant])
        label = "PostgreSQL" if variant.startswith("postgresql") else f"SQLite {variant}"
        each = ", ".join(f"{r:.2f}" for r in ratios[variant])
        over = sum(r >= 0.5 for r in ratios[variant])
        print(
            f"  referee listener, {label:<24}: {ours:6.0f} msg/s"
            f" = {statistics.median(ratios[variant]):.2f} x bare, median of rounds ({each};"
            f" {over} of {rounds} at 0.50 or over); target >= 0.50"
        )
    print(
        "  server CPU per message (load-independent; on a machine short of CPU the ratio"
        " tends to bare/ours):"
    )
    print(f"    bare aiosmtpd {1e6 * cpu_bare:6.0f} us")
    for variant in variants:
        ours = statistics.median(cpu[variant])
        label = "PostgreSQL" if variant.startswith("postgresql") else f"SQLite {variant}"
        print(f"    {label:<13} {1e6 * ours:6.0f} us = bare / {ours / cpu_bare:.2f}")


class TimedSink:
    """The relay stand-in: notes when each reply arrives, keyed by the turn it answers."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.condition = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        now = time.perf_counter()
        for line in envelope.content.split(b"\r\n"):
            if line.lower().startswith(b"in-reply-to:"):
                with self.condition:
                    self.arrived[line.split(b":", 1)[1].strip().decode()] = now
                    self.condition.notify_all()
                break
        return "250 OK"


def measure_latency(folder: Path, turns: int) -> None:
    sink = TimedSink()
    relay_port = free_port()
    relay = Controller(sink, hostname="127.0.0.1", port=relay_port)
    relay.start()
    port = free_port()
    settings = Settings(
        _env_file=None,
        database_url=_seeded_database(folder, "latency.sqlite3"),
        address=REFEREE,
        smtp_port=port,
        relay_port=relay_port,
        daily_reply_cap=turns + 10,
    )
    service = Service(settings)
    service.start()
    latencies = []
    tag = uuid.uuid4().hex
    with smtplib.SMTP("127.0.0.1", port) as client:
        for n in range(turns):
            key = f"<{tag}-{n}@bench.example.org>"
            start = time.perf_counter()
            client.sendmail("alice@example.org", [LOUNGE], _message(tag, n))
            with sink.condition:
                if not sink.condition.wait_for(partial(sink.arrived.__contains__, key), 10):
                    raise SystemExit(f"no reply to turn {n} within 10 s")
                latencies.append(sink.arrived[key] - start)
    service.stop()
    relay.stop()
    ms = sorted(x * 1000 for x in latencies)
    print(
        f"end-to-end latency over {turns} turns, SQLite synchronous={settings.sqlite_synchronous}"
        " (SMTP DATA -> reply at relay): "
        f"median {statistics.median(ms):.1f} ms, p90 {ms[int(len(ms) * 0.9)]:.1f} ms, "
        f"max {ms[-1]:.1f} ms (target median < 50 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--pg-server",
        help="also measure on PostgreSQL, in a throwaway database on this server "
        "(e.g. postgresql+psycopg://postgres@127.0.0.1:5432)",
    )
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        pg_url = stack.enter_context(_pg_database(args.pg_server)) if args.pg_server else None
        measure_rates(Path(folder), args.messages, args.clients, args.rounds, pg_url)
        measure_latency(Path(folder), args.turns)


if __name__ == "__main__":
    main()
