"""Clamps (rules 1.4.39, 1.4.41-1.4.43, 1.4.47 and 1.11.7): giving, effects and shedding.

Each rule: "[<Clamping> <Player>], where <Player> shares a Station and Line with the
Actioning Player": the target gains a Cursed Clamp that hampers em until e sheds it by the
Action the rule names, at the kind of Station it names.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal, message
from tests.engine.test_home import with_home

RICH = "6Bk,6Re,6Bu,4Gr,3Go,2Si"


def together(rushton: str = "Euston (VC)", garden: str = "Euston (VC)", **kw: object) -> GSD:
    """Rushton and Garden at one Station, LV 0, Rushton rich; Garden at LV 6."""
    return game({"Rushton": rushton, "Garden": garden}, lv={"Garden": 6},
                tokens={"Rushton": RICH, "Garden": RICH}, **kw)  # type: ignore[arg-type]  # fmt: skip


def carrying(clamp: str, at: str, *, lv: int = 0, home: str | None = None) -> GSD:
    """Rushton at ``at``, rich, carrying ``clamp``."""
    gsd = with_luggage(game({"Rushton": at, "Garden": "Amersham (MP)"}, lv={"Rushton": lv},
                            tokens={"Rushton": RICH}), {"Rushton": clamp})  # fmt: skip
    return with_home(gsd, Rushton=home) if home else gsd


# -- Giving a Clamp ----------------------------------------------------------------------------


def test_each_clamp_goes_to_the_named_player() -> None:
    """Rules 1.4.39, 1.4.41-1.4.44: the Clamped player gains the Clamp Possession."""
    for action, clamp in (("Spooning", "Spoon Clamp"), ("Greening", "Green Clamp"),
                          ("Freeming", "Freem Clamp"), ("Knidding", "Knid Clamp"),
                          ("Toffing", "Toff Clamp")):  # fmt: skip
        state = legal(play(together(), f"Rushton : Pass [{action} Garden]"))
        assert luggage_of(state, "Garden") == [clamp], action


def luggage_of(state: GSD, name: str) -> list[str]:
    return [item.render() for entry in state.rack if entry.player == name
            for item in entry.possessions]  # fmt: skip


def test_clamping_costs_the_index_price() -> None:
    """The index: Knidding costs 4 Red; with 3 Red the Action cannot be paid."""
    gsd = together()
    state = legal(play(gsd, "Rushton : Pass [Knidding Garden]"))
    assert row(state, "Rushton").tokens.re == 6 - 4
    poor = game({"Rushton": "Euston (VC)", "Garden": "Euston (VC)"}, tokens={"Rushton": "3Re"})
    assert rules_broken(play(poor, "Rushton : Pass [Knidding Garden]")) == ["1.7.1"]


def test_clamping_needs_a_shared_station_and_line() -> None:
    """Rule 1.4.43 (index (S0,L0)): Garden on the Northern Line at Euston is out of reach."""
    result = play(together(garden="Euston (NT)"), "Rushton : Pass [Knidding Garden]")
    assert rules_broken(result) == ["1.4.43"]


def test_clamping_another_player_only() -> None:
    """Rule 1.4.43: the target is another player."""
    result = play(together(), "Rushton : Pass [Knidding Rushton]")
    assert rules_broken(result) == ["1.4.43"]


def test_1_4_47_a_prisoner_may_not_be_targeted() -> None:
    """Rule 1.4.47: a Prison Clamp's carrier "may not be targetted by Actions"."""
    gsd = with_luggage(together(), {"Garden": "Prison Clamp"})
    result = play(gsd, "Rushton : Pass [Greening Garden]")
    assert rules_broken(result) == ["1.4.47"]


def test_1_4_47_no_action_of_any_family_targets_a_prisoner() -> None:
    """Rule 1.4.47: "by Actions", so not by a Huff or a Blonk (section 1.10) either, nor
    paid a Toll (rule 1.12.3 names the cited player)."""
    gsd = with_luggage(together(), {"Garden": "Prison Clamp"})
    assert rules_broken(play(gsd, "Rushton : Pass [Huffing Garden] {huff: 0}")) == ["1.4.47"]
    assert "1.4.47" in rules_broken(play(gsd, "Rushton : Pass [Blonking Garden]"))
    assert "1.4.47" in rules_broken(play(gsd, "Rushton : [Toll to Garden] Pass"))


