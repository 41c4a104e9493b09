"""What a Move can hit that Disruptions record (rules 1.8.3, 1.9.3, 1.9.5, 1.11.3, 1.11.4)."""

from __future__ import annotations

from referee.notation.luggage import RackEntry
from referee.notation.possessions import Possession
from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken

TCR = {"Rushton": "Tottenham Court Road (CN)"}
TO_BOND = "Rushton : Bond Street (CN)"  # passes through Oxford Circus


def test_1_9_3_a_bulkheaded_station_cannot_be_passed_through_or_ended_at() -> None:
    """Rule 1.9.3 - Bulkheading: the Station is Blocked (rule 1.9.1: no start, pass, end)."""
    clear = game(TCR, lv={"Rushton": 2})
    assert play(clear, TO_BOND).legal
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Bulkhead)",))
    assert rules_broken(play(through, TO_BOND)) == ["1.9.3"]
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Bulkhead)",))
    assert rules_broken(play(end, TO_BOND)) == ["1.9.3"]


def test_1_9_5_a_maelberged_station_may_be_ended_at_but_not_passed() -> None:
    """Rule 1.9.5 - Maelberg Variance: passing through is Invalid, ending there is not."""
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Maelberg)",))
    assert rules_broken(play(through, TO_BOND)) == ["1.9.5"]
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Maelberg)",))
    assert play(end, TO_BOND).legal


def test_1_11_3_light_damage_closes_heavy_damage_blocks() -> None:
    """Rule 1.11.3 - Station Damage: Light closes (passing is fine), Heavy blocks."""
    light = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Damage)",))
    assert play(light, TO_BOND).legal
    light_end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Damage)",))
    assert rules_broken(play(light_end, TO_BOND)) == ["1.11.3"]
    heavy = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (*Damage*)",))
    assert rules_broken(play(heavy, TO_BOND)) == ["1.11.3"]


def test_1_11_4_no_piece_may_end_at_a_pegged_station() -> None:
    """Rule 1.11.4 - Peg Leg: a Turn ending a Piece at a Pegged Station is Illegal."""
    end = game(TCR, lv={"Rushton": 2}, disruptions=("Bond Street (Peg)",))
    assert rules_broken(play(end, TO_BOND)) == ["1.11.4"]
    through = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Peg)",))
    assert play(through, TO_BOND).legal


def test_1_8_3_bridges_up_stop_a_move_across_the_thames() -> None:
    """Rule 1.8.3 - Bridges: Up, a Move may not start on one side and end on the other."""
    start = {"Rushton": "Embankment (NT)"}
    down = game(start, lv={"Rushton": 1})
    assert play(down, "Rushton : Waterloo (NT)").legal
    up = game(start, lv={"Rushton": 1}, disruptions=("Bridges Up",))
    assert rules_broken(play(up, "Rushton : Waterloo (NT)")) == ["1.8.3"]
    assert play(up, "Rushton : Charing Cross (NT)").legal


def test_1_4_7_a_suspect_package_cannot_be_passed_through() -> None:
    """Rule 1.4.7 - Suspect Packages: a Move passing through its Station is Invalid."""
    gsd = game(TCR, lv={"Rushton": 2})
    packed = gsd.model_copy(
        update={"stacks": (TokenStack(station="Oxford Circus", quadrant=0, marker="Susp Package"),)}
    )
    assert rules_broken(play(packed, TO_BOND)) == ["1.4.7"]
    at_end = gsd.model_copy(
        update={"stacks": (TokenStack(station="Bond Street", quadrant=0, marker="Susp Package"),)}
    )
    assert play(at_end, TO_BOND).legal


def test_1_9_6_a_kafka_sinkhole_is_four_black_tokens() -> None:
    """Rule 1.9.6 - Kafka Sinkholes: four or more Tokens, all Black; no passing through."""
    gsd = game(TCR, lv={"Rushton": 2})
    black = (Colour.BK,) * 4
    sink = gsd.model_copy(
        update={"stacks": (TokenStack(station="Oxford Circus", quadrant=0, tokens=black),)}
    )
    assert rules_broken(play(sink, TO_BOND)) == ["1.9.6"]
    mixed = gsd.model_copy(
        update={
            "stacks": (
                TokenStack(station="Oxford Circus", quadrant=0, tokens=(*black[:3], Colour.RE)),
            )
        }
    )
    assert play(mixed, TO_BOND).legal


