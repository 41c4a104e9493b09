"""The tables players may amend beyond prices, the index and Gambits (rules/amendments.md).

Rules pinned: 1.4.20 (the Token Collection Table), 1.7.20 (Busking's list), 1.13.5 (Stations
with Restricted Opening), 1.13.6 (Line Segments with Restricted Opening and Peak Hours), 1.14.2
(the Stack rewards) and 1.14.3 (a Stack's limit and the Stations without one). Each test plays
the same Turn under the published rules and under an amended version and checks that the
amended table, and only it, made the difference.
"""

from __future__ import annotations

import gc
import re
import weakref
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.amended import (
    amended,
    enact,
    first_version,
    show,
    station_and_line,
    versions,
)
from referee.engine.result import TurnResult
from referee.engine.ruleset import VANILLA
from referee.engine.tables.opening import SegmentHours
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, row, rules_broken
from tests.engine.luggage_builder import stack, with_luggage

AT = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def _under(text: str | None, gsd: GSD, line: str) -> TurnResult:
    """``line`` judged against ``gsd`` under Volume 1 amended by ``text`` (None: as published)."""
    ruleset = VANILLA
    if text is not None:
        version = versions(VANILLA, [Change(2, "Tables [Al]", AT, text)])[-1]
        assert not version.unread, version.unread
        ruleset = amended(VANILLA, version)
    play = Play.parse(line, players=gsd.player_names, index=ruleset.action_index())
    return adjudicate(gsd, play, ruleset, check_order=False)


def _remarks(text: str) -> tuple[str, ...]:
    return enact(first_version(VANILLA), Change(2, "Tables [Al]", AT, text)).remarks


def _holborn(stacks: dict[str, str] | None = None, tokens: str = "3 Re, 2 Bk, 1 Gr") -> GSD:
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": tokens})
    return with_luggage(gsd, {}, stacks=stacks or {})


TO_TCR = "Rushton : Tottenham Court Road (CN)"


def test_1_4_20_an_amended_bonus_is_what_the_next_move_collects() -> None:
    """Holborn to Tottenham Court Road on the Central: an Interchange of two Lines (one Red)
    reached without a change of Line (one Black). Amended to three Red, the Move collects
    three; the Black of the other row is unchanged."""
    before = row(_under(None, _holborn(), TO_TCR).state, "Rushton").tokens
    text = "Amend rule 1.4.20: the bonus for moving to an Interchange with 2 lines is 3Re."
    after = row(_under(text, _holborn(), TO_TCR).state, "Rushton").tokens
    assert (before.re, before.bk) == (4, 3)
    assert (after.re, after.bk) == (6, 3)


def test_1_4_20_an_ungraded_event_takes_its_new_colour() -> None:
    text = "Amend rule 1.4.20: the bonus for a Move without a change of Line is 2Gr."
    after = row(_under(text, _holborn(), TO_TCR).state, "Rushton").tokens
    assert (after.bk, after.gr) == (2, 3)


def test_1_4_20_a_row_the_table_does_not_have_is_recorded_as_text_and_said() -> None:
    """The table's last row is "or more": a number it has no row for is not a new row."""
    [remark] = _remarks("Amend rule 1.4.20: the bonus for passing through 9 Interchanges is 2Go.")
    assert "rule 1.4.20 has no row for passing through 9 Interchanges" in remark


def _busker(rack: str = "Harmonica", time: str = "Thursday 1130") -> GSD:
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "0"}, time=time)
    return with_luggage(gsd, {"Rushton": rack})


BUSK = "Rushton : [Busking] Pass Holborn (CN) {busking: Harmonica}"


def test_1_7_20_an_amended_instrument_earns_its_new_gain() -> None:
    assert row(_under(None, _busker(), BUSK).state, "Rushton").tokens.br == 3
    text = "Amend rule 1.7.20: Harmonica earns 1Go,2Br."
    tokens = row(_under(text, _busker(), BUSK).state, "Rushton").tokens
    assert (tokens.go, tokens.br) == (1, 2)


def test_1_7_20_a_gain_that_is_not_fixed_tokens_or_no_way_to_busk_is_refused() -> None:
    [unfixed] = _remarks("Amend rule 1.7.20: Harmonica earns xBr.")
    assert "must be fixed counts of colours" in unfixed
    [kazoo] = _remarks("Amend rule 1.7.20: Kazoo earns 1Br.")
    assert "'Kazoo' is not a way to busk" in kazoo


