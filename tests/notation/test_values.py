"""Value types of the GSD, pinned to the rules' wording and examples."""

from __future__ import annotations

import pytest

from referee.network.lines import LineCode
from referee.notation.disruptions import MARKER_RULES, NEXT_WEEK, Disruption, parse_disruptions
from referee.notation.errors import NotationError
from referee.notation.gametime import Day, GameTime
from referee.notation.places import Destination
from referee.notation.possessions import HatType, Possession, parse_possessions
from referee.notation.tokens import Colour, TokenCounts, parse_token_sequence


@pytest.mark.parametrize(
    ("written", "colour"),
    [("Bk", Colour.BK), ("bl", Colour.BK), ("Black", Colour.BK), ("Gd", Colour.GO),
     ("gold", Colour.GO), ("BU", Colour.BU), ("Si", Colour.SI)],
)  # fmt: skip
def test_1_4_1_seven_colours_in_every_spelling(written: str, colour: Colour) -> None:
    assert Colour.parse(written) is colour


def test_1_4_1_unknown_colour_names_the_codes() -> None:
    with pytest.raises(NotationError, match="Bk Bu Br Go Gr Re Si"):
        Colour.parse("Purple")


def test_1_14_1_stack_tokens_ascend_left_to_right() -> None:
    # Rule 1.14.1's Dollis Hill stack BrSiGo has Gold on top.
    tokens = parse_token_sequence("BrSiGo")
    assert tokens == (Colour.BR, Colour.SI, Colour.GO)
    assert parse_token_sequence("BlBlBl") == (Colour.BK,) * 3


def test_token_lists_in_counted_and_run_forms_agree() -> None:
    assert TokenCounts.parse("2 Bk, 1 Re") == TokenCounts.parse("BkBkRe") == TokenCounts(bk=2, re=1)
    assert TokenCounts(bk=2, re=1).render() == "2 Bk, 1 Re"


def test_token_list_error_points_at_the_bad_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_token_sequence("BkBk Xx")
    assert caught.value.column == 6


def test_1_13_1_game_time_day_and_24_hour_clock() -> None:
    time = GameTime.parse("Wednesday 2340")
    assert (time.day, time.hour, time.minute, time.night_train) == (Day.WEDNESDAY, 23, 40, False)
    assert GameTime.parse("thu 05:20").render() == "Thursday 0520"


def test_1_13_1_night_train_asterisk() -> None:
    time = GameTime.parse("Thursday 0020*")
    assert time.night_train
    assert time.render() == "Thursday 0020*"
    assert GameTime.parse("Thursday *0020") == time


def test_1_13_1_impossible_time_is_refused() -> None:
    with pytest.raises(NotationError, match="0000 to 2359"):
        GameTime.parse("Monday 2460")


def test_1_2_0_destination_with_line_and_via() -> None:
    destination = Destination.parse("euston (vc via cn, nt)")
    assert destination == Destination(
        station="Euston", line=LineCode.VC, via=(LineCode.CN, LineCode.NT)
    )
    assert destination.render() == "Euston (VC via: CN,NT)"


def test_escalator_link_form_monument_for_bank() -> None:
    destination = Destination.parse("Monument (for Bank)")
    assert (destination.station, destination.escalator) == ("Monument", "Bank")
    assert destination.render() == "Monument (for Bank)"


def test_station_name_with_its_own_brackets() -> None:
    assert Destination.parse("Kensington (Olympia) (DS)").station == "Kensington (Olympia)"


def test_misspelt_station_suggests_the_real_one() -> None:
    with pytest.raises(NotationError, match="'Eustn' is not a station; did you mean Euston"):
        Destination.parse("Eustn (VC)")


def test_1_4_12_luggage_rack_example_items() -> None:
    items = parse_possessions("Queen's Park Stub, Hats (ACOTV), Overpriced Baguette, Hat (C)")
    assert items[0].station == "Queens Park"
    assert items[1].hats == "ACOTV"
    assert items[2].name == "Overpriced Baguette"
    assert items[3].render() == "Hat (C)"


def test_1_4_6_hat_types_and_initials() -> None:
    assert [h.initial for h in HatType] == ["A", "B", "C", "T", "V", "H", "S"]
    assert HatType.parse("BR") is HatType.BRITISH_RAIL


def test_1_4_30_worn_garment_in_asterisks() -> None:
    assert Possession.parse("*Overcoat*").worn
    assert Possession.parse("*overcoat*").render() == "*Overcoat*"


def test_1_4_15_nantucketed_possession_in_brackets() -> None:
    item = Possession.parse("(Zone 1 Pass)")
    assert item.nantucketed and item.name == "Zone 1 Pass"


def test_1_4_49_vacuum_cleaner_fills_with_asterisks() -> None:
    item = Possession.parse("Vacuum Cleaner (Off)**")
    assert (item.name, item.state, item.fill) == ("Vacuum Cleaner", "Off", 2)


def test_1_4_28_and_newspaper_day_stamps() -> None:
    assert Possession.parse("Thursday Rover Card").stamp is Day.THURSDAY
    assert Possession.parse("Thursday's Paper").render() == "Thursday's Paper"


