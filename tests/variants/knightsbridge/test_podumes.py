"""Podumes in general (rule 4.2.1 - Podumes): where they lie, claiming and dropping them,
Shunting one that lies at a Station, stealing one by a Shunt, and each being Unique.

Written from the rule's words: a Podume lies at a Station (like a Token Stack) or is in a
player's possession; it is claimed from or dropped at any Station passed through, started or
ended at; no two lie at one Station, though one may share a Station with a Token Stack; one at a
Station is Shunted as a Token Stack with no Token to steal; the Shunter of its holder may steal
it instead of the usual Token, but not by a Double-Shunt nor by a Shunt that allows no theft;
a Podume in play cannot be created again.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.stacks import TokenStack
from tests.engine.builder import game, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.variants.knightsbridge.kb import RICH, kb_play


def rack(gsd: GSD, player: str) -> list[str]:
    entry = next((e for e in gsd.rack if e.player == player), None)
    return [item.render() for item in entry.possessions] if entry is not None else []


def lying(gsd: GSD) -> list[tuple[str, str]]:
    """The Podumes lying at Stations, as (Station, Podume)."""
    return [(s.station, s.content_text()) for s in gsd.stacks if s.podume is not None]


def test_4_2_1_a_podume_in_the_luggage_rack_is_a_podume_not_a_volume_1_possession() -> None:
    """The audit's case: a Speed Podume in a Luggage Rack lets its holder play [LV+4] (rule
    4.2.1.1), and a Pass then destroys it; Volume 1 alone would refuse the first (rule 1.6.3)
    and keep the Podume after the second."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 0}, tokens={"Rushton": RICH}),
        {"Rushton": "Speed Podume"},
    )
    moved = legal(kb_play(gsd, "Rushton : [LV+4] Liverpool Street (CN)"))
    assert row(moved, "Rushton").lv == 4 and rack(moved, "Rushton") == ["Speed Podume"]
    assert rack(legal(kb_play(gsd, "Rushton : Pass")), "Rushton") == []


def test_4_2_1_claiming_a_podume_from_a_station_passed_through() -> None:
    """[Claiming <Podume> From <Station>]: free, from a Station the Move passed through."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": RICH}),
        {},
        stacks={"Chancery Lane": "Shield Podume"},
    )
    state = legal(
        kb_play(gsd, "Rushton : St. Paul's (CN) [Claiming Shield Podume From Chancery Lane]")
    )
    assert rack(state, "Rushton") == ["Shield Podume"]
    assert lying(state) == []
    moved = legal(kb_play(gsd, "Rushton : St. Paul's (CN)"))
    assert row(state, "Rushton").tokens == row(moved, "Rushton").tokens


def test_4_2_1_no_claim_from_a_station_not_reached() -> None:
    """Only a Station passed through, started at or ended at this Turn."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH}),
        {},
        stacks={"St. Paul's": "Shield Podume"},
    )
    result = kb_play(gsd, "Rushton : Chancery Lane (CN) [Claiming Shield Podume From St. Paul's]")
    assert rules_broken(result) == ["4.2.1"]


def test_4_2_1_claiming_a_podume_that_lies_elsewhere() -> None:
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
        {},
        stacks={"Bank": "Shield Podume"},
    )
    result = kb_play(gsd, "Rushton : [Claiming Shield Podume From Holborn] Pass")
    assert rules_broken(result) == ["4.2.1"] and "does not lie at Holborn" in message(result)


def test_4_2_1_dropping_a_podume_where_the_move_started() -> None:
    """[Dropping <Podume> at <Station>]: free, at the Station the Move started at; it may lie
    beside a Token Stack."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH}),
        {"Rushton": "Shield Podume, Newspaper"},
        stacks={"Holborn": "ReBu"},
    )
    state = legal(kb_play(gsd, "Rushton : Chancery Lane (CN) [Dropping Shield Podume at Holborn]"))
    assert lying(state) == [("Holborn", "Shield Podume")]
    assert rack(state, "Rushton") == ["Newspaper"]
    assert [s.content_text() for s in state.stacks if s.station == "Holborn"] == [
        "ReBu",
        "Shield Podume",
    ]


def test_4_2_1_no_two_podumes_at_one_station() -> None:
    """ "no more than one Podume may be located at a single Station"."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
        {"Rushton": "Shield Podume"},
        stacks={"Holborn": "Spanger Podume"},
    )
    result = kb_play(gsd, "Rushton : [Dropping Shield Podume at Holborn] Pass")
    assert rules_broken(result) == ["4.2.1"] and "already lies at Holborn" in message(result)


def test_4_2_1_dropping_a_podume_one_does_not_have() -> None:
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    result = kb_play(gsd, "Rushton : [Dropping Shield Podume at Holborn] Pass")
    assert rules_broken(result) == ["4.2.1"]


def test_4_2_1_a_podume_in_play_cannot_be_created_again() -> None:
    """Each Podume is Unique: in a player's possession or at a Station, its creating Action is
    unavailable."""
    at = {"Rushton": "Tower Hill (CL)"}
    held = with_luggage(
        game(at, lv={"Rushton": 8}, tokens={"Rushton": RICH}), {"Garden": "Speed Podume"}
    )
    assert rules_broken(kb_play(held, "Rushton : [Creating Speed Podume] Pass")) == ["4.2.1"]
    lies = with_luggage(
        game(at, lv={"Rushton": 8}, tokens={"Rushton": RICH}), {}, stacks={"Bank": "Speed Podume"}
    )
    result = kb_play(lies, "Rushton : [Creating Speed Podume] Pass")
    assert rules_broken(result) == ["4.2.1"] and "lies at Bank" in message(result)


