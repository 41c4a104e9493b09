"""Reading one posting against its size: the mail read and the posting read must be linear.

For several shapes of message, each filled to 0.25, 0.5 and 1 MB (the listener's size limit,
``REFEREE_MAX_MESSAGE_BYTES``), prints the time of what the service does to read a posting
before judging it (``read_message``, then ``read_posting`` of its turn text, as the desk does)
beside the standard library's email parser alone on the same bytes (the baseline), both as
milliseconds per MB: a linear reader keeps its per-MB figure flat as the size grows. Each
shape's last column is its per-MB time at 1 MB over that at 0.25 MB (near 1: linear; a
quadratic reader shows about 4).

Realistic shapes: a reply quoting the referee's post (tests/mail/corpus) over a long letter; a
play followed by one unbroken paragraph; HTML only. Degenerate shapes, what a player pasting
something huge could send: a page of ``|`` lines without a border; one huge line; a long
quoted history; many blank lines; deep quoting; lines that all end in a colon (each is looked
at as a wrapped attribution); one huge GSD header line with no turn in it; a border line
holding a long run of spaces. Last, a GSD
section a player could fill honestly: a Disruptions box of one item per 17 bytes, whose
every item is read as notation (a measure of the notation readers, not of mail reading).

Run: ``.venv/bin/python bench/reading.py [--repeat 3] [--cpu]`` (``--cpu``: CPU time, steadier
than the wall clock on a loaded machine).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.mail.message import read_message
from referee.notation.errors import NotationError
from referee.notation.gsd import read_posting

LIMIT = 1_000_000
SIZES = (LIMIT // 4, LIMIT // 2, LIMIT)
HEADROOM = 2_000
"""Bytes left for the headers and any HTML or transfer encoding, so every message is within
the listener's limit."""
PLAY = "Bob : [LV+1] Tottenham Court Road (CN)"
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "mail" / "corpus"
SENTENCE = "I had thought of going by the Northern line but the Bridges are surely Down today "


def _prose(size: int, paragraph: int | None) -> str:
    lines, total, number = [], 0, 0
    while total < size:
        number += 1
        line = "" if paragraph and number % paragraph == 0 else f"{SENTENCE}({number})."
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines)


def _repeat(unit: str, size: int) -> str:
    return unit * (size // len(unit))


def _post() -> str:
    raw = (CORPUS / "referee-post.eml").read_bytes()
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return "".join(f"> {line}".rstrip() + "\n" for line in message.get_content().splitlines())


def _message(body: str, subtype: str = "plain") -> bytes:
    message = EmailMessage()
    message["From"] = "Bob <bob@example.org>"
    message["To"] = "mc12@lounge.example.org"
    message["Subject"] = "Re: [MC 12] Turn 1"
    message.set_content(body, subtype=subtype, cte="8bit" if subtype == "plain" else None)
    return bytes(message)


def _shapes(post: str) -> dict[str, Callable[[int], bytes]]:
    attribution = "On Wed, 25 Nov 2026 at 10:02, Mornington Referee <referee@example.org> wrote:"
    return {
        "reply + letter": lambda size: _message(
            f"{attribution}\n{post}\n{PLAY}\n\n{_prose(size - len(post), 6)}\n-- \nBob\n"
        ),
        "play + paragraph": lambda size: _message(f"{PLAY}\n{_prose(size, None)}\n"),
        "html only": lambda size: _message(
            "<html><body>"
            + "".join(f"<p>{line}</p>" for line in _prose(size * 4 // 5, None).splitlines())
            + f"<p>{PLAY}</p></body></html>",
            "html",
        ),
        "| lines": lambda size: _message(_repeat("| x\n", size)),
        "one huge line": lambda size: _message(f"{PLAY} {_repeat(SENTENCE, size)}\n"),
        "quoted history": lambda size: _message(
            f"{PLAY}\n\n{attribution}\n" + _repeat(f"> {SENTENCE}\n", size)
        ),
        "blank lines": lambda size: _message(f"{PLAY}\n" + "\n" * size + "Bob\n"),
        "deep quoting": lambda size: _message(_repeat(">" * 60 + " x\n", size) + f"{PLAY}\n"),
        "colon lines": lambda size: _message(_repeat("On 1 Nov:\n", size) + f"{PLAY}\n"),
        "border line": lambda size: _message(f"+ A{' ' * size}B\n{PLAY}\n"),
        "Disruptions box": lambda size: _message(
            "+- Disruptions -+\n" + _repeat("| Euston (Peg), |\n", size) + "+---+\n" + PLAY
        ),
        "header line": lambda size: _message(
            f"Mornington Crescent {_repeat('game 12 ', size)}\n{PLAY}\n"
        ),
    }


def _best(action: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        action()
        times.append(clock() - start)
    return min(times)


def _read(raw: bytes) -> None:
    inbound = read_message(raw)
    with contextlib.suppress(NotationError):
        read_posting(inbound.turn_text, players=["Alice", "Bob"])


def _baseline(raw: bytes) -> None:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    body = message.get_body(preferencelist=("plain", "html"))
    assert isinstance(body, EmailMessage)
    body.get_content()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--shape", action="append", help="only these shapes (repeatable)")
    parser.add_argument("--skip", action="append", default=[], help="leave out these shapes")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the CPU each read took (time.process_time), which the load of a shared "
        "machine moves far less than the wall clock",
    )
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    _read(_message(PLAY))  # the action index and station names are loaded once, not timed
    sizes = "  ".join(f"{size / LIMIT:>5.2f} MB" for size in SIZES)
    kind = "CPU" if args.cpu else "wall-clock"
    print(f"best of {args.repeat} runs, {kind} ms per MB read at each size, and at 1 MB, ms")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'shape':<18}{'':<9}{sizes}{'1 MB ms':>10}{'x stdlib':>10}{'growth':>8}")
    for name, make in _shapes(_post()).items():
        if (args.shape and name not in args.shape) or name in args.skip:
            continue
        ours, base = [], []
        for size in SIZES:
            raw = make(size - HEADROOM)
            assert len(raw) <= LIMIT, (name, len(raw))
            per_mb = LIMIT / len(raw) * 1000
            read = _best(lambda raw=raw: _read(raw), args.repeat, clock)
            parse = _best(lambda raw=raw: _baseline(raw), args.repeat, clock)
            ours.append((read * per_mb, len(raw)))
            base.append((parse * per_mb, len(raw)))
        for label, row in (("referee", ours), ("stdlib", base)):
            figures = "".join(f"{per:>10.1f}" for per, _ in row)
            whole = row[-1][0] * row[-1][1] / LIMIT
            ratio = f"{ours[-1][0] / base[-1][0]:>10.1f}" if label == "referee" else " " * 10
            print(
                f"{name if label == 'referee' else '':<18}{label:<8}{figures}{whole:>10.1f}"
                f"{ratio}{row[-1][0] / row[0][0]:>8.2f}"
            )


if __name__ == "__main__":
    main()
