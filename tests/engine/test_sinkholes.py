"""Rule 1.9.6 - Kafka Sinkholes: a Shunt through one ends there (DATC style).

Rushton, at LV 4, comes to Euston (VC), where Garden stands, and Shunts along the Northern
line to Moorgate, four stops on: King's Cross St. Pancras, Angel, Old Street, Moorgate. A
Stack of four Black Tokens at Old Street is a Kafka Sinkhole.
"""

from __future__ import annotations

import referee.engine.history as history
from referee.engine.history import Position
from referee.network.lines import LineCode
from referee.notation.disruptions import Disruption
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.stacks import TokenStack
from referee.notation.table import TokenCounts
from referee.notation.tokens import Colour, parse_token_sequence
from tests.engine.builder import play, row, rules_broken
from tests.engine.test_blocks import legal
from tests.engine.test_targeting import TO_EUSTON, at_euston

SHUNT = f"{TO_EUSTON} [Shunting Garden to Moorgate (NT)]"
SUNK_AT = Position("Old Street", LineCode.NT)


def stack(station: str, tokens: str) -> TokenStack:
    return TokenStack(station=station, tokens=parse_token_sequence(tokens))


def with_stacks(gsd: GSD, *stacks: TokenStack) -> GSD:
    return gsd.model_copy(update={"stacks": (*gsd.stacks, *stacks)})


def sinkhole_at_old_street(**kw: object) -> GSD:
    gsd = at_euston(**kw)  # type: ignore[arg-type]
    return with_stacks(gsd, stack("Old Street", "Bk Bk Bk Bk"))


def cold(gsd: GSD) -> history.History:
    """The positions a fresh reading of the GSD derives (the service after a restart)."""
    history._CACHE.clear()
    return history.derive(gsd.model_copy())


def sunk(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions if d.flag == "Sunk"]


def test_1_9_6_a_player_shunted_through_a_sinkhole_ends_there() -> None:
    """Rule 1.9.6: any Player Shunted through a Sinkhole Station ends the Shunt at it; the
    GSD says so, and positions derived afresh from it agree with the Turn."""
    state = legal(play(sinkhole_at_old_street(), SHUNT))
    assert sunk(state) == ["Sunk: Garden at Old Street (NT)"]
    assert history.derive(state).position("Garden") == SUNK_AT
    assert cold(state).position("Garden") == SUNK_AT
    assert row(state, "Garden").lv == 0


def test_1_9_6_the_first_sinkhole_on_the_way_swallows() -> None:
    """Rule 1.9.6: with Sinkholes at Angel and Old Street, the Shunt ends at Angel."""
    gsd = with_stacks(sinkhole_at_old_street(), stack("Angel", "Bk Bk Bk Bk Bk"))
    state = legal(play(gsd, SHUNT))
    assert cold(state).position("Garden") == Position("Angel", LineCode.NT)


def test_1_9_6_only_four_or_more_black_tokens_make_a_sinkhole() -> None:
    """Rule 1.9.6: three Black Tokens, or four with one of another colour, are no Sinkhole."""
    for tokens in ("Bk Bk Bk", "Bk Bk Bu Bk"):
        state = legal(play(with_stacks(at_euston(), stack("Old Street", tokens)), SHUNT))
        assert sunk(state) == []
        assert cold(state).position("Garden") == Position("Moorgate", LineCode.NT)


def test_1_9_6_a_sinkhole_off_the_line_of_the_shunt_does_not_swallow() -> None:
    """Rule 1.9.6: only a Station the Shunt passes through: Camden Town, next to Euston on
    another branch of the Northern line, is not on the way."""
    state = legal(play(with_stacks(at_euston(), stack("Camden Town", "Bk Bk Bk Bk")), SHUNT))
    assert cold(state).position("Garden") == Position("Moorgate", LineCode.NT)


def test_1_9_6_a_shunt_into_a_sinkhole_needs_no_entry() -> None:
    """Rule 1.10.1: a Shunt to the Sinkhole's own Station ends there as named."""
    gsd = with_stacks(
        at_euston(lv=3, rushton="Green Park (VC)"), stack("Old Street", "Bk Bk Bk Bk")
    )
    state = legal(play(gsd, f"{TO_EUSTON} [Shunting Garden to Old Street (NT)]"))
    assert sunk(state) == []
    assert cold(state).position("Garden") == SUNK_AT


def test_1_9_6_a_token_stack_shunted_through_a_sinkhole_ends_there() -> None:
    """Rules 1.10.1 and 1.9.6: a Stack is Shunted as though it were a Player."""
    gsd = with_stacks(sinkhole_at_old_street(), stack("Euston", "Bu Re"))
    state = legal(play(gsd, f"{TO_EUSTON} [Shunting Token Stack to Moorgate (NT)]"))
    assert [(s.station, s.tokens) for s in state.stacks] == [
        ("Old Street", (Colour.BK,) * 4),
        ("Old Street", (Colour.BU, Colour.RE)),
    ]