def test_1_11_7_no_clamping_at_a_holy_station() -> None:
    """Rule 1.11.7: a player at a Holy Station is no one's target."""
    gsd = together(rushton="Charing Cross (NT)", garden="Charing Cross (NT)")
    assert rules_broken(play(gsd, "Rushton : Pass [Spooning Garden]")) == ["1.11.7"]


# -- Rule 1.4.39 - the Spoon Clamp --------------------------------------------------------------


def test_1_4_39_a_spooned_lv_above_four_becomes_four() -> None:
    """Rule 1.4.39: "if eir LV is ever above four, it becomes four" - at once when Spooned
    (Garden was at 6), and when the carrier raises it."""
    state = legal(play(together(), "Rushton : Pass [Spooning Garden]"))
    assert row(state, "Garden").lv == 4
    gsd = carrying("Spoon Clamp", "Holborn (CN)", lv=3)
    result = play(gsd, "Rushton : [LV+3] Liverpool Street (CN)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 4
    assert rules_broken(play(gsd, "Rushton : [LV+3] Mile End (CN)")) == ["1.6.2"]


def test_1_4_39_a_spooned_player_spends_no_blue_red_silver_or_gold() -> None:
    """Rule 1.4.39: no Action which spends Blue, Red, Silver or Gold (Blocking costs a Red);
    Black is allowed (a Line Change)."""
    gsd = carrying("Spoon Clamp", "Holborn (CN)", lv=1)
    result = play(gsd, "Rushton : Chancery Lane (CN) [Blocking St. Paul's]")
    assert rules_broken(result) == ["1.4.39"]
    assert "[Blocking] spends Red" in message(result)
    assert play(gsd, "Rushton : [Line Change] Russell Square (PD)").legal


def test_1_4_39_unspooning_in_quadrant_zero() -> None:
    """Rule 1.4.39: [Unspoon] at any Station in Quadrant Zero destroys one Spoon Clamp, for one
    Token of any colour (the comment may name it; else the Token Table's first held)."""
    state = legal(play(carrying("Spoon Clamp", "Holborn (CN)"), "Rushton : Pass [Unspoon]"))
    assert luggage_of(state, "Rushton") == []
    assert row(state, "Rushton").tokens.bk == 6 - 1
    chosen = play(carrying("Spoon Clamp", "Holborn (CN)"), "Rushton : Pass [Unspoon] "
                                                           "{unspoon: Gr}")  # fmt: skip
    assert row(legal(chosen), "Rushton").tokens.gr == 4 - 1


def test_1_4_39_unspooning_breaks() -> None:
    """Rule 1.4.39: outside Quadrant Zero (Euston is in Quadrant 4); without a Spoon Clamp;
    paying with Red while still Spooned."""
    away = play(carrying("Spoon Clamp", "Euston (VC)"), "Rushton : Pass [Unspoon]")
    assert rules_broken(away) == ["1.4.39"] and "in Quadrant Zero" in message(away)
    none = play(carrying("Book", "Holborn (CN)"), "Rushton : Pass [Unspoon]")
    assert rules_broken(none) == ["1.4.39"] and "you carry none" in message(none)
    red = play(carrying("Spoon Clamp", "Holborn (CN)"), "Rushton : Pass [Unspoon] {unspoon: Re}")
    assert rules_broken(red) == ["1.4.39"] and "spends Red" in message(red)


# -- Rule 1.4.41 - the Green Clamp --------------------------------------------------------------


def test_1_4_41_a_green_clamped_turn_must_recycle() -> None:
    """Rule 1.4.41: at the end of a Turn of a Green Clamp's carrier without [Recycling], the
    Turn is Illegal."""
    gsd = carrying("Green Clamp", "Holborn (CN)")
    assert rules_broken(play(gsd, "Rushton : Pass")) == ["1.4.41"]
    assert play(gsd, "Rushton : Pass [Recycling] {recycling: 1 Bk}").legal


def test_1_4_41_degreening_at_a_green_station() -> None:
    """Rule 1.4.41: [Degreening] at any Green Station destroys the Clamp (then no Recycling
    is due); elsewhere it is refused."""
    state = legal(play(carrying("Green Clamp", "Green Park (VC)"), "Rushton : Pass [Degreening]"))
    assert luggage_of(state, "Rushton") == []
    assert row(state, "Rushton").tokens.gr == 4 - 2
    away = play(carrying("Green Clamp", "Holborn (CN)"), "Rushton : Pass [Degreening]")
    assert "1.4.41" in rules_broken(away) and "at a Green Station" in message(away)


# -- Rule 1.4.42 - the Freem Clamp --------------------------------------------------------------


def test_1_4_42_no_passing_an_interchange_of_three_lines() -> None:
    """Rule 1.4.42: Oxford Circus (Bakerloo, Central, Victoria) may not be passed through;
    ending there, or passing Bond Street (two Lines), is allowed."""
    through = play(carrying("Freem Clamp", "Bond Street (CN)", lv=2),
                   "Rushton : Tottenham Court Road (CN)")  # fmt: skip
    assert rules_broken(through) == ["1.4.42"] and "Oxford Circus" in message(through)
    to_oxford = "Rushton : Oxford Circus (CN)"
    assert play(carrying("Freem Clamp", "Bond Street (CN)", lv=1), to_oxford).legal
    assert play(carrying("Freem Clamp", "Marble Arch (CN)", lv=2), to_oxford).legal


def test_1_4_42_a_freemed_player_may_not_shunt() -> None:
    """Rule 1.4.42: "may not Shunt or Straddle"."""
    gsd = with_luggage(game({"Rushton": "Warren Street (VC)", "Garden": "Euston (VC)"},
                            lv={"Rushton": 1}, tokens={"Rushton": RICH}),
                       {"Rushton": "Freem Clamp"})  # fmt: skip
    text = "Rushton : Euston (VC) [Shunting Garden to King's Cross St. Pancras (VC)]"
    result = play(gsd, text)
    assert rules_broken(result) == ["1.4.42"] and "[Shunting]" in message(result)
    assert play(with_luggage(gsd, {"Rushton": "Book"}), text).legal


def test_1_4_42_freem_away_beyond_zone_four() -> None:
    """Rule 1.4.42: [Freem-away!] at a Station in a Zone outside Zone 4 (Amersham); not in
    Zone 1."""
    state = legal(play(carrying("Freem Clamp", "Amersham (MP)"), "Rushton : Pass [Freem-away!]"))
    assert luggage_of(state, "Rushton") == []
    away = play(carrying("Freem Clamp", "Holborn (CN)"), "Rushton : Pass [Freem-away!]")
    assert rules_broken(away) == ["1.4.42"]


# -- Rule 1.4.43 - the Knid Clamp ---------------------------------------------------------------


def test_1_4_43_no_opening_mc_and_no_special_moves() -> None:
    """Rule 1.4.43: a Knid Clamp's carrier may not play [Opening MC] nor make a Special Move
    (Walking is one)."""
    gsd = carrying("Knid Clamp", "Holborn (CN)")
    assert rules_broken(play(gsd, "Rushton : [Opening MC] Pass")) == ["1.4.43"]
    walker = carrying("Knid Clamp", "Holborn (CN)", lv=5)
    walked = play(walker, "Rushton : [Walking] Russell Square (PD)")
    assert rules_broken(walked) == ["1.4.43"] and "Special Moves" in message(walked)


def test_1_4_43_a_knidded_home_is_open_toll_free() -> None:
    """Rule 1.4.43: others "may make Moves which pass through or land on it without having
    to pay a Toll" (rule 1.12.3 would Block it)."""
    base = with_home(game({"Rushton": "Arnos Grove (PD)"}, lv={"Rushton": 1}), Garden="Southgate")
    assert rules_broken(play(base, "Rushton : Southgate (PD)")) == ["1.12.3"]
    knidded = with_luggage(base, {"Garden": "Knid Clamp"})
    assert play(knidded, "Rushton : Southgate (PD)").legal


def test_1_4_43_de_knidding_at_ones_home() -> None:
    """Rule 1.4.43: [De-Knidding] at eir Home Station destroys the Clamp; elsewhere not."""
    home = carrying("Knid Clamp", "Cockfosters (PD)", home="Cockfosters")
    assert luggage_of(legal(play(home, "Rushton : Pass [De-Knidding]")), "Rushton") == []
    away = carrying("Knid Clamp", "Holborn (CN)", home="Cockfosters")
    result = play(away, "Rushton : Pass [De-Knidding]")
    assert rules_broken(result) == ["1.4.43"] and "Cockfosters" in message(result)


# -- Rule 1.4.44 - the Toff Clamp ---------------------------------------------------------------


def toffed() -> GSD:
    """Rushton began eir last Turn at Bank and moved to Chancery Lane (CN); Garden, arriving
    there on the same Line, Toffed em."""
    gsd = game({"Rushton": "Bank (CN)", "Garden": "Holborn (CN)"}, lv={"Rushton": 2, "Garden": 1},
               tokens={"Garden": "2Re,1Gr"})  # fmt: skip
    gsd = legal(play(gsd, "Rushton : Chancery Lane (CN)"))
    return legal(play(gsd, "Garden : Chancery Lane (CN) [Toffing Rushton]"))


def test_1_4_44_a_toffed_move_must_end_nearer_where_the_last_turn_began() -> None:
    """Rule 1.4.44: no Standard Move that does not leave em closer to the Station at which e
    commenced eir Turn on the Turn immediately prior to being Toffed (Bank); a Pass is always
    Valid (rule 1.5.0)."""
    gsd = toffed()
    assert luggage_of(gsd, "Rushton") == ["Toff Clamp"]
    assert play(gsd, "Rushton : Bank (CN)").legal
    away = play(gsd, "Rushton : Tottenham Court Road (CN)")
    assert rules_broken(away) == ["1.4.44"] and "nearer to Bank" in message(away)
    assert play(gsd, "Rushton : Pass").legal


def test_1_4_44_de_toffing_at_that_station() -> None:
    """Rule 1.4.44: [De-Toffing] (1 Black) at the Station the Clamp measures from."""
    state = legal(play(toffed(), "Rushton : Bank (CN) [De-Toffing]"))
    assert luggage_of(state, "Rushton") == []
    away = play(toffed(), "Rushton : Pass [De-Toffing]")
    assert rules_broken(away) == ["1.4.44"] and "at Bank" in message(away)


def test_1_4_44_without_its_toffing_in_the_record_it_is_not_adjudicated() -> None:
    """Rule 1.4.44's Station is read from the record; a Clamp with no Toffing there (a GSD
    begun mid-game) is named, not guessed at."""
    result = play(carrying("Toff Clamp", "Holborn (CN)", lv=1), "Rushton : Chancery Lane (CN)")
    assert not result.adjudicated
    assert result.unadjudicated == ("Toff Clamp (its Toffing is not in the record)",)
    assert "rule 1.4.44 measures from where the carrier stood" in result.messages()[0]


# -- Rule 1.4.47 - Number Six ------------------------------------------------------------------


def test_1_4_47_a_prisoner_plays_no_move_but_a_pass() -> None:
    """Rule 1.4.47: a player carrying a Prison Clamp may not play a Move other than Pass."""
    gsd = carrying("Prison Clamp", "Chancery Lane (CN)", lv=1)
    assert rules_broken(play(gsd, "Rushton : Holborn (CN)")) == ["1.4.47"]
    assert rules_broken(play(gsd, "Rushton : [Ghosting] Aldwych (GH)")) == ["1.4.47"]
    legal(play(gsd, "Rushton : Pass"))


def _sent_to_the_tower() -> GSD:
    """Rushton, Sent to the Tower by eir last play's [Finding] (the referee's note), carries
    the Prison Clamp it gave em; Cryer plays next."""
    base = game({"Cryer": "Euston (NT)"}, players=("Rushton", "Cryer"),
                tokens={"Rushton": RICH})  # fmt: skip
    tower = Play.parse("Rushton : Pass Tower Hill (CL) [Finding] {found: 47 (Sent to the Tower)}",
                       players=base.player_names)  # fmt: skip
    return with_luggage(base.model_copy(update={"record": (*base.record, tower)}),
                        {"Rushton": "Prison Clamp"})  # fmt: skip


def test_1_4_47_the_prison_clamp_is_destroyed_after_two_rounds() -> None:
    """Rule 1.4.47: at the start of a Turn, a Prison Clamp carried for more than two Rounds is
    destroyed. Gained in Rushton's Turn, it is still carried through eir next two Turns (each
    starts less than two Rounds after), and gone as the third begins."""
    state = _sent_to_the_tower()
    for _ in range(2):
        state = legal(play(state, "Cryer : Pass"))
        assert "1.4.47" in rules_broken(play(state, "Rushton : [Ghosting] Aldwych (GH)"))
        state = legal(play(state, "Rushton : Pass"))
        assert luggage_of(state, "Rushton") == ["Prison Clamp"]
    state = legal(play(state, "Cryer : Pass"))
    assert luggage_of(legal(play(state, "Rushton : Pass")), "Rushton") == []
