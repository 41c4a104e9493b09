"""The turn text, found by marking the lines worth a look, against the line-by-line reading.

Reading a message had to become linear in its size (bench/reading.py) without finding a
different turn. The reference below is the earlier ``_turn_text`` and the patterns it used
(kept here, not in the package); hypothesis draws bodies from the lines that matter to it
(quotes, attributions plain, wrapped, dated and mutt's, forwarded and Outlook rules, pasted
headers, signatures, secrets, colons) and compares the turn text, secret and playing-as.
"""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mail import message
from referee.mail.message import _DATED, _ORIGINAL, _RULE, _quoted_turn, _turn_text

LIMIT = 400
OLD_SECRET = re.compile(r"^\s*secret\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
OLD_PLAYING_AS = re.compile(r"^\s*playing\s+as\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
OLD_ATTRIBUTION = re.compile(
    r"^.*\b(?:wrote|writes|schrieb|schreef|a\s+écrit|escribió|ha\s+scritto|escreveu|skrev"
    r"|napisał)\b[^:]{0,200}:$"
    r"|^\*\s.+\[[^\]]*\d[^\]]*\]:$",
    re.IGNORECASE,
)
OLD_HEADER_FROM = re.compile(r"^\*?(?:from|von|de|van|da|od|från|fra)\s*\*?\s*:", re.IGNORECASE)
OLD_HEADER_NEXT = re.compile(
    r"^\*?(?:sent|date|to|gesendet|datum|an|envoyé|date|à|enviado(?:\s+el)?|fecha|para"
    r"|verzonden|aan|inviato|data|a|skickat|sendt|wysłano)\s*\*?\s*:",
    re.IGNORECASE,
)


def reference_turn_text(body: str) -> tuple[str, str | None, str | None]:
    """_turn_text as it was: every line looked at in turn."""
    lines = body.split("\n")
    kept: list[str] = []
    quoted: list[str] = []
    secret = playing_as = None
    index = 0
    while index < len(lines):
        line = lines[index].rstrip()
        if line.lstrip().startswith(">"):
            quoted.append(line)
            index += 1
            continue
        if line == "--":
            break
        if _history_starts(lines, index):
            if any(kept) or not OLD_HEADER_FROM.match(line.strip()):
                break
            while index < len(lines) and lines[index].strip():
                index += 1
            continue
        index += 1
        if ":" not in line and not _next_ends_with_colon(lines, index - 1):
            kept.append(line)
            continue
        attribution = _attribution_length(lines, index - 1)
        if attribution and _quote_follows(lines, index - 1 + attribution):
            index += attribution - 1
            continue
        if match := OLD_SECRET.match(line):
            secret = match.group(1)
            continue
        if match := OLD_PLAYING_AS.match(line):
            playing_as = match.group(1)
            continue
        kept.append(line)
    own = "\n".join(kept).strip()
    if not own:
        own = "\n".join(_quoted_turn(quoted)).strip()
    return own, secret, playing_as


def _attribution_length(lines: list[str], index: int) -> int:
    line = lines[index].strip()
    if not line or len(line) > LIMIT:
        return 0
    if line.endswith(":") and OLD_ATTRIBUTION.match(line):
        return 1
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    wrapped = following.endswith(":") and not following.startswith(">")
    if wrapped and len(following) < LIMIT:
        return 2 if OLD_ATTRIBUTION.match(f"{line} {following}") else 0
    return 0


def _history_starts(lines: list[str], index: int) -> bool:
    line = lines[index].strip()
    if not line or len(line) > LIMIT:
        return False
    if line[0] in "-_bB" and (_ORIGINAL.match(line) or _RULE.match(line)):
        return True
    if ":" not in line and not _next_ends_with_colon(lines, index):
        return False
    if OLD_HEADER_FROM.match(line):
        following = [each.strip() for each in lines[index + 1 : index + 4] if each.strip()]
        return bool(following) and OLD_HEADER_NEXT.match(following[0]) is not None
    length = _attribution_length(lines, index)
    if length and _DATED.match(line):
        return not _quote_follows(lines, index + length)
    return False


def _next_ends_with_colon(lines: list[str], index: int) -> bool:
    return index + 1 < len(lines) and lines[index + 1].rstrip().endswith(":")


def _quote_follows(lines: list[str], index: int) -> bool:
    after = [each.strip() for each in lines[index : index + 3]]
    first = next((each for each in after if each), "")
    return not first or first.startswith(">")


LINES = [
    "",
    " ",
    "\t",
    "Bob : [LV+1] Tottenham Court Road (CN)",
    "Hello all",
    "b",
    "Bye",
    "x:",
    "> quoted",
    ">",
    "  > Mornington Crescent - Game 12 - Turn 3",
    "> Alice : Euston (VC)",
    "> --",
    "> ____________",
    "On Wed, 25 Nov 2026 at 10:02, Referee <r@example.org> wrote:",
    "On Wed, 25 Nov 2026 at 10:02, Referee",
    "<r@example.org> wrote:",
    "Bob wrote:",
    "Here is what I wrote:",
    "Am 25.11.2026 schrieb Referee:",
    "Le 25 nov. 2026, Referee a écrit :",
    "* Referee <r@example.org> [2026-11-25 10:02]:",
    "* Referee [x]:",
    "* a [[1]:",
    "* [1]]:",
    "-----Original Message-----",
    "---------- Forwarded message ---------",
    "Begin forwarded message:",
    "________________",
    "From: Referee <r@example.org>",
    "*From:* Referee",
    "Sent: Wednesday",
    "Date: today",
    "To: lounge",
    "a   :",
    "--",
    "-- ",
    "Secret: hunter2",
    "secret :  two words  ",
    "Playing as: Bob",
    "playing as:",
    "x" * 401 + ":",
    "On " + "1" * 398 + ":",
    "Mornington Crescent - Game 12 - Turn 3 - State 1a2b3c4d",
    "ON WED, 25 NOV 2026, REFEREE WROTE:",
    "Am 25.11.2026 \u017fchrieb Referee:",
    "Bob wrİtes:",
    "Bob wr\u0131tes:",
    "Le 25 nov. 2026, Referee a",
    "écrit :",
    "ÉCRIT:",
    "* Bob [1]:",
    "\u017fecret: \u017f",
    "SECRET: x",
    " Playing As: Bob",
    "Bob: Euston (VC)",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=25).map("\n".join))
def test_1_3_1_the_turn_text_is_found_as_line_by_line(body: str) -> None:
    assert _turn_text(body) == reference_turn_text(body)


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=25).map("\n".join), st.sampled_from([0, 10**9]))
def test_1_3_1_attribution_words_searched_by_line_or_in_the_body_read_alike(
    body: str, bytes_a_line: int
) -> None:
    """The body is searched once for the attribution words when many of its lines need a look,
    else each such line alone: both ways (forced here) find the turn text as before."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(message, "_SCAN_BYTES_A_LINE", bytes_a_line)
        assert _turn_text(body) == reference_turn_text(body)


@settings(max_examples=1500, deadline=None)
@given(st.text(st.sampled_from("* [ ] : 1 a wrote\t"), max_size=40))
def test_an_attribution_is_recognised_as_by_the_pattern(line: str) -> None:
    """Mutt's ``* Name [date]:`` is now found without a pattern; every other line as before."""
    assert message._is_attribution(line) == bool(OLD_ATTRIBUTION.match(line))


