"""The amendment grammar of rules/amendments.md: what players type inside a proposal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.notation.amendments import (
    AddGambit,
    Amendment,
    AmendmentError,
    AmendText,
    Enact,
    Repeal,
    SetActionCost,
    SetActionDuration,
    SetBuskingGain,
    SetCollectionBonus,
    SetCurrent,
    SetFigure,
    SetOpening,
    SetPeakHours,
    SetPrice,
    SetSegmentOpening,
    SetStackCapacity,
    SetStackLimit,
    SetStackReward,
    parse_amendment,
    parse_amendments,
    render_amendments,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Amend rule 1.4.18: the price of Book is 20.", SetPrice("Book", 20)),
        ("amend rule 1.4.18: the price of  Zone 3 Pass is 4", SetPrice("Zone 3 Pass", 4)),
        ("Amend rule 1.7.2: [Anti-Narg] costs 2Bk,1Re.", SetActionCost("Anti-Narg", "2Bk,1Re")),
        ("Amend rule 1.7.2: [Anti-Narg] costs nothing.", SetActionCost("Anti-Narg", "")),
        ("Amend rule 1.7.2: [Anti-Narg] takes 1 minute.", SetActionDuration("Anti-Narg", 1)),
        (
            "Add the Camden Shuffle Gambit to rule 1.18.2: Euston, Camden Town for 2Re.",
            AddGambit("Camden Shuffle", "Gambit", ("Euston", "Camden Town"), "2Re"),
        ),
        ("Amend rule 1.19.1: the Current of St. Paul's is 7.", SetCurrent("St. Paul's", 7)),
        ("- Repeal rule 1.7.40.", Repeal("1.7.40")),
        ("Repeal rule 42", Repeal("42")),
        (
            'Enact rule 1.4.46 "Umbrellas": An Umbrella\n   keeps the rain off.',
            Enact("1.4.46", "Umbrellas", "An Umbrella\nkeeps the rain off."),
        ),
        ("Amend rule 1.4.7 to read: Packages are safe.", AmendText("1.4.7", "Packages are safe.")),
        (
            "Amend rule 1.4.20: the bonus for moving to an Interchange with 4 lines is 2 bu.",
            SetCollectionBonus("interchange", 4, "2Bu"),
        ),
        (
            "Amend rule 1.4.20: the bonus for a Move within a Zone Pass is 2Br",
            SetCollectionBonus("zone pass", 0, "2Br"),
        ),
        ("Amend rule 1.7.20: Drum earns 3Bk, 1Re.", SetBuskingGain("Drum", "3Bk,1Re")),
        (
            "Amend rule 1.14.2: the sequence re re re re re re earns 5Bu.",
            SetStackReward(("Re",) * 6, "5Bu"),
        ),
        (
            "Amend rule 1.14.2: the sequence Bu Bk Bu Bk Bu Bk earns nothing.",
            SetStackReward(("Bu", "Bk") * 3, ""),
        ),
        (
            "Amend rule 4.1.1.4: the number of  Fuse Counters is 8.",
            SetFigure("4.1.1.4", "number of Fuse Counters", "8"),
        ),
        (
            "Amend rule 4.2.1.4: the colour of the Compass Podume is Green",
            SetFigure("4.2.1.4", "colour of the Compass Podume", "Green"),
        ),
        ("Amend rule 1.14.3: a Stack holds at most 8 Tokens.", SetStackCapacity(8)),
        ("Amend rule 1.14.3: a Stack at Bank has no limit.", SetStackLimit("Bank", True)),
        (
            "Amend rule 1.14.3: a Stack at Euston has the usual limit.",
            SetStackLimit("Euston", False),
        ),
        (
            "Amend rule 1.13.5: Barbican opens Mon-Sat all day, sun 0800-2300.",
            SetOpening("Barbican", (("Mon-Sat", ("all day",)), ("Sun", ("0800-2300",)))),
        ),
        (
            "Amend rule 1.13.5: Turnham Green (PD) opens Mon-Sat 0500-0900 and 2000-2400.",
            SetOpening("Turnham Green (PD)", (("Mon-Sat", ("0500-0900", "2000-2400")),)),
        ),
        ("Amend rule 1.13.5: Holy Stations are closed.", SetOpening("Holy Stations", ())),
        (
            "Amend rule 1.13.6: the Line Segment Earl's Court to Kensington (Olympia) (DS) opens "
            "daily peak hours.",
            SetSegmentOpening(
                "Earl's Court", "Kensington (Olympia)", "DS", (("daily", ("Peak Hours",)),)
            ),
        ),
        (
            "Amend rule 1.13.6: Peak Hours are Mon-Fri 0700-1900.",
            SetPeakHours("Mon-Fri", "0700", "1900"),
        ),
    ],
)
def test_each_form_of_rules_amendments_md_reads_as_its_value(
    text: str, expected: Amendment
) -> None:
    assert parse_amendment(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Amend rule 1.4.18: Books are dearer.",
        "Amend rule 1.7.2: Anti-Narg costs 2Bk.",
        "Add the Gambit to rule 1.18.2: for 2Re.",
        "Enact rule 1.4.46: no title",
        "Repeal the Emporium.",
        "Amend rule 1.4.20: the bonus for a lucky Move is 2Br.",
        "Amend rule 1.4.20: the bonus for a Move within a Zone Pass is 2 Plastic.",
        "Amend rule 1.14.2: the sequence Re Xx Re earns 1Go.",
        "Amend rule 1.13.5: Barbican opens weekends all day.",
        "Amend rule 1.13.5: Barbican opens Sun at noon.",
        "Amend rule 1.13.6: Peak Hours are weekdays 0700-1900.",
    ],
)
def test_a_line_that_opens_like_an_amendment_but_breaks_the_grammar_is_refused(text: str) -> None:
    with pytest.raises(AmendmentError) as raised:
        parse_amendment(text)
    assert "rules/amendments.md" in str(raised.value)


def test_an_unreadable_amendment_still_names_the_rule_it_is_about() -> None:
    with pytest.raises(AmendmentError) as raised:
        parse_amendment("Amend rule 1.4.18: Books are dearer.")
    assert raised.value.rule == "1.4.18"


def test_commentary_in_a_proposal_is_left_alone_and_free_text_ends_at_a_blank_line() -> None:
    text = (
        "Books are too cheap, so:\n"
        "Amend rule 1.4.18: the price of Book is 5.\n"
        'Enact rule 1.4.46 "Umbrellas": An Umbrella\n'
        "keeps the rain off.\n"
        "\n"
        "Thanks for reading.\n"
        "Repeal rule 1.7.40.\n"
    )
    assert parse_amendments(text) == (
        SetPrice("Book", 5),
        Enact("1.4.46", "Umbrellas", "An Umbrella\nkeeps the rain off."),
        Repeal("1.7.40"),
    )


_WORD = st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join)
_NUMBER = st.lists(st.integers(0, 60), min_size=1, max_size=4).map(
    lambda parts: ".".join(map(str, parts))
)
_COST = st.lists(
    st.tuples(st.integers(1, 20), st.sampled_from(["Bk", "Bu", "Br", "Go", "Gr", "Re", "Si"])),
    min_size=1,
    max_size=3,
).map(lambda terms: ",".join(f"{n}{c}" for n, c in terms))
_CODES = ["Bk", "Bu", "Br", "Go", "Gr", "Re", "Si"]
_BONUS = st.tuples(st.integers(1, 20), st.sampled_from(_CODES)).map(lambda t: f"{t[0]}{t[1]}")
_DAYS = ["daily", "Mon-Sat", "Mon-Fri", "Sat", "Sun"]
_HHMM = st.tuples(st.integers(0, 24), st.integers(0, 59)).map(lambda t: f"{t[0]:02}{t[1]:02}")
_WINDOWS = st.lists(
    st.one_of(st.sampled_from(["all day", "Peak Hours"]), st.tuples(_HHMM, _HHMM).map("-".join)),
    min_size=1,
    max_size=3,
).map(tuple)
_SCHEDULE = st.lists(st.tuples(st.sampled_from(_DAYS), _WINDOWS), max_size=3).map(tuple)
_LINE = (
    st.lists(st.from_regex(r"[a-z][a-z,;']{0,8}", fullmatch=True), min_size=1, max_size=6)
    .map(" ".join)
    .filter(lambda line: line.split()[0] not in ("amend", "add", "repeal", "enact"))
)
"""A line of free text; rules/amendments.md: one that begins with an amendment's verb starts
a new amendment instead."""
_TEXT = st.lists(_LINE, min_size=1, max_size=3).map("\n".join)
_TITLE = st.from_regex(r"[A-Z][A-Za-z ',!?-]{0,20}[A-Za-z!?]", fullmatch=True)

AMENDMENTS: st.SearchStrategy[Amendment] = st.one_of(
    st.builds(SetPrice, _NAME, st.integers(0, 99)),
    st.builds(SetActionCost, _NAME, st.one_of(st.just(""), _COST)),
    st.builds(SetActionDuration, _NAME, st.integers(0, 600)),
    st.builds(SetCurrent, _NAME, st.integers(0, 100)),
    st.builds(
        AddGambit,
        _NAME,
        st.sampled_from(["Gambit", "Manoeuvre"]),
        st.lists(_NAME, min_size=1, max_size=4).map(tuple),
        _COST,
    ),
    st.builds(
        SetCollectionBonus,
        st.sampled_from(["zone pass", "no line change", "hat"]),
        st.just(0),
        _BONUS,
    ),
    st.builds(
        SetCollectionBonus, st.sampled_from(["interchange", "passed"]), st.integers(1, 9), _BONUS
    ),
    st.builds(SetBuskingGain, _NAME, _COST),
    st.builds(
        SetStackReward,
        st.lists(st.sampled_from(_CODES), min_size=1, max_size=8).map(tuple),
        st.one_of(st.just(""), _BONUS),
    ),
    st.builds(SetStackCapacity, st.integers(1, 99)),
    st.builds(SetStackLimit, _NAME, st.booleans()),
    st.builds(SetOpening, st.one_of(_NAME, st.just("Holy Stations")), _SCHEDULE),
    st.builds(
        SetSegmentOpening, _NAME, _NAME, st.from_regex(r"[A-Z]{2}", fullmatch=True), _SCHEDULE
    ),
    st.builds(SetPeakHours, st.sampled_from(_DAYS), _HHMM, _HHMM),
    st.builds(
        SetFigure,
        st.sampled_from(["4.1.1.4", "4.2.1.1", "4.2.1.4", "4.2.1.5"]),
        _NAME.filter(lambda name: "is" not in name.casefold().split()),
        st.one_of(st.integers(0, 99).map(str), st.sampled_from(_CODES)),
    ),
    st.builds(Repeal, _NUMBER),
    st.builds(Enact, _NUMBER, _TITLE, _TEXT),
    st.builds(AmendText, _NUMBER, _TEXT),
)


@given(AMENDMENTS)
def test_an_amendment_parses_back_from_its_render(amendment: Amendment) -> None:
    assert parse_amendment(amendment.render()) == amendment


@given(st.lists(AMENDMENTS, max_size=5).map(tuple))
def test_a_proposal_of_amendments_parses_back_from_its_render(
    amendments: tuple[Amendment, ...],
) -> None:
    assert parse_amendments(render_amendments(amendments)) == amendments
