"""Reading one posting against its size: the mail read and the posting read must be linear.

For several shapes of message, each filled to sizes up to the listener's size limit
(``REFEREE_MAX_MESSAGE_BYTES``, 1 MB), prints the time of what the service does to read a
posting before judging it (``read_message``, then ``read_posting`` of its turn text, as the
desk does) beside the standard library's email parser alone on the same bytes (the
baseline), and both per 100 kB: a linear reader keeps its per-100 kB figure flat as the size
grows, and its ratio to the baseline bounded.

Shapes: a reply quoting the referee's post (tests/mail/corpus) over a long letter; a play
followed by one unbroken paragraph (quadratic before: each line was tried as the play's
wrapped tail); a page of ``|`` lines without a border (quadratic before); HTML only.

Run: ``.venv/bin/python bench/reading.py [--repeat 3]``
"""

from __future__ import annotations

import argparse
import contextlib
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

SIZES = (10_000, 100_000, 300_000, 1_000_000)
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
            f"{attribution}\n{post}\n{PLAY}\n\n{_prose(size - len(post) - 200, 6)}\n-- \nBob\n"
        ),
        "play + paragraph": lambda size: _message(f"{PLAY}\n{_prose(size - 100, None)}\n"),
        "| lines": lambda size: _message("\n".join(["| x"] * (size // 4))),
        "html only": lambda size: _message(
            "<html><body>"
            + "".join(f"<p>{line}</p>" for line in _prose(size - 100, None).splitlines())
            + f"<p>{PLAY}</p></body></html>",
            "html",
        ),
    }


def _best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
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
    args = parser.parse_args()
    print("best of", args.repeat, "runs; ms, and ms per 100 kB in brackets")
    print(f"{'shape':<18}{'bytes':>10}{'referee reads':>22}{'stdlib parser':>22}{'ratio':>8}")
    for name, make in _shapes(_post()).items():
        for size in SIZES:
            raw = make(size)
            ours = _best(lambda raw=raw: _read(raw), args.repeat)
            base = _best(lambda raw=raw: _baseline(raw), args.repeat)
            per = 100_000 / len(raw) * 1000
            print(
                f"{name:<18}{len(raw):>10}{ours * 1000:>11.1f} ({ours * per:>7.2f})"
                f"{base * 1000:>11.1f} ({base * per:>7.2f}){ours / base:>8.2f}"
            )


if __name__ == "__main__":
    main()
