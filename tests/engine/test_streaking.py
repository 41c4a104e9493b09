"""Rule 1.7.60 - Did you see That? (Streaking)."""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from referee.notation.possessions import Possession
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, stack, with_luggage

STREAK = "Rushton : Holborn (CN) [Streaking]"


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _game(rushton: str = "", rushton_tokens: str = "4 Re") -> GSD:
    """Rushton at Lancaster Gate (CN), LV 5, five stations from Holborn through Marble Arch,
    Bond Street, Oxford Circus and Tottenham Court Road; Cryer at Oxford Circus, Garden at
    Holborn (where the Move ends, not passed through)."""
    gsd = game({"Rushton": "Lancaster Gate (CN)", "Cryer": "Oxford Circus (VC)",
                "Garden": "Holborn (PD)"}, lv={"Rushton": 5},
               tokens={"Rushton": rushton_tokens})  # fmt: skip
    rack = {"Cryer": "*Scarf*, Book, (Harmonica), Spoon Clamp, Thursday's Paper", "Garden": "Book"}
    if rushton:
        rack["Rushton"] = rushton
    return with_luggage(gsd, rack)


def test_1_7_60_players_passed_lose_what_they_do_not_wear_nantucket_or_carry_cursed() -> None:
    """Rule 1.7.60: Cryer, passed at Oxford Circus, keeps the Worn Scarf, the Nantucketed
    Harmonica and the Cursed Spoon Clamp and loses the Book and the Paper, which go to the Lost
    & Found Box (rule 1.7.53); Garden, where the Move ends, keeps eir Book."""
    result = play(_game(), STREAK)
    assert result.legal, result.messages()
    assert luggage(result, "Cryer") == ["*Scarf*", "(Harmonica)", "Spoon Clamp"]
    assert luggage(result, "Garden") == ["Book"]
    assert [i.render() for i in result.state.lost_and_found] == ["Book", "Thursday's Paper"]
    assert row(result.state, "Rushton").tokens.re == 1  # 4, less 4, plus the Move's one Red


def test_1_7_60_breaks() -> None:
    """Rule 1.7.60: the Streaker carries no Possessions; the index's four Red; Post-Move."""
    dressed = play(_game(rushton="Book"), STREAK)
    assert rules_broken(dressed) == ["1.7.60"] and "Book" in _message(dressed)
    poor = play(_game(rushton_tokens="2 Re"), STREAK)
    assert rules_broken(poor) == ["1.7.1"]
    early = play(_game(), "Rushton : [Streaking] Holborn (CN)")
    assert "1.3.4" in rules_broken(early)


def _exposed(tokens: str = "4 Re, 1 Br") -> TurnResult:
    gsd = game({"Rushton": "Finsbury Park (PD)"}, lv={"Rushton": 1}, tokens={"Rushton": tokens})
    return play(gsd, "Rushton : Arsenal (PD) [Streaking]")


def test_1_7_60_a_streaker_ending_at_arsenal_is_clothed_and_taken_to_tower_hill() -> None:
    """Rule 1.7.60: ending at Arsenal, Rushton gains an Overcoat and is transported to Tower
    Hill, for one Bronze besides the four Red; the record alone puts em there."""
    result = _exposed()
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Overcoat"]
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.re, tokens.br) == (0, 0)
    history._CACHE.clear()
    assert history.derive(result.state).position("Rushton") == Position("Tower Hill")


def test_1_7_60_the_extra_bronze_must_be_paid() -> None:
    """Rule 1.7.60: "the Streaking costs one Bronze Token in addition"."""
    result = _exposed("4 Re")
    assert rules_broken(result) == ["1.7.60"] and "Bronze" in _message(result)


def test_1_7_60_a_possession_that_may_be_dropped_is_dropped_where_its_owner_stands() -> None:
    """Rule 1.7.60 with rule 1.4.7: a carried Package is dropped at Oxford Circus, where Cryer
    stands, not sent to the Lost & Found Box."""
    gsd = _game()
    rack = tuple(e.model_copy(update={"possessions": (Possession(name="Package"),)})
                 if e.player == "Cryer" else e for e in gsd.rack)  # fmt: skip
    result = play(gsd.model_copy(update={"rack": rack}), STREAK)
    assert result.legal, result.messages()
    assert stack(result, "Oxford Circus") == "Susp Package"
    assert luggage(result, "Cryer") == [] and result.state.lost_and_found == ()
