"""Fuzz: a GSD mangled the way mail and careless hands mangle it never raises anything but
NotationError (rule 1.2.0: the referee must read or refuse, never crash)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.notation.errors import NotationError
from referee.notation.gsd import read_posting
from tests.notation import strategies as gen

NASTY = [*"|+-[]{}():*>,\t\r\n ", "via:", "A:", "B:", "Pass", "(NT)", "Bl", "\u00a0", "é"]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(gen.gsds(max_plays=3)).render()
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            break
        kind = draw(st.sampled_from(["delete", "insert", "swap", "duplicate", "truncate", "case"]))
        at = draw(st.integers(0, len(text) - 1))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)) :]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY)) + text[at:]
        elif kind == "truncate":
            text = text[:at]
        elif kind == "case":
            text = text[:at] + text[at:].swapcase()
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if kind == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines.insert(j, lines[i])
            text = "\n".join(lines)
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated())
def test_1_2_0_mangled_gsd_raises_only_notation_error(text: str) -> None:
    try:
        read_posting(text)
    except NotationError as error:
        assert error.reason
        assert error.line is not None, f"unlocated error: {error}"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*NASTY, "Rushton :", "Euston", "a", "9", "Game Time:"]), max_size=60
    ).map("".join)
)
def test_1_2_0_noise_raises_only_notation_error(text: str) -> None:
    try:
        read_posting(text)
    except NotationError as error:
        assert error.line is not None, f"unlocated error: {error}"


GOLDEN_INPUTS = [
    p.read_text(encoding="utf-8")
    for p in sorted((Path(__file__).resolve().parents[1] / "golden" / "notation").glob("*.gsd"))
]


@st.composite
def mutated_golden(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(GOLDEN_INPUTS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text) - 1))
        if draw(st.booleans()):
            text = text[:at] + draw(st.sampled_from(NASTY)) + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_golden())
def test_1_3_1_mangled_mail_raises_only_notation_error(text: str) -> None:
    try:
        read_posting(text)
    except NotationError as error:
        assert error.line is not None, f"unlocated error: {error}"