def test_1_9_6_a_turn_starting_at_a_sinkhole_blackens_plastic_tokens() -> None:
    """Rule 1.9.6: non-Black, non-Metallic Tokens turn Black at the start of the Turn."""
    gsd = game({"Rushton": "Oxford Circus (CN)"}, tokens={"Rushton": "1 Bk, 2 Re, 1 Bu, 3 Br"})
    sink = gsd.model_copy(
        update={
            "stacks": (TokenStack(station="Oxford Circus", quadrant=0, tokens=(Colour.BK,) * 5),)
        }
    )
    result = play(sink, "Rushton : Pass Oxford Circus (CN)")
    assert row(result.state, "Rushton").tokens.as_tuple() == (4, 0, 3, 0, 0, 0, 0)


def test_1_12_3_other_players_home_stations_are_blocked() -> None:
    """Rule 1.12.3 - Home Station Tolls: another player's Home is Blocked on one's Turn."""
    gsd = game(TCR, lv={"Rushton": 2})
    homes = tuple(p.model_copy(update={"home": "Oxford Circus"}) if p.name == "Cryer" else p
                  for p in gsd.players)  # fmt: skip
    result = play(gsd.model_copy(update={"players": homes}), TO_BOND)
    assert rules_broken(result) == ["1.12.3"]
    own = tuple(p.model_copy(update={"home": "Oxford Circus"}) if p.name == "Rushton" else p
                for p in gsd.players)  # fmt: skip
    assert play(gsd.model_copy(update={"players": own}), TO_BOND).legal


def test_1_4_24_no_move_reaches_a_podume_carrier() -> None:
    """Rule 1.4.24: a Move through or to a Station where a Podume carrier stands is Illegal."""
    gsd = game({**TCR, "Cryer": "Oxford Circus (CN)"}, lv={"Rushton": 2})
    cursed = gsd.model_copy(
        update={"rack": (RackEntry(player="Cryer", possessions=(Possession(name="PoID"),)),)}
    )
    assert rules_broken(play(cursed, TO_BOND)) == ["1.4.24"]
    assert play(gsd, TO_BOND).legal


def test_1_9_1_a_ticket_stub_lets_its_owner_through_a_block() -> None:
    """Rule 1.9.1: a Blocked Station does not stop the owner of its Ticket Stub."""
    blocked = game(TCR, lv={"Rushton": 2}, disruptions=("Oxford Circus (Bulkhead)",))
    stub = blocked.model_copy(
        update={
            "rack": (
                RackEntry(player="Rushton", possessions=(Possession.parse("Oxford Circus Stub"),)),
            )
        }
    )
    assert play(stub, TO_BOND).legal
    other = blocked.model_copy(
        update={
            "rack": (
                RackEntry(player="Cryer", possessions=(Possession.parse("Oxford Circus Stub"),)),
            )
        }
    )
    assert rules_broken(play(other, TO_BOND)) == ["1.9.3"]


def test_1_13_6_a_closed_line_segment_cannot_be_traversed() -> None:
    """Rules 1.13.4 and 1.13.6: Woodford to Hainault (CN) runs until 2000 only."""
    day = game({"Rushton": "Woodford (CN)"}, lv={"Rushton": 1}, time="Tuesday 1200")
    assert play(day, "Rushton : Roding Valley (CN)").legal
    night = game({"Rushton": "Woodford (CN)"}, lv={"Rushton": 1}, time="Tuesday 2130")
    result = play(night, "Rushton : Roding Valley (CN)")
    assert set(rules_broken(result)) == {"1.13.4"}
    assert any("from Woodford to Hainault is Closed" in v.message for v in result.violations)