@settings(max_examples=800, deadline=None)
@given(st.text(st.sampled_from("secret playing as : x y\t*from sent"), max_size=30))
def test_secret_playing_as_and_header_lines_match_as_before(text: str) -> None:
    line = text.rstrip()  # _turn_text matches secret and playing-as on right-stripped lines
    for old, new in ((OLD_SECRET, message._SECRET), (OLD_PLAYING_AS, message._PLAYING_AS)):
        before, after = old.match(line), new.match(line)
        assert (before and before.group(1)) == (after and after.group(1))
    for old, new in (
        (OLD_HEADER_FROM, message._HEADER_FROM),
        (OLD_HEADER_NEXT, message._HEADER_NEXT),
    ):
        assert bool(old.match(text)) == bool(new.match(text))


def test_1_3_1_pasted_headers_after_blank_lines_are_left_out_each_time() -> None:
    """Blank lines, then pasted header lines, over and over: nothing the player wrote comes
    before them, so each block is left out (whether anything was written is remembered, not
    searched for again in every blank line so far, which was quadratic)."""
    body = "\n".join(["", "From: a", "Sent: b", ""] * 2000 + ["Bob : Euston (VC)"])
    assert _turn_text(body) == ("Bob : Euston (VC)", None, None)


def test_the_cheap_filters_let_through_every_line_the_patterns_could_match() -> None:
    """A line is matched for a secret, playing-as or pasted From: header only when its first
    character may start one, and for an attribution only when its lower-cased text holds one
    of the words: every character that ignoring case matches to such a character must pass."""
    every = [chr(code) for code in range(sys.maxunicode + 1)]
    firsts = (
        (message._SECRET_FIRST, "s"),
        (message._PLAYING_AS_FIRST, "p"),
        (message._HEADER_FROM_FIRST, "[*fvdo]"),
    )
    for allowed, letter in firsts:
        pattern = re.compile(letter, re.IGNORECASE)
        assert {c for c in every if pattern.fullmatch(c)} <= allowed
    words = message._ATTRIBUTION_WORD.pattern.split("|")
    letters = sorted(set("".join(words)))
    pattern = re.compile(f"[{''.join(letters)}]", re.IGNORECASE)
    for character in filter(pattern.fullmatch, every):
        folded = message._folded(character)
        assert folded in letters and pattern.fullmatch(folded), character
        assert re.fullmatch(folded, character, re.IGNORECASE), character


OLD_TRAILING_SPACE = re.compile(r"(?<![^\S\n])[^\S\n]++$", re.MULTILINE)


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(st.sampled_from(["a", " ", "\t", "\n", "\u3000", "\r", "b "]), max_size=40).map(
        "".join
    )
)
def test_trailing_spaces_are_cut_as_by_the_look_back_first_pattern(text: str) -> None:
    assert message._TRAILING_SPACE.sub("", text) == OLD_TRAILING_SPACE.sub("", text)


OLD_LOOKED_AT = re.compile(r"^(?:[^\S\n]*[>\-_bB]|[^\n:]*:)", re.MULTILINE)


@settings(max_examples=1500, deadline=None)
@given(st.text(st.sampled_from("a \t\n>:-_bB"), max_size=40))
def test_the_lines_looked_at_are_marked_as_before(text: str) -> None:
    def starts(pattern: re.Pattern[str]) -> list[int]:
        return [match.start() for match in pattern.finditer(text)]

    assert starts(message._LOOKED_AT) == starts(OLD_LOOKED_AT)
