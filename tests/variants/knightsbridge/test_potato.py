"""The Potato (rule 4.1.1.4 - Don't Pick It Up, Pick It Up, Pick It Up).

Created for three Red while none is in play, with ten Fuse Counters; handed on free to a player
at the holder's Station or one e Shunted directly this Turn; a Fuse Counter burns at the end of
each of its holder's Turns, and with none left it blows up as a Suspect Package would.
"""

from __future__ import annotations

from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.variants.knightsbridge import KnightsbridgeSettings
from tests.engine.builder import game, row, rules_broken
from tests.engine.test_blocks import legal, message
from tests.variants.knightsbridge.kb import KB, RICH, kb_play, states, with_states


def potato(fuses: int, at: str = "Holborn (CN)", garden: str = "Holborn (CN)") -> GSD:
    """Rushton holds the Potato with ``fuses`` Fuse Counters left; Garden at ``garden``."""
    gsd = game({"Rushton": at, "Garden": garden}, lv={"Rushton": 1},
               tokens={"Rushton": RICH, "Garden": RICH})  # fmt: skip
    return with_states(gsd, f"Potato: Rushton (Fuse {fuses})")


def test_4_1_1_4_creating_the_potato_lights_ten_fuse_counters() -> None:
    """Rule 4.1.1.4: three Red; the creator has it; ten Fuse Counters, one of which burns at
    the end of eir own Turn, since e has it then."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    state = legal(kb_play(gsd, "Rushton : [Creating Potato] Pass"))
    assert states(state) == ["Potato: Rushton (Fuse 9)"]
    assert row(state, "Rushton").tokens.re == 6 - 3


def test_4_1_1_4_only_one_potato_in_play() -> None:
    """Rule 4.1.1.4: "whenever there is no Potato already in play"."""
    held = with_states(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
                       "Potato: Garden (Fuse 4)")  # fmt: skip
    result = kb_play(held, "Rushton : [Creating Potato] Pass")
    assert rules_broken(result) == ["4.1.1.4"] and "Garden has it" in message(result)


def test_4_1_1_4_giving_the_potato_at_one_station() -> None:
    """Rule 4.1.1.4: free, to a player at the giver's Station; the fuse then burns on the new
    holder's Turns, not the giver's."""
    state = legal(kb_play(potato(6), "Rushton : [Giving Potato to Garden] Pass"))
    assert states(state) == ["Potato: Garden (Fuse 6)"]
    assert row(state, "Rushton").tokens == row(potato(6), "Rushton").tokens
    burnt = legal(kb_play(state, "Garden : Pass"))
    assert states(burnt) == ["Potato: Garden (Fuse 5)"]


def test_4_1_1_4_giving_to_a_player_shunted_directly() -> None:
    """Rule 4.1.1.4: a player the giver Shunted this Turn (not by a Double-Shunt) may be given
    it though the Shunt took em away; a player merely elsewhere may not."""
    gsd = potato(3, at="Warren Street (VC)", garden="Euston (VC)")
    shunt = "Rushton : Euston (VC) [Shunting Garden to Warren Street (VC)]"
    state = legal(kb_play(gsd, shunt + " [Giving Potato to Garden]"))
    assert states(state) == ["Potato: Garden (Fuse 3)"]
    apart = kb_play(gsd, "Rushton : [Giving Potato to Garden] Pass")
    assert rules_broken(apart) == ["4.1.1.4"] and "neither at your Station" in message(apart)


def test_4_1_1_4_no_giving_at_or_to_a_holy_station() -> None:
    """Rule 4.1.1.4 with rule 1.11.7 - Sanctuary: [Giving Potato to <Player>] targets a
    player, so it may not be aimed at one at a Holy Station, nor performed from one."""
    both = kb_play(potato(3, at="St. Paul's (CN)", garden="St. Paul's (CN)"),
                   "Rushton : [Giving Potato to Garden] Pass")  # fmt: skip
    assert rules_broken(both) == ["1.11.7"] and "Holy Station" in message(both)
    gsd = potato(3, at="Holborn (CN)", garden="Chancery Lane (CN)")
    shunt = "Rushton : Chancery Lane (CN) [Shunting Garden to St. Paul's (CN)]"
    assert legal(kb_play(gsd, shunt))
    assert rules_broken(kb_play(gsd, shunt + " [Giving Potato to Garden]")) == ["1.11.7"]


def test_4_1_1_4_giving_with_no_fuse_counters_left_earns_a_silver() -> None:
    state = legal(kb_play(potato(0), "Rushton : [Giving Potato to Garden] Pass"))
    assert states(state) == ["Potato: Garden (Fuse 0)"]
    assert row(state, "Rushton").tokens.si == 2 + 1


def test_4_1_1_4_only_the_holder_gives_it_and_to_another_player() -> None:
    held_by_garden = with_states(game({"Rushton": "Holborn (CN)", "Garden": "Holborn (CN)"}),
                                 "Potato: Garden (Fuse 2)")  # fmt: skip
    result = kb_play(held_by_garden, "Rushton : [Giving Potato to Garden] Pass")
    assert rules_broken(result) == ["4.1.1.4"] and "you have not" in message(result)
    nobody = kb_play(potato(2), "Rushton : [Giving Potato to Rushton] Pass")
    assert rules_broken(nobody) == ["4.1.1.4"]


def test_4_1_1_4_with_no_fuse_counters_the_potato_detonates_as_a_package() -> None:
    """Rule 4.1.1.4 with rule 1.7.30: the holder's Station is Heavily Damaged and Blasted, so
    everyone there is Blasted and loses eir Possessions; the Potato leaves play."""
    state = legal(kb_play(potato(0), "Rushton : Pass"))
    assert states(state) == ["Holborn (*Damage*)", "Blasted: Rushton", "Blasted: Garden"]
    assert legal(kb_play(potato(1), "Rushton : Pass")).disruptions[0].render() == (
        "Potato: Rushton (Fuse 0)"
    )


def test_4_1_1_4_a_blasted_holder_may_only_pass_next() -> None:
    """Rule 1.7.30 applies to the Potato's Blast as to a Package's."""
    state = legal(kb_play(potato(0), "Rushton : Pass"))
    assert rules_broken(kb_play(state, "Rushton : [Creating Potato] Pass")) == ["1.7.30"]


def test_4_1_1_4_the_setting_spares_the_creators_first_turn() -> None:
    """rules/knightsbridge-1965/readings.md#general: with ``fuse_burns_when_created`` off, the
    creator keeps all ten Fuse Counters through the Turn of creation; the fuse burns from eir next
    Turn on."""
    gentle = KB.with_settings(fuse_burns_when_created=False)
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    parsed = Play.parse("Rushton : [Creating Potato] Pass", players=gsd.player_names,
                        index=KB.action_index())  # fmt: skip
    state = legal(adjudicate(gsd, parsed, gentle, check_order=False))
    assert states(state) == ["Potato: Rushton (Fuse 10)"]
    later = Play.parse("Rushton : Pass", players=gsd.player_names, index=KB.action_index())
    assert states(legal(adjudicate(state, later, gentle, check_order=False))) == [
        "Potato: Rushton (Fuse 9)"
    ]
    assert isinstance(gentle.settings, KnightsbridgeSettings)
    assert gentle.settings.route_choice == KB.settings.route_choice
