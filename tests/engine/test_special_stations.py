"""Special Stations of section 1.11: Wild (1.11.1), the Courier (1.11.2), Ghosts (1.11.6),
Holy Stations' Collection Plate and Defaming (1.11.7)."""

from __future__ import annotations

import pytest

from referee.engine.registry import load_sections
from referee.engine.result import TurnResult
from referee.engine.ruleset import Ruleset
from referee.engine.turn import adjudicate
from referee.notation.action_index import ActionSpec, Phase, load_action_index
from referee.notation.gsd import GSD
from referee.notation.luggage import RackEntry
from referee.notation.plays import Play
from referee.notation.possessions import Possession
from tests.engine.builder import game, play, row, rules_broken

HOLBORN = {"Rushton": "Holborn (CN)"}
RICH = {"Rushton": "4 Bk, 4 Gr, 2 Si"}


def with_(gsd: GSD, **fields: object) -> GSD:
    return gsd.model_copy(update=fields)


def parcel(gsd: GSD) -> GSD:
    return with_(gsd, rack=(RackEntry(player="Rushton", possessions=(Possession(name="Parcel"),)),))


def test_1_11_1_wild_permits_a_special_move_to_a_wild_station() -> None:
    """Rule 1.11.1 - Born to be Wild: [Wild] to Epping, which is Wild; not to Morden."""
    gsd = with_(game(HOLBORN, lv={"Rushton": 3}, tokens=RICH), wild=("Epping",))
    result = play(gsd, "Rushton : [Wild] Epping (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 0
    refused = play(gsd, "Rushton : [Wild] Morden (NT)")
    assert rules_broken(refused)[:1] == ["1.11.1"] and "Epping" in refused.violations[0].message


def test_1_11_1_declaring_wild_keeps_three_and_avoids_the_crescent() -> None:
    """Rule 1.11.1: [Morden Wild] adds Morden and drops the first of three; a Station within
    three of Mornington Crescent (Camden Town, one away) cannot be Wild."""
    gsd = with_(game(HOLBORN, tokens=RICH), wild=("Epping", "Upminster", "Stanmore"))
    result = play(gsd, "Rushton : Pass [Morden Wild]")
    assert result.legal, result.messages()
    assert result.state.wild == ("Upminster", "Stanmore", "Morden")
    assert row(result.state, "Rushton").tokens.gr == 3
    near = play(gsd, "Rushton : Pass [Camden Town Wild]")
    assert rules_broken(near) == ["1.11.1"] and "1 Stations" in near.violations[0].message
    again = play(gsd, "Rushton : Pass [Epping Wild]")
    assert rules_broken(again) == ["1.11.1"]


COURIER = {"courier_pickup": "Epping", "courier_destination": "Morden"}


def test_1_11_2_collecting_the_parcel_at_the_pick_up() -> None:
    """Rule 1.11.2 - Three-Point Courier: moving to the Pick-Up, with no Parcel about."""
    gsd = with_(game({"Rushton": "Theydon Bois (CN)"}, lv={"Rushton": 1}), **COURIER)
    result = play(gsd, "Rushton : Epping (CN) [Collecting Parcel]")
    assert result.legal, result.messages()
    assert [p.name for p in result.state.rack[0].possessions] == ["Parcel"]
    taken = with_(gsd, rack=(RackEntry(player="Cryer", possessions=(Possession(name="Parcel"),)),))
    refused = play(taken, "Rushton : Epping (CN) [Collecting Parcel]")
    assert rules_broken(refused) == ["1.11.2"] and "Cryer" in refused.violations[0].message
    there = with_(game({"Rushton": "Epping (CN)"}), **COURIER)
    assert rules_broken(play(there, "Rushton : Pass [Collecting Parcel]")) == ["1.11.2"]


def test_1_11_2_delivering_the_parcel_earns_three_gold() -> None:
    """Rule 1.11.2: at the Destination with the Parcel: three Gold, Parcel gone, Stations
    cleared."""
    gsd = parcel(with_(game({"Rushton": "South Wimbledon (NT)"}, lv={"Rushton": 1}), **COURIER))
    result = play(gsd, "Rushton : Morden (NT) [Delivering Parcel]")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.go == 3
    assert not any(e.possessions for e in result.state.rack if e.player == "Rushton")
    assert (result.state.courier_pickup, result.state.courier_destination) == (None, None)
    empty = with_(game({"Rushton": "South Wimbledon (NT)"}, lv={"Rushton": 1}), **COURIER)
    assert rules_broken(play(empty, "Rushton : Morden (NT) [Delivering Parcel]")) == ["1.11.2"]


def test_1_11_2_a_parcel_carrier_makes_no_special_move_but_may_walk() -> None:
    """Rule 1.11.2: no Special Moves while carrying the Parcel; Walking is exempt (1.7.10)."""
    gsd = parcel(with_(game(HOLBORN, lv={"Rushton": 3}, tokens=RICH), wild=("Epping",)))
    assert rules_broken(play(gsd, "Rushton : [Wild] Epping (CN)"))[:1] == ["1.11.2"]
    assert play(gsd, "Rushton : [Walking] Russell Square (PD)").legal


def test_1_11_2_a_fixed_courier_call_names_its_stations() -> None:
    """Rule 1.11.2: Fixed, from Holborn: Epping and Morden are outside Zone 1, in different
    Quadrants, on different Lines, not in the caller's Quadrant."""
    gsd = game(HOLBORN, tokens=RICH)
    text = "Rushton : Pass [Courier Call (Fixed)] {pick-up: Epping; destination: Morden}"
    result = play(gsd, text)
    assert result.legal, result.messages()
    assert (result.state.courier_pickup, result.state.courier_destination) == ("Epping", "Morden")
    own = game({"Rushton": "Theydon Bois (CN)"}, tokens=RICH)
    refused = play(own, text)
    assert rules_broken(refused) == ["1.11.2"] and "own Quadrant" in refused.violations[0].message
    unnamed = play(gsd, "Rushton : Pass [Courier Call (Fixed)]")
    assert rules_broken(unnamed) == ["1.11.2"] and "pick-up:" in unnamed.violations[0].message
    busy = with_(gsd, **COURIER)
    assert rules_broken(play(busy, text)) == ["1.11.2"]


def test_1_11_2_a_random_courier_call_is_rolled_by_the_next_turn() -> None:
    """Rule 1.11.2: two 295-sided dice, read as Venbacker Numbers as the next Turn starts."""
    called = play(game(HOLBORN, tokens=RICH), "Rushton : Pass [Courier Call (Random)]")
    assert called.legal and called.state.courier_pickup is None
    nxt = play(called.state, "Cryer : Pass Euston (NT)")
    assert nxt.legal, nxt.messages()
    assert [sides for sides, _, _ in _rolls(nxt)] == [295, 295]
    assert nxt.state.courier_pickup and nxt.state.courier_destination


def _rolls(result: TurnResult) -> list[tuple[int, int, str]]:
    return [(r.sides, r.value, r.why) for r in result.rolls]


def test_1_11_6_ghosting_to_an_empty_ghost_station() -> None:
    """Rule 1.11.6: [Ghosting] (1 Black) to Aldwych; not to an occupied Ghost or a real
    Station; nothing but Ghosting reaches a Ghost Station."""
    gsd = game(HOLBORN, lv={"Rushton": 2})
    result = play(gsd, "Rushton : [Ghosting] Aldwych (GH)")
    assert result.legal, result.messages()
    haunted = game({**HOLBORN, "Cryer": "Aldwych (GH)"})
    refused = play(haunted, "Rushton : [Ghosting] Aldwych (GH)")
    assert rules_broken(refused)[:1] == ["1.11.6"] and "empty" in refused.violations[0].message
    real = play(gsd, "Rushton : [Ghosting] Euston (NT)")
    assert rules_broken(real)[:1] == ["1.11.6"]
    wild = with_(game(HOLBORN, tokens=RICH), wild=("Aldwych",))
    assert rules_broken(play(wild, "Rushton : [Wild] Aldwych (GH)")) == ["1.11.6"]


def test_1_11_7_defaming_a_holy_station_until_sunday() -> None:
    """Rule 1.11.7 - Sanctuary: [Defaming Temple] (5 Black) from next door (Embankment)
    marks Temple not Holy; Waterloo, next door too, is not Holy; on Sunday the mark goes."""
    gsd = game({"Rushton": "Embankment (DS)"}, tokens={"Rushton": "6 Bk"})
    result = play(gsd, "Rushton : [Defaming Temple] Pass")
    assert result.legal, result.messages()
    assert [d.render() for d in result.state.disruptions] == ["Temple (Defamed)"]
    assert rules_broken(play(gsd, "Rushton : [Defaming Waterloo] Pass")) == ["1.11.7"]


def test_1_11_7_defaming_needs_the_index_fosdyke_requirement() -> None:
    """Rule 1.17.9 with the index's (S1) for [Defaming]: from Holborn, Temple is not next to
    the Piece."""
    gsd = game(HOLBORN, tokens={"Rushton": "6 Bk"})
    refused = play(gsd, "Rushton : [Defaming Temple] Pass")
    assert rules_broken(refused) == ["1.11.7"] and "(S1)" in refused.violations[0].message
    sunday = game(HOLBORN, time="Sunday 1200", disruptions=("Temple (Defamed)",))
    assert play(sunday, "Rushton : Pass").state.disruptions == ()


def test_1_11_7_collection_plate_is_a_neutral_action_for_one_silver() -> None:
    """Rule 1.11.7: [Collection Plate] costs one Silver (the opening it grants is judged by
    rule 1.13.4's check)."""
    gsd = game(HOLBORN, tokens=RICH)
    result = play(gsd, "Rushton : [Collection Plate] Pass")
    assert result.legal and row(result.state, "Rushton").tokens.si == 1


# -- Rule 1.11.7 - Sanctuary, for every Action that names a Player ----------------------------

_FILL = {"player": "Garden", "destination": "Bank (CN)", "name": "Trampoline"}
_WEALTH = "5 Bk, 5 Gr, 5 Re, 5 Bu, 5 Br, 5 Si, 5 Go"


def _naming_a_player() -> list[ActionSpec]:
    """Every adjudicated Action whose pattern names a Player (Volume 0's [Applauding] is
    recognised, never adjudicated)."""
    handled = load_sections().handlers
    return [spec for spec in load_action_index()
            if "player" in spec.placeholders and spec.name in handled]  # fmt: skip


def _aimed(spec: ActionSpec) -> str:
    written = "[" + spec.pattern.format(**_FILL) + "]"
    return f"Rushton : {written} Pass" if spec.phase is Phase.PRE else f"Rushton : Pass {written}"


@pytest.mark.parametrize("spec", _naming_a_player(), ids=lambda spec: spec.name)
def test_1_11_7_no_one_at_a_holy_station_is_named_by_an_action(spec: ActionSpec) -> None:
    """Rule 1.11.7 - Sanctuary: a Player at a Holy Station may not be the Player an Action
    names, nor name a Player from there; so with both at St. Paul's every Action that names
    a Player breaks rule 1.11.7."""
    gsd = game({"Garden": "St. Paul's (CN)", "Rushton": "St. Paul's (CN)"},
               lv={"Rushton": 1}, tokens={"Rushton": _WEALTH})  # fmt: skip
    assert "1.11.7" in rules_broken(play(gsd, _aimed(spec)))


@pytest.mark.parametrize("spec", [s for s in _naming_a_player() if not s.fr],
                         ids=lambda spec: spec.name)  # fmt: skip
def test_1_11_7_sanctuary_holds_at_any_distance(spec: ActionSpec) -> None:
    """Rule 1.11.7: an Action that names a Player at any distance may not name one at a Holy
    Station, nor be played by one at a Holy Station."""
    target_holy = game({"Garden": "St. Paul's (CN)", "Rushton": "Holborn (CN)"},
                       lv={"Rushton": 1}, tokens={"Rushton": _WEALTH})  # fmt: skip
    assert "1.11.7" in rules_broken(play(target_holy, _aimed(spec)))
    actor_holy = game({"Garden": "Holborn (CN)", "Rushton": "St. Paul's (CN)"},
                      lv={"Rushton": 1}, tokens={"Rushton": _WEALTH})  # fmt: skip
    assert "1.11.7" in rules_broken(play(actor_holy, _aimed(spec)))


def test_1_11_7_payments_target_by_the_letter_unless_the_speaker_sets_otherwise() -> None:
    """Rules 1.11.7 and 1.7.27: a Token Gift names its Player, so by the letter no one at a
    Holy Station is given Tokens; with ``payments_target`` off a Gift does not target, and
    the Gift to Garden at St. Paul's is fine."""
    gsd = game({"Garden": "St. Paul's (CN)", "Rushton": "Holborn (CN)"})
    text = "Rushton : Pass [Giving Tokens to Garden] {giving: 1 Re}"
    assert rules_broken(play(gsd, text)) == ["1.11.7"]
    lenient = Ruleset().with_settings(payments_target=False)
    given = adjudicate(gsd, Play.parse(text, players=gsd.player_names), lenient, check_order=False)
    assert given.legal, given.messages()
    assert row(given.state, "Garden").tokens.re == 3