def test_1_9_6_a_suspect_package_shunted_through_a_sinkhole_ends_there() -> None:
    """Rules 1.4.7 and 1.9.6: the Package is Shunted as though it were a Player."""
    gsd = with_stacks(sinkhole_at_old_street(), TokenStack(station="Euston", marker="Susp Package"))
    state = legal(play(gsd, f"{TO_EUSTON} [Shunting Suspect Package to Moorgate (NT)]"))
    assert [(s.station, s.marker) for s in state.stacks] == [
        ("Old Street", None),
        ("Old Street", "Susp Package"),
    ]


def test_1_10_2_a_double_shunt_starts_where_the_sinkhole_stopped_the_shunt() -> None:
    """Rules 1.10.2 and 1.9.6: the occupied Station is the Sinkhole, so Cryer, at Old Street,
    is Double-Shunted at LV 4 from there: to Borough (four stops on) but not to Moorgate
    (one)."""
    gsd = sinkhole_at_old_street()
    cryer = Play.parse("Cryer : Pass Old Street (NT)", players=gsd.player_names)
    gsd = gsd.model_copy(update={"record": (*gsd.record, cryer)})
    assert rules_broken(play(gsd, f"{SHUNT} [Double-Shunting Cryer to Moorgate (NT)]")) == [
        "1.10.2"
    ]
    state = legal(play(gsd, f"{SHUNT} [Double-Shunting Cryer to Borough (NT)]"))
    assert cold(state).position("Cryer") == Position("Borough", LineCode.NT)
    assert cold(state).position("Garden") == SUNK_AT


def test_1_9_6_the_derived_position_outlives_the_sinkhole() -> None:
    """Rule 1.9.6: once Sunk, Garden stays at Old Street though the Sinkhole's Stack is later
    Shunted away (what the record's Shunt names, Moorgate, was never reached)."""
    state = legal(play(sinkhole_at_old_street(), SHUNT))
    state = state.model_copy(update={"stacks": (stack("Bank", "Bk Bk Bk Bk"),)})
    assert cold(state).position("Garden") == SUNK_AT


def test_1_9_6_the_entry_lasts_until_the_record_can_say() -> None:
    """The Sunk entry stays through others' Turns and Garden's own bare Pass or Timeout, and
    goes once Garden plays a Move naming a Station (the record then says where e is)."""
    state = legal(play(sinkhole_at_old_street(), SHUNT))
    state = legal(play(state, "Cryer : Pass Moorgate (NT)"))
    state = legal(play(state, "Garden : Timeout"))
    assert sunk(state) == ["Sunk: Garden at Old Street (NT)"]
    assert cold(state).position("Garden") == SUNK_AT
    state = legal(play(state, "Garden : Pass Old Street (NT)"))
    assert sunk(state) == []
    assert cold(state).position("Garden") == SUNK_AT


def test_1_9_6_the_entry_goes_when_another_shunt_moves_the_piece() -> None:
    """A later Shunt that does not pass a Sinkhole leaves the Piece where it names."""
    state = legal(play(sinkhole_at_old_street(), SHUNT))
    cryer = next(p for p in state.players if p.name == "Cryer")
    cryer = cryer.model_copy(update={"tokens": TokenCounts(re=1)})
    state = state.model_copy(update={"stacks": (), "players": tuple(
        cryer if p.name == "Cryer" else p for p in state.players)})  # fmt: skip
    state = legal(play(state, "Cryer : Old Street (NT) [Shunting Garden to Angel (NT)]"))
    assert sunk(state) == []
    assert cold(state).position("Garden") == Position("Angel", LineCode.NT)


def test_1_9_6_the_sunk_player_starts_eir_turn_in_the_sinkhole() -> None:
    """Rule 1.9.6: at the start of eir Turn at a Sinkhole, Garden's Plastic non-Black Tokens
    (one Blue) turn Black; Gold stays."""
    state = legal(play(sinkhole_at_old_street(), SHUNT))
    state = legal(play(state, "Garden : Pass Old Street (NT)"))
    assert (row(state, "Garden").tokens.bu, row(state, "Garden").tokens.bk) == (0, 1)
    assert row(state, "Garden").tokens.go == 2


def test_1_11_4_a_sinkhole_at_a_pegged_station_cannot_keep_the_piece() -> None:
    """Rule 1.11.4: a Shunt never leaves a Piece at a Pegged Station, Sinkhole or not."""
    gsd = sinkhole_at_old_street()
    gsd = gsd.model_copy(update={"disruptions": (Disruption.parse("Old Street (Peg)"),)})
    assert rules_broken(play(gsd, SHUNT)) == ["1.11.4"]