def test_4_2_1_a_podume_at_a_station_is_shunted_as_a_token_stack() -> None:
    """Shunted as if it were a Token Stack: it goes to the Target Station."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH}),
        {},
        stacks={"Chancery Lane": "Spanger Podume"},
    )
    shunt = "Rushton : Chancery Lane (CN) [Shunting Spanger Podume to St. Paul's (CN)]"
    state = legal(kb_play(gsd, shunt))
    assert lying(state) == [("St. Paul's", "Spanger Podume")]


def test_4_2_1_no_token_can_be_stolen_from_a_shunted_podume() -> None:
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH}),
        {},
        stacks={"Chancery Lane": "Spanger Podume"},
    )
    shunt = "Rushton : Chancery Lane (CN) [Shunting Spanger Podume to St. Paul's (CN)]"
    result = kb_play(gsd, shunt + " {claim: Re from Spanger Podume}")
    assert not result.legal and "no Red Token" in message(result)


def test_4_2_1_a_shunt_may_not_bring_a_second_podume_to_a_station() -> None:
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 1}, tokens={"Rushton": RICH}),
        {},
        stacks={"Chancery Lane": "Spanger Podume", "St. Paul's": "Shield Podume"},
    )
    shunt = "Rushton : Chancery Lane (CN) [Shunting Spanger Podume to St. Paul's (CN)]"
    assert rules_broken(kb_play(gsd, shunt)) == ["4.2.1"]


def shunting_garden() -> GSD:
    """Rushton reaches Garden at Chancery Lane at LV 1; Garden holds the Speed Podume."""
    gsd = game(
        {"Rushton": "Holborn (CN)", "Garden": "Chancery Lane (CN)"},
        lv={"Rushton": 1},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    return with_luggage(gsd, {"Garden": "Speed Podume"})


def test_4_2_1_the_shunter_may_steal_the_podume_instead_of_a_token() -> None:
    shunt = "Rushton : Chancery Lane (CN) [Shunting Garden to St. Paul's (CN)]"
    state = legal(kb_play(shunting_garden(), shunt + " {claim: Speed Podume from Garden}"))
    assert rack(state, "Rushton") == ["Speed Podume"] and rack(state, "Garden") == []
    assert row(state, "Garden").tokens == row(shunting_garden(), "Garden").tokens


def test_4_2_1_no_theft_by_a_dead_end_shunt() -> None:
    """ "no Dead-End Shunts or Power Shunts": they allow no theft of a Token. Both rules are
    broken and both are cited: Volume 1's 1.10.3 allows a Dead-End Shunt no claim at all, and
    4.2.1 no theft of a Podume by one."""
    gsd = game(
        {"Rushton": "East Acton (CN)", "Garden": "West Acton (CN)"},
        lv={"Rushton": 2},
        tokens={"Rushton": RICH, "Garden": RICH},
    )
    gsd = with_luggage(gsd, {"Garden": "Speed Podume"})
    shunt = "Rushton : West Acton (CN) [Dead-End Shunting Garden to Ealing Broadway (CN)]"
    result = kb_play(gsd, shunt + " {claim: Speed Podume from Garden}")
    assert rules_broken(result) == ["1.10.3", "4.2.1"]
    assert rack(legal(kb_play(gsd, shunt)), "Garden") == ["Speed Podume"]


def test_4_2_1_no_theft_on_a_double_shunt() -> None:
    """ "only ... the first Shunt in a series (i.e., not on a Double Shunt)"."""
    gsd = game(
        {
            "Rushton": "Oxford Circus (CN)",
            "Cryer": "Bond Street (CN)",
            "Garden": "Marble Arch (CN)",
        },
        lv={"Rushton": 1},
        tokens={"Rushton": RICH, "Garden": RICH, "Cryer": RICH},
    )
    gsd = with_luggage(gsd, {"Garden": "Speed Podume"})
    double = (
        "Rushton : Bond Street (CN) [Shunting Cryer to Marble Arch (CN)] "
        "[Double-Shunting Garden to Lancaster Gate (CN)]"
    )
    assert legal(kb_play(gsd, double))
    result = kb_play(gsd, double + " {claim: Speed Podume from Garden}")
    assert "4.2.1" in rules_broken(result)


def test_4_2_1_a_podume_at_a_station_reads_and_renders_as_a_pair() -> None:
    entry = TokenStack.parse_cells("Arsenal (1)", "spanger  PODUME")
    assert entry.podume is not None and entry.content_text() == "Spanger Podume"
    assert TokenStack.parse_cells("Arsenal (1)", entry.content_text()) == entry


def test_4_2_1_a_podume_dead_end_shunted_as_a_token_stack_is_destroyed() -> None:
    """Shunted "as if it were a Token Stack": a Dead-End Shunt destroys a Stack (rule 1.10.3),
    so the Podume leaves play and may be created again."""
    gsd = with_luggage(
        game({"Rushton": "East Acton (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": RICH}),
        {},
        stacks={"West Acton": "Speed Podume"},
    )
    shunt = "Rushton : West Acton (CN) [Dead-End Shunting Speed Podume to Ealing Broadway (CN)]"
    assert lying(legal(kb_play(gsd, shunt))) == []


def test_4_2_1_a_blast_leaves_a_podume_lying_at_the_station() -> None:
    """Rule 1.7.30 destroys the Token Stacks of a Blasted Station; a Podume lying there is no
    Token Stack (it is only Shunted as one), so it stays, as the PoID does."""
    gsd = with_luggage(
        game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
        {},
        stacks={"Chancery Lane": "Shield Podume", "St. Paul's": "Susp Package"},
    )
    state = legal(kb_play(gsd, "Rushton : Pass [Detonating St. Paul's Package]"))
    assert lying(state) == [("Chancery Lane", "Shield Podume")]