def test_1_4_46_numbered_remote_controls_and_clamps() -> None:
    control = Possession.parse("Remote Control #3 (On)")
    assert (control.number, control.state) == (3, "On")
    assert control.render() == "Remote Control 3 (On)"
    assert Possession.parse("radio clamp 3").render() == "Radio Clamp 3"


def test_1_4_38_velocity_bomb_states() -> None:
    assert Possession.parse("Velocity Bomb (Primed)").state == "Primed"


def test_1_2_2_disruptions_keep_order_and_duplicates() -> None:
    entries = parse_disruptions("Euston (Peg), Wembley Park (Bulkhead), Euston (Peg)")
    assert [e.render() for e in entries] == [
        "Euston (Peg)",
        "Wembley Park (Bulkhead)",
        "Euston (Peg)",
    ]


def test_1_11_5_pegged_line_segment() -> None:
    entry = Disruption.parse("Angel to Bank (NT) (Peg)")
    assert (entry.station, entry.segment_end, entry.line) == ("Angel", "Bank", LineCode.NT)


def test_1_8_3_and_1_8_4_states_recorded_in_disruptions() -> None:
    assert Disruption.parse("bridges up").render() == "Bridges Up"
    assert Disruption.parse("In Knip").flag == "In Knip"


def test_1_13_7_upcoming_holiday_later_amended() -> None:
    assert Disruption.parse("Upcoming Holiday").day is None
    assert Disruption.parse("Upcoming Holiday: Tuesday").day is Day.TUESDAY
    later = Disruption.parse("upcoming holiday: next tue")
    assert (later.day, later.state) == (Day.TUESDAY, NEXT_WEEK)
    assert later.render() == "Upcoming Holiday: next Tuesday"


def test_1_20_2_line_state_in_disruptions() -> None:
    assert Disruption.parse("nt: one way: n-s").render() == "NT: One Way: N-S"


def test_1_7_30_a_player_caught_in_a_blast() -> None:
    entry = Disruption.parse("blasted:  Mrs. Trellis")
    assert (entry.flag, entry.player, entry.station) == ("Blasted", "Mrs. Trellis", None)
    assert entry.render() == "Blasted: Mrs. Trellis"


def test_1_9_6_a_player_shunted_into_a_sinkhole() -> None:
    entry = Disruption.parse("sunk: Pat at Home at angel (nt)")
    assert (entry.player, entry.station, entry.line) == ("Pat at Home", "Angel", LineCode.NT)
    assert entry.render() == "Sunk: Pat at Home at Angel (NT)"
    assert Disruption.parse("Sunk: Garden at Angel").line is None


def test_a_sunk_entry_names_a_real_station() -> None:
    with pytest.raises(NotationError, match="column 32: 'Angle' is not a station"):
        parse_disruptions("Euston (Peg),  Sunk: Garden at Angle (NT)")


def test_unreadable_disruption_says_what_to_write() -> None:
    with pytest.raises(NotationError, match="'Euston \\(Peg\\)'"):
        Disruption.parse("Somewhere odd")


# Every station marker the rules define, as written and as the referee writes it back.
MARKED = [
    ("Euston (peg)", "Euston (Peg)"),  # rule 1.11.4
    ("Wembley Park (BULKHEAD)", "Wembley Park (Bulkhead)"),  # rules 1.2.2, 1.9.3
    ("Paddington ( Maelberg )", "Paddington (Maelberg)"),  # rule 1.9.5
    ("Bank (damage)", "Bank (Damage)"),  # rule 1.11.3, Lightly Damaged
    ("Bank (* Damage *)", "Bank (*Damage*)"),  # rule 1.11.3, Heavily Damaged
    ("Temple (defamed)", "Temple (Defamed)"),  # rule 1.11.7, the referee's string
]


@pytest.mark.parametrize(("written", "canonical"), MARKED)
def test_1_2_2_every_station_marker_the_rules_define(written: str, canonical: str) -> None:
    assert Disruption.parse(written).render() == canonical


def test_1_2_2_every_markers_rule_is_in_the_rulebook() -> None:
    from referee.engine.rulebook import load_rulebook

    rulebook = load_rulebook()
    assert all(rule in rulebook for rule in MARKER_RULES.values())


@pytest.mark.parametrize(
    ("written", "message", "column"),
    [
        ("Euston (Pegged)", "'(Pegged)' is not a station marker; did you mean (Peg)?", 23),
        ("Euston (VC)", "'(VC)' is not a station marker; write one of (Peg) (rule 1.11.4)", 23),
        ("Euston (Damaged)", "did you mean (Damage)?", 23),
        ("Angel to Bank (NT) (Bulkhead)", "a Segment is only Pegged, (Peg) (rule 1.11.5)", 35),
    ],
)
def test_1_2_2_an_unknown_marker_is_refused_at_its_column(
    written: str, message: str, column: int
) -> None:
    """A marker outside the rules' list would be a state the referee cannot judge (rules 1.2.2,
    1.9.3, 1.9.5, 1.11.3-1.11.5): the error points at the marker."""
    with pytest.raises(NotationError) as caught:
        parse_disruptions(f"Bank (Peg),   {written}")
    assert message in caught.value.reason
    assert caught.value.column == column