def test_1_13_6_amended_peak_hours_let_a_player_busk_later() -> None:
    """Busking needs Peak Hours (rule 1.7.20), which rule 1.13.6 defines."""
    late = _busker(time="Thursday 2130")
    assert rules_broken(_under(None, late, BUSK)) == ["1.7.20"]
    text = "Amend rule 1.13.6: Peak Hours are Mon-Sat 0800-2200."
    assert _under(text, late, BUSK).legal


def test_1_13_5_amended_hours_open_a_station_that_was_closed() -> None:
    """Holy Stations are closed on Sunday (St. Paul's among them); amended to open daily,
    the same Move ends there."""
    sunday = game({"Rushton": "Bank (CN)"}, lv={"Rushton": 1}, time="Sunday 1200")
    to_pauls = "Rushton : St. Paul's (CN)"
    assert rules_broken(_under(None, sunday, to_pauls)) == ["1.13.4"]
    assert _under("Amend rule 1.13.5: Holy Stations open daily all day.", sunday, to_pauls).legal


def test_1_13_5_a_station_not_restricted_before_may_be_closed() -> None:
    text = "Amend rule 1.13.5: Tottenham Court Road is closed."
    assert _under(None, _holborn(), TO_TCR).legal
    assert rules_broken(_under(text, _holborn(), TO_TCR)) == ["1.13.4"]


def test_1_13_6_an_amended_line_segment_opens_later() -> None:
    """Waterloo to Bank (WC) opens in Peak Hours only; amended (its ends named either way
    round) to open until midnight, the Saturday 2100 Move along it is legal."""
    late = game({"Rushton": "Waterloo (WC)"}, lv={"Rushton": 1}, time="Saturday 2100")
    move = "Rushton : Bank (WC)"
    assert rules_broken(_under(None, late, move)) == ["1.13.4"]
    text = "Amend rule 1.13.6: the Line Segment Bank to Waterloo (WC) opens daily 0500-2400."
    assert _under(text, late, move).legal
    assert rules_broken(_under(None, late, move)) == ["1.13.4"], "Volume 1 is unchanged"


def test_1_13_6_a_line_segment_rule_1_13_6_does_not_list_is_refused() -> None:
    [remark] = _remarks("Amend rule 1.13.6: the Line Segment Bank to Holborn (CN) is closed.")
    assert "rule 1.13.6 lists no Line Segment Bank to Holborn (CN)" in remark


def test_1_14_2_an_amended_reward_is_paid() -> None:
    six_reds = _holborn({"Holborn": "ReReReReRe"})
    drop = "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]"
    assert row(_under(None, six_reds, drop).state, "Rushton").tokens.bu == 4
    text = "Amend rule 1.14.2: the sequence Re Re Re Re Re Re earns 5Bu."
    assert row(_under(text, six_reds, drop).state, "Rushton").tokens.bu == 5


def test_1_14_2_a_new_sequence_is_rewarded_and_an_old_one_may_earn_nothing() -> None:
    mixed = _holborn({"Holborn": "ReReReReBk"})
    drop = "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]"
    unlisted = _under(None, mixed, drop)
    assert stack(unlisted, "Holborn") == "ReReReReBkRe"
    new = _under("Amend rule 1.14.2: the sequence Re Re Re Re Bk Re earns 1Go.", mixed, drop)
    assert stack(new, "Holborn") == "" and row(new.state, "Rushton").tokens.go == 1
    gone = "Amend rule 1.14.2: the sequence Re Re Re Re Re Re earns nothing."
    kept = _under(gone, _holborn({"Holborn": "ReReReReRe"}), drop)
    assert stack(kept, "Holborn") == "ReReReReReRe"


def test_1_14_2_a_sequence_of_other_than_six_tokens_is_refused() -> None:
    [remark] = _remarks("Amend rule 1.14.2: the sequence Re Re Re earns 1Go.")
    assert "exactly 6 Tokens, not 3" in remark


@pytest.mark.parametrize(
    "text",
    [
        "Amend rule 1.14.3: a Stack holds at most 8 Tokens.",
        "Amend rule 1.14.3: a Stack at Holborn has no limit.",
    ],
)
def test_1_14_3_an_amended_limit_lets_a_seventh_token_on(text: str) -> None:
    full = _holborn({"Holborn": "BkBkBkBkBkBk"})
    drop = "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]"
    assert rules_broken(_under(None, full, drop)) == ["1.14.3"]
    result = _under(text, full, drop)
    assert result.legal, result.messages()
    assert stack(result, "Holborn") == "BkBkBkBkBkBkRe"


