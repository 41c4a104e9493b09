"""Rule 1.7.31 - Tithe."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _game(cryer: str = "2 Re, 3 Bk") -> GSD:
    """Rushton at Holborn and Cryer at Euston (Zone 1), Garden at Highgate (Zone 3); a Stack
    at Holborn (Red under Black) and one at Hampstead (Zones 2 and 3)."""
    gsd = game({"Rushton": "Holborn (CN)", "Cryer": "Euston (NT)", "Garden": "Highgate (NT)"},
               tokens={"Rushton": "7 Bu, 2 Re", "Cryer": cryer, "Garden": "4 Re"})  # fmt: skip
    stacks = (TokenStack(station="Holborn", tokens=(Colour.RE, Colour.BK)),
              TokenStack(station="Hampstead", tokens=(Colour.GR,)))  # fmt: skip
    return gsd.model_copy(update={"stacks": stacks})


def _tithed(zone: int = 1, gsd: GSD | None = None) -> GSD:
    """Rushton Tithes the Zone; Cryer and Garden then Pass."""
    state = gsd or _game()
    for text in (f"Rushton : [Tithe {zone}] Pass Holborn (CN)", "Cryer : Pass Euston (NT)",
                 "Garden : Pass Highgate (NT)"):  # fmt: skip
        result = play(state, text)
        assert result.legal, (text, result.messages())
        state = result.state
    return state


def test_1_7_31_tithing_a_zone_costs_seven_blue_less_its_number() -> None:
    """Rule 1.7.31 and the index's (7-Zone)Bu: Zone 1 costs six Blue, Zone 6 one."""
    one = play(_game(), "Rushton : [Tithe 1] Pass Holborn (CN)")
    assert one.legal, one.messages()
    assert row(one.state, "Rushton").tokens.bu == 1
    six = play(_game(), "Rushton : [Tithe 6] Pass Holborn (CN)")
    assert six.legal and row(six.state, "Rushton").tokens.bu == 6


def test_1_7_31_tithe_breaks() -> None:
    """Rule 1.7.31: a Zone of the Underground, paid for in full."""
    seven = play(_game(), "Rushton : [Tithe 7] Pass Holborn (CN)")
    assert rules_broken(seven) == ["1.7.31"] and "Zones are 1 to 6" in _message(seven)
    poor = play(_game(), "Cryer : [Tithe 2] Pass Euston (NT)")
    assert rules_broken(poor) == ["1.7.31"] and "5 Blue" in _message(poor)


def test_1_7_31_collecting_takes_a_token_from_each_piece_and_stack_in_the_zone() -> None:
    """Rule 1.7.31: the Turn after, one Token of Cryer's (in Zone 1) and the Holborn Stack's
    top Token; Garden (Zone 3) and the Hampstead Stack are outside the Zone."""
    result = play(_tithed(), "Rushton : [Collecting Tithe] Pass Holborn (CN) {tithe: Cryer Re}")
    assert result.legal, result.messages()
    rushton = row(result.state, "Rushton").tokens
    assert (rushton.re, rushton.bk, rushton.bu) == (3, 1, 0)
    assert row(result.state, "Cryer").tokens.re == 1
    assert row(result.state, "Garden").tokens.re == 4
    assert [(s.station, s.tokens) for s in result.state.stacks] == [
        ("Holborn", (Colour.RE,)), ("Hampstead", (Colour.GR,))]  # fmt: skip


def test_1_7_31_unnamed_tithes_take_the_colour_held_most_and_empty_stacks_go() -> None:
    """Rule 1.7.31 in Zone 3: Garden's Red (all e holds) and Hampstead's last Token; the
    emptied Stack leaves the GSD."""
    state = _tithed(zone=3)
    result = play(state, "Rushton : [Collecting Tithe] Pass Holborn (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Garden").tokens.re == 3
    assert row(result.state, "Rushton").tokens.gr == 1
    assert [s.station for s in result.state.stacks] == ["Holborn"]


def test_1_7_31_collecting_breaks() -> None:
    """Rule 1.7.31: only the Turn after a Tithe; the chosen Token must be one a Piece in the
    Zone holds."""
    untithed = play(_game(), "Rushton : [Collecting Tithe] Pass Holborn (CN)")
    assert rules_broken(untithed) == ["1.7.31"] and "previous Turn" in _message(untithed)
    state = _tithed()
    lapsed = state
    for text in ("Rushton : Pass Holborn (CN)", "Cryer : Pass Euston (NT)",
                 "Garden : Pass Highgate (NT)"):  # fmt: skip
        lapsed = play(lapsed, text).state
    late = play(lapsed, "Rushton : [Collecting Tithe] Pass Holborn (CN)")
    assert rules_broken(late) == ["1.7.31"]
    gold = play(state, "Rushton : [Collecting Tithe] Pass Holborn (CN) {tithe: Cryer Go}")
    assert rules_broken(gold) == ["1.7.31"] and "Cryer Go" in _message(gold)
    outside = play(state, "Rushton : [Collecting Tithe] Pass Holborn (CN) {tithe: Garden Re}")
    assert rules_broken(outside) == ["1.7.31"] and "Garden Re" in _message(outside)


def test_1_7_31_a_bifurcated_player_with_both_pieces_in_the_zone_pays_twice() -> None:
    """Rule 1.7.42: "A Tithe action will affect the Player twice if both Pieces are in the
    targeted Zone" (Cryer's Pieces at Euston and Warren Street, both Zone 1)."""
    gsd = _game()
    split = Play.parse("Cryer : A: Pass Euston (NT) B: Pass Warren Street (VC)",
                       players=gsd.player_names)  # fmt: skip
    state = _tithed(gsd=gsd.model_copy(update={"record": (*gsd.record, split)}))
    result = play(state, "Rushton : [Collecting Tithe] Pass Holborn (CN) "
                         "{tithe: Cryer Re, Cryer Bk}")  # fmt: skip
    assert result.legal, result.messages()
    cryer = row(result.state, "Cryer").tokens
    assert (cryer.re, cryer.bk) == (1, 1)  # 3 Black: one to eir upkeep of two Pieces, one Tithed
