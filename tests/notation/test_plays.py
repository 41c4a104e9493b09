"""Plays in every form the rules define (rules 1.2.0, 1.3.5, 1.5.12, 1.7.42, escalator links)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from referee.network.lines import LineCode
from referee.notation.action_index import ActionIndex, load_action_index
from referee.notation.actions import Action
from referee.notation.errors import NotationError
from referee.notation.plays import Move, MoveKind, Play

PLAYERS = ["Rushton", "Cryer", "Garden", "Brooke-Taylor"]


def test_1_2_0_worked_example_euston_via_central_and_northern() -> None:
    play = Play.parse("Rushton : Euston (VC via: CN,NT)")
    (move,) = play.moves
    assert move.destination is not None
    assert move.destination.station == "Euston"
    assert move.destination.via == (LineCode.CN, LineCode.NT)
    assert play.actions == ()


@pytest.mark.parametrize(
    "line",
    [
        "Brooke-Taylor : Holborn (CN via: PD,NT)",
        "Cryer : [LV+1] Edgware Road (BL)",
        "Garden : Amersham (MP)",
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)",
    ],
)
def test_1_2_0_typical_excerpt_is_canonical_already(line: str) -> None:
    assert Play.parse(line, players=PLAYERS).render() == line


def test_1_2_0_actions_before_the_move_are_pre_move_and_keep_order() -> None:
    play = Play.parse(
        "Cryer : [LV+1] [Line Change] Euston (NT) [Blocking Warren Street] [Re Token on Euston]"
    )
    assert [a.name for a in play.pre_move_actions] == ["LV+X", "Line Change"]
    assert [a.name for a in play.post_move_actions] == ["Blocking", "Token on"]


def test_1_2_0_pass_names_the_current_station() -> None:
    for written in ("Cryer : Pass Holborn (CN)", "Cryer : pass (Holborn, CN)",
                    "Cryer : Pass (Holborn (CN))", "Cryer : PASS (holborn cn)"):  # fmt: skip
        play = Play.parse(written)
        assert play.moves[0].kind is MoveKind.PASS
        assert play.render() == "Cryer : Pass Holborn (CN)"


def test_1_3_5_timeout_takes_nothing_after_it() -> None:
    assert Play.parse("Rushton : Timeout").moves[0].kind is MoveKind.TIMEOUT
    with pytest.raises(NotationError, match="takes nothing after it"):
        Play.parse("Rushton : Timeout Euston")


def test_1_5_12_farkle() -> None:
    assert Play.parse("Rushton : farkle").render() == "Rushton : Farkle"


def test_escalator_link_move() -> None:
    play = Play.parse("Garden : Monument (for Bank)")
    assert play.moves[0].destination is not None
    assert play.moves[0].destination.escalator == "Bank"


def test_1_7_42_bifurcated_example() -> None:
    # The rule's own example (with BL for the Bakerloo; it writes BK).
    play = Play.parse("Rushton: [LV+2] A:Baker Street (BL) B:Angel (NT via CN, CL)")
    a, b = play.moves
    assert (a.piece, b.piece) == ("A", "B")
    assert play.render() == "Rushton : [LV+2] A: Baker Street (BL) B: Angel (NT via: CN,CL)"


def test_1_7_42_neutral_action_between_the_two_moves() -> None:
    play = Play.parse("Garden : A: Bank (CN) [Into Knip] B: Moorgate (NT)")
    assert isinstance(play.parts[1], Action)
    assert [m.piece for m in play.moves] == ["A", "B"]


def test_1_7_42_a_piece_moves_once() -> None:
    with pytest.raises(NotationError, match="at most once"):
        Play.parse("Garden : A: Bank (CN) A: Moorgate (NT)")


def test_1_10_1_shunt_names_a_player_and_a_destination() -> None:
    play = Play.parse("Rushton : Euston (VC) [Shunting Garden to Moorgate (NT)]", players=PLAYERS)
    (shunt,) = play.actions
    assert shunt.name == "Shunting"
    assert shunt.args[0] == "Garden"
    assert shunt.render() == "[Shunting Garden to Moorgate (NT)]"


def test_player_in_an_action_is_checked_against_the_gsd() -> None:
    with pytest.raises(NotationError, match="'Gardn' is not a player in this game; did you mean"):
        Play.parse("Rushton : Euston (VC) [Shunting Gardn to Moorgate (NT)]", players=PLAYERS)


def test_1_4_7_suspect_package_shunted_as_a_player() -> None:
    text = "Rushton : Euston (VC) [Shunting Suspect Package to Angel (NT)]"
    play = Play.parse(text, players=PLAYERS)
    assert play.actions[0].args[0] == "Suspect Package"


def test_unknown_action_names_the_closest() -> None:
    with pytest.raises(NotationError, match=r"Closest: \[Blocking <station>\]"):
        Play.parse("Rushton : [Blockign Euston] Euston (VC)")


def test_error_column_points_into_the_line() -> None:
    with pytest.raises(NotationError) as caught:
        Play.parse("Rushton : Eustn (VC)")
    assert caught.value.column == 11
    assert "did you mean Euston?" in caught.value.reason


def test_play_needs_a_move() -> None:
    with pytest.raises(NotationError, match="no Move"):
        Play.parse("Rushton : [LV+1]")


def test_comment_closes_a_play() -> None:
    play = Play.parse("Rushton : Euston (VC) {taking   the scenic route}")
    assert play.comment == "taking the scenic route"
    with pytest.raises(NotationError, match="nothing may follow the comment"):
        Play.parse("Rushton : {hm} Euston (VC)")


def test_actions_forgive_case_and_spacing() -> None:
    play = Play.parse("Rushton : [lv + 3] [into  knip] [nt : one way : s-n] Euston (VC)")
    assert play.render() == "Rushton : [LV+3] [Into Knip] [NT: One Way: S-N] Euston (VC)"


def test_most_specific_action_wins() -> None:
    assert Action.parse("Eating Overpriced Baguette").name == "Eating Overpriced Baguette"
    assert Action.parse("Eating Scarf").name == "Eating"


def test_1_7_51_long_lunch_hours() -> None:
    action = Action.parse("Duration: +0300")
    assert action.args == (3,)
    assert action.render() == "[Duration: +0300]"


def test_move_parse_alone() -> None:
    assert Move.parse("Euston (VC)").render() == "Euston (VC)"


def test_play_pasted_from_mail_quoted_and_wrapped() -> None:
    play = Play.parse("> Rushton : [LV+3] Mornington\r\n> Crescent (NT via: VC)\r\n")
    assert play.render() == "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    with pytest.raises(NotationError) as caught:
        Play.parse("> Rushton : [LV+3]\n> Eustn (VC)")
    assert (caught.value.line, caught.value.column) == (2, 3)


def test_player_name_takes_the_tables_spelling() -> None:
    assert Play.parse("brooke-taylor : Euston (VC)", players=PLAYERS).player == "Brooke-Taylor"


def test_1_7_2_every_action_of_the_index_reads_and_renders() -> None:
    samples = {
        "station": "euston", "destination": "moorgate (nt)", "player": "garden", "colour": "red",
        "tokens": "BkBkRe", "n": "3", "line": "nt", "direction": "n-s", "possession": "scarf",
        "hat": "compass", "place": "York", "zone": "2", "compass": "north", "name": "Finsbury",
        "hours": "+0200", "number": "4",
    }  # fmt: skip
    index = load_action_index()
    for spec in index:
        text = re.sub(r"\{(\w+)\}", lambda m: samples[m.group(1)], spec.pattern)
        action = Action.parse(text.lower(), players=PLAYERS)
        assert action.name == spec.name, text
        assert len(action.args) == len(spec.placeholders)
        assert Action.parse(action.render()[1:-1], players=PLAYERS) == action


def test_odd_spacing_around_colons_and_brackets() -> None:
    play = Play.parse("Rushton:[LV+3]Mornington Crescent(NT via:VC)")
    assert play.render() == "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    assert Play.parse("Rushton  :  Euston ( vc  via :  cn , nt )").render() == (
        "Rushton : Euston (VC via: CN,NT)"
    )


def test_cached_action_readings_respect_the_players_at_hand() -> None:
    text = "Shunting Garden to Moorgate (NT)"
    assert Action.parse(text, players=["Garden"]).args[0] == "Garden"
    with pytest.raises(NotationError, match="not a player"):
        Action.parse(text, players=["Rushton"])
    assert Action.parse(text, players=["Rushton"], strict=False).args[0] == "Garden"


def _knip_as(pattern: str) -> ActionIndex:
    """The vanilla index with [Into Knip] written another way, as a variant might."""
    vanilla = load_action_index()
    specs = tuple(replace(s, pattern=pattern) if s.name == "Into Knip" else s for s in vanilla)
    return ActionIndex(ruleset="variant", specs=specs)


def test_cached_play_readings_respect_the_players_at_hand() -> None:
    """A play line read once is read again for another roster or strictness, not recalled."""
    text = "garden : Euston (VC)"
    assert Play.parse(text, players=["Garden"]).player == "Garden"
    assert Play.parse(text).player == "garden"
    assert Play.parse(text, players=["Rushton"], strict=False).player == "garden"
    with pytest.raises(NotationError, match="not a player"):
        Play.parse(text, players=["Rushton"])


def test_cached_play_readings_respect_the_index_at_hand() -> None:
    """Rule 1.7.2: the same text names an Action under one index and none under another."""
    text = "Rushton : [Into the Knip] Euston (VC)"
    variant = _knip_as("Into the Knip")
    assert Play.parse(text, index=variant).actions[0].name == "Into Knip"
    with pytest.raises(NotationError):
        Play.parse(text)
    assert Play.parse(text, index=variant).render(variant) == text


# The index's wording (rule 1.7.2) or a rule's, where the other is the pattern: both read as
# the one Action, and the canonical line always uses the pattern.
ALIASES = [
    ("Rushton : [Walking to Euston] Euston (VC)", "Rushton : [Walking] Euston (VC)"),  # 1.7.2
    ("Rushton : [walking TO euston] Euston (VC)", "Rushton : [Walking] Euston (VC)"),
    ("Rushton : [Striling to Bank] Bank (NT)", "Rushton : [Striling] Bank (NT)"),  # 1.7.2
    ("Rushton : Bank (NT) [Terminate Craze]", "Rushton : Bank (NT) [Terminating Craze]"),  # 1.7.2
    ("Rushton : Bank (NT) [Releasing Pigeon(s)]", "Rushton : Bank (NT) [Releasing Pigeons]"),
    (
        "Rushton : Bank (NT) [Stationary Shunt Garden to Angel (NT)]",  # rule 1.10.17
        "Rushton : Bank (NT) [Stationary-Shunting Garden to Angel (NT)]",
    ),
    (
        "Rushton : Bank (NT) [Declaring Trellis Roundhouse Gambit]",  # 1.7.2
        "Rushton : Bank (NT) [Declaring the Trellis Roundhouse Gambit]",
    ),
    (
        "Rushton : Bank (NT) [Using Ould Diagonal Manoeuvre]",  # 1.7.2
        "Rushton : Bank (NT) [Using the Ould Diagonal Manoeuvre]",
    ),
]


@pytest.mark.parametrize(("written", "canonical"), ALIASES)
def test_1_7_2_the_index_wording_reads_and_the_pattern_is_written(
    written: str, canonical: str
) -> None:
    play = Play.parse(written, players=PLAYERS)
    assert play.render() == canonical
    assert Play.parse(canonical, players=PLAYERS) == play


def test_1_18_1_the_word_the_is_not_part_of_a_gambits_name() -> None:
    """With and without 'the', the Gambit is named the same (the pattern, with more literal
    text, wins over the index's wording)."""
    written = Action.parse("Declaring the Trellis Gambit")
    assert written == Action.parse("Declaring Trellis Gambit")
    assert written.args == ("Trellis",)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("Rushton : [Walking to Euston] Holborn (CN)", "names Euston but the Move goes to Holborn"),
        ("Rushton : [Walking to Euston] Pass Euston (VC)", "names Euston but no Move goes"),
        ("Rushton : [Striling to Bank] Farkle", "write [Striling] before the Move"),
    ],
)
def test_1_7_10_the_station_the_index_wording_names_must_be_the_moves(
    written: str, message: str
) -> None:
    """Rules 1.7.10 and 1.7.12: the Move names where the Walk or Strile goes; a station
    named in the index's `[Walking to <Station>]` that is not that place contradicts it."""
    with pytest.raises(NotationError, match=re.escape(message)) as caught:
        Play.parse(written, players=PLAYERS)
    assert caught.value.column == len("Rushton : [") + 1


def test_1_7_42_a_bifurcated_walk_names_the_next_moves_station() -> None:
    play = Play.parse("Rushton : [Walking to Bank] A: Bank (NT) B: Euston (VC)")
    assert play.render() == "Rushton : [Walking] A: Bank (NT) B: Euston (VC)"
    with pytest.raises(NotationError, match="names Euston but the Move goes to Bank"):
        Play.parse("Rushton : [Walking to Euston] A: Bank (NT) B: Euston (VC)")


def test_1_7_2_suggestions_name_only_the_canonical_wordings() -> None:
    with pytest.raises(NotationError) as caught:
        Play.parse("Rushton : [Walkin to Euston] Euston (VC)")
    assert "[Walking]" in caught.value.reason
    assert "Walking to" not in caught.value.reason