def test_1_14_3_a_station_given_the_usual_limit_loses_its_exception() -> None:
    """Euston's Stack has no limit in Volume 1; amended to the usual one, a seventh Token
    may not go on."""
    gsd = game({"Rushton": "Warren Street (NT)"}, lv={"Rushton": 1}, tokens={"Rushton": "3 Re"})
    gsd = with_luggage(gsd, {}, stacks={"Euston": "BkBkBkBkBkBk"})
    drop = "Rushton : Euston (NT) [Red Token on Euston]"
    assert _under(None, gsd, drop).legal
    text = "Amend rule 1.14.3: a Stack at Euston has the usual limit."
    assert rules_broken(_under(text, gsd, drop)) == ["1.14.3"]


def test_each_amended_table_is_shown_with_its_version() -> None:
    text = (
        "Amend rule 1.4.20: the bonus for a Move within a Zone Pass is 2Br.\n"
        "Amend rule 1.7.20: Drum earns 3Bk.\n"
        "Amend rule 1.13.5: Barbican opens Mon-Sat all day, Sun 0900-2200.\n"
        "Amend rule 1.13.6: Peak Hours are Mon-Fri 0700-1900.\n"
        "Amend rule 1.14.2: the sequence Re Re Re Re Re Re earns 5Bu.\n"
        "Amend rule 1.14.3: a Stack holds at most 8 Tokens.\n"
    )
    shown = show(versions(VANILLA, [Change(2, "Tables [Al]", AT, text)])[-1])
    for line in (
        "bonus for a Move within a Zone Pass: 2Br",
        "Drum earns 3Bk",
        "Barbican: Mon-Sat all day, Sun 0900-2200",
        "Peak Hours: Mon-Fri 0700-1900",
        "sequence Re Re Re Re Re Re earns 5Bu",
        "a Stack holds at most 8 Tokens",
    ):
        assert line in shown


@given(st.text(alphabet=" \t(NTnt)ab\u00a0", max_size=14).map(lambda s: s.replace("\t", " ")))
def test_1_13_5_a_place_names_its_station_and_line_as_the_fullmatch_reading_did(
    place: str,
) -> None:
    """The one-pass reading of an opening-hours place agrees with the plain reading: a
    station name (at least one character), any spaces, then a two-letter Line in brackets at
    the very end; anything else is a station name alone."""
    plain = re.fullmatch(r"(.+?)\s*\(([A-Za-z]{2})\)", place)
    expected = (plain.group(1), plain.group(2).upper()) if plain else (place, "")
    assert station_and_line(place) == expected


def test_1_13_5_a_place_padded_with_spaces_is_read_at_once() -> None:
    assert station_and_line("Bank" + " " * 200_000 + "(nt)") == ("Bank", "NT")
    assert station_and_line("Bank" + " " * 200_000) == ("Bank" + " " * 200_000, "")


def test_1_13_6_segment_hours_an_amendment_replaced_are_let_go() -> None:
    """Each amendment of rule 1.13.6 makes a new Opening Hours table; Moves judged under many
    versions must not keep every table the referee ever read (only a few recent ones)."""
    late = game({"Rushton": "Waterloo (WC)"}, lv={"Rushton": 1}, time="Saturday 2100")
    move = "Rushton : Bank (WC)"

    def judged(minute: int) -> weakref.ref[SegmentHours]:
        text = (
            "Amend rule 1.13.6: the Line Segment Bank to Waterloo (WC) opens daily "
            f"05{minute:02d}-2400."
        )
        version = versions(VANILLA, [Change(2, "Tables [Al]", AT, text)])[-1]
        ruleset = amended(VANILLA, version)
        [hours] = [h for h in ruleset.tables().opening.segment if h.from_ == "Waterloo"]
        play = Play.parse(move, players=late.player_names, index=ruleset.action_index())
        assert adjudicate(late, play, ruleset, check_order=False).legal
        return weakref.ref(hours)

    first = judged(0)
    for minute in range(1, 20):
        judged(minute)
    gc.collect()
    assert first() is None
