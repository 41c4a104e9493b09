"""Rule 1.18.3 - Manoeuvres in the Light: Using a Gambit of rule 1.18.2's list.

The Morden Paradox Gambit (13 Bk): Colliers Wood -> South Wimbledon -> Morden. Rushton's
Moves ended at Colliers Wood, then South Wimbledon; this Turn e Moves on to Morden.
"""

from __future__ import annotations

from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message
from tests.engine.test_home import with_home

MORDEN = "Rushton : Morden (NT) [Using the Morden Paradox Gambit]"


def moved(*plays: str, lv: int = 1) -> GSD:
    """A record in which Rushton's own Moves (plays of rule 1.2.0) came to each station."""
    gsd = game({"Garden": "Bank (NT)"}, lv={"Rushton": lv})
    record = gsd.record + tuple(Play.parse(text, players=gsd.player_names) for text in plays)
    return gsd.model_copy(update={"record": record})


PARADOX = ("Rushton : Colliers Wood (NT)", "Garden : Pass", "Rushton : South Wimbledon (NT)")


def test_1_18_3_completing_a_gambit_gains_its_cost() -> None:
    """Rule 1.18.3: the Player gains the Tokens recorded as the Gambit's cost (13 Black, on
    top of what the Move collects)."""
    result = play(moved(*PARADOX), MORDEN)
    assert result.legal, result.messages()
    plain = play(moved(*PARADOX), "Rushton : Morden (NT)")
    assert row(result.state, "Rushton").tokens.bk == row(plain.state, "Rushton").tokens.bk + 13


def test_1_18_3_manoeuvre_is_a_synonym() -> None:
    """Rule 1.18.1: "the word Gambit is synonymous with the word Manoeuvre"."""
    text = "Rushton : Morden (NT) [Using the Morden Paradox Manoeuvre]"
    assert play(moved(*PARADOX), text).legal
    twice = play(moved(*PARADOX), f"{MORDEN} [Using the Morden Paradox Manoeuvre]")
    assert "1.3.4" in rules_broken(twice)


def test_1_18_3_passes_are_not_stations_played() -> None:
    """Rule 1.18.3: "the most recent valid non-pass Stations": a Pass between does not
    break the sequence."""
    result = play(moved(*PARADOX, "Rushton : Pass South Wimbledon (NT)"), MORDEN)
    assert result.legal, result.messages()


def test_1_18_3_two_silver_for_each_station_that_is_anothers_home() -> None:
    """Rule 1.18.3: for each Station in the Gambit which is another Player's Home Station,
    the performing Player gains 2 Silver."""
    gsd = with_home(moved(*PARADOX), Garden="Colliers Wood")
    result = play(gsd, MORDEN)
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").tokens.si == 2
    assert row(play(moved(*PARADOX), MORDEN).state, "Rushton").tokens.si == 0


def test_1_18_3_attributes_in_sequence() -> None:
    """Rule 1.18.2's Easter Gambit (1 Bu, 1 Br, 1 Si): a Holy Station -> an A-Z Station ->
    another Holy Station (Temple, Chancery Lane, St. Paul's)."""
    gsd = moved("Rushton : Temple (DS)", "Rushton : Chancery Lane (CN)")
    result = play(gsd, "Rushton : St. Paul's (CN) [Using the Easter Gambit]")
    assert result.legal, result.messages()
    plain = play(gsd, "Rushton : St. Paul's (CN)")
    assert row(result.state, "Rushton").tokens.si == row(plain.state, "Rushton").tokens.si + 1


def test_1_18_3_the_stations_must_match() -> None:
    """Rule 1.18.3: the Stations have the Gambit's attributes in the same sequence."""
    gsd = moved("Rushton : South Wimbledon (NT)", "Rushton : Colliers Wood (NT)", lv=2)
    result = play(gsd, MORDEN)
    assert rules_broken(result) == ["1.18.3"]
    assert "Colliers Wood -> South Wimbledon -> Morden" in message(result)


def test_1_18_3_completed_by_this_turns_move() -> None:
    """Rule 1.18.3 with rules/vanilla/readings.md#r1-18-3: a Pass completes nothing, so a Gambit is
    not cashed again by Passing."""
    gsd = moved(*PARADOX, "Rushton : Morden (NT)")
    result = play(gsd, "Rushton : Pass [Using the Morden Paradox Gambit]")
    assert rules_broken(result) == ["1.18.3"]


def test_1_18_3_only_listed_gambits() -> None:
    """Rule 1.18.2 lists the legal Manoeuvres; no other can be Used."""
    result = play(moved(*PARADOX), "Rushton : Morden (NT) [Using the Tooting Shuffle Gambit]")
    assert rules_broken(result) == ["1.18.3"] and "Tooting Shuffle" in message(result)


DENY = "Garden : Pass [Denying the Morden Paradox Gambit by Rushton]"


def denied(*plays: str) -> GSD:
    """PARADOX's record (Rushton one Move short of Morden), Garden able to pay a Denial, and
    ``plays`` after it, left unjudged."""
    gsd = game({"Garden": "Bank (NT)"}, lv={"Rushton": 1}, tokens={"Garden": "1 Re, 1 Bu"})
    lines = (*PARADOX, *plays)
    record = gsd.record + tuple(Play.parse(text, players=gsd.player_names) for text in lines)
    return gsd.model_copy(update={"record": record})


def test_1_18_4_a_denial_follows_the_penultimate_move() -> None:
    """Rule 1.18.4: Denying is played once one Move remains; it costs 1 Red and 1 Blue."""
    state = legal(play(denied(), DENY))
    assert (row(state, "Garden").tokens.re, row(state, "Garden").tokens.bu) == (0, 0)
    early = denied()
    early = early.model_copy(update={"record": early.record[:-1]})
    result = play(early, DENY)
    assert rules_broken(result) == ["1.18.4"] and "one Move short" in message(result)


def test_1_18_4_denial_breaks() -> None:
    """Rule 1.18.4 (and 1.7.42): another player's Gambit, and one that exists."""
    own = play(denied("Garden : Pass"), "Rushton : Pass [Denying the Morden Paradox Gambit by "
                                        "Rushton]")  # fmt: skip
    assert "1.18.4" in rules_broken(own) and "eir own" in own.messages()[-1]
    unknown = play(denied(), "Garden : Pass [Denying the Ealing Shuffle Gambit by Rushton]")
    assert rules_broken(unknown) == ["1.18.4"]


def test_1_18_4_a_denial_that_holds_gains_the_denier_the_reward() -> None:
    """Rule 1.18.4: "The Denying Player gains the reward ... instead": Rushton's next Move
    does not reach Morden, so Garden gains the Gambit's 13 Black."""
    before = row(denied(DENY), "Garden").tokens.bk
    state = legal(play(denied(DENY), "Rushton : Pass South Wimbledon (NT)"))
    assert row(state, "Garden").tokens.bk == before + 13


def test_1_18_4_a_failed_denial_doubles_the_completers_reward() -> None:
    """Rule 1.18.4: completed despite the Denial, the Gambit gains Rushton double (26 Black);
    Garden gains nothing."""
    gsd = denied(DENY)
    used = legal(play(gsd, MORDEN))
    plain = legal(play(gsd, "Rushton : Morden (NT)"))
    assert row(used, "Rushton").tokens.bk == row(plain, "Rushton").tokens.bk + 26
    assert row(plain, "Garden").tokens.bk == row(gsd, "Garden").tokens.bk
    assert row(used, "Garden").tokens.bk == row(gsd, "Garden").tokens.bk


def test_1_18_4_a_denial_binds_the_next_turn_only() -> None:
    """Rule 1.18.4: the Denial is judged by the Denied player's next Move, not a later one."""
    gsd = denied(DENY, "Rushton : Pass South Wimbledon (NT)", "Garden : Pass")
    state = legal(play(gsd, MORDEN))
    assert row(state, "Garden").tokens.bk == row(gsd, "Garden").tokens.bk


# -- Rule 1.18.1 - Manoeuvres in the Dark -------------------------------------------------------

TOOTING = ("Rushton : Colliers Wood (NT)", "Rushton : Tooting Broadway (NT)")
DECLARE = ("Rushton : Tooting Bec (NT) [Declaring the Tooting Shuffle Gambit] "
           "{gambit: Colliers Wood -> Tooting Broadway -> Tooting Bec; cost: 2 Bu}")  # fmt: skip


def rich(*plays: str) -> GSD:
    gsd = moved(*plays)
    rows = tuple(p.model_copy(update={"tokens": p.tokens.model_copy(update={"bu": 3, "gr": 1})})
                 if p.name == "Rushton" else p for p in gsd.players)  # fmt: skip
    return gsd.model_copy(update={"players": rows})


def test_1_18_1_declaring_a_gambit_of_ones_last_stations() -> None:
    """Rule 1.18.1: attributes of the last three Stations, a name, a price (2 Blue, plus the
    index's Green); rule 1.18.3: from then on it can be Used, gaining that price."""
    result = play(rich(*TOOTING), DECLARE)
    state = legal(result)
    assert (row(state, "Rushton").tokens.bu, row(state, "Rushton").tokens.gr) == (1, 0)
    again = state.model_copy(update={"record": state.record + tuple(
        Play.parse(t, players=state.player_names) for t in
        ("Rushton : Colliers Wood (NT)", "Rushton : Tooting Broadway (NT)"))})  # fmt: skip
    used = play(again, "Rushton : Tooting Bec (NT) [Using the Tooting Shuffle Gambit]")
    plain = play(again, "Rushton : Tooting Bec (NT)")
    assert row(legal(used), "Rushton").tokens.bu == row(legal(plain), "Rushton").tokens.bu + 2


def test_1_18_1_attributes_quadrants_and_categories() -> None:
    """Rule 1.18.1: "any information which may be inferred about a Station": a Quadrant, a
    category of rule 1.17.6, "another" of one."""
    gsd = rich("Rushton : Temple (DS)", "Rushton : Chancery Lane (CN)")
    text = ("Rushton : St. Paul's (CN) [Declaring the Second Coming Manoeuvre] "
            "{gambit: Holy Station -> Quadrant 0 -> another Holy Station; cost: 1 Bu}")  # fmt: skip
    assert legal(play(gsd, text))


def test_1_18_1_declaring_breaks() -> None:
    """Rule 1.18.1: the attributes must hold; no Pass among the recent Moves; three to six;
    not a sequence (or a name) that already exists; at least one Token."""
    wrong = DECLARE.replace("Colliers Wood ->", "Morden ->")
    assert rules_broken(play(rich(*TOOTING), wrong)) == ["1.18.1"]
    passed = rich("Rushton : Colliers Wood (NT)", "Rushton : Pass Tooting Broadway (NT)")
    assert rules_broken(play(passed, DECLARE)) == ["1.18.1"]
    short = ("Rushton : Tooting Bec (NT) [Declaring the Tooting Shuffle Gambit] "
             "{gambit: Tooting Broadway -> Tooting Bec; cost: 2 Bu}")  # fmt: skip
    assert rules_broken(play(rich(*TOOTING), short)) == ["1.18.1"]
    paradox = rich(*PARADOX)
    copy = ("Rushton : Morden (NT) [Declaring the Paradox Again Gambit] "
            "{gambit: Colliers Wood -> South Wimbledon -> Morden; cost: 1 Bu}")  # fmt: skip
    existing = play(paradox, copy)
    assert rules_broken(existing) == ["1.18.1"] and "Morden Paradox" in message(existing)
    free = play(rich(*TOOTING), DECLARE.replace("cost: 2 Bu", "cost: 0 Bu"))
    assert rules_broken(free) == ["1.18.1"]


def test_1_18_1_attributes_the_referee_cannot_read_are_not_adjudicated() -> None:
    """Rule 1.18.1 allows any attribute defined by the rules; one the referee cannot read
    leaves the Declaration named, not adjudicated."""
    text = DECLARE.replace("Colliers Wood ->", "Zone 3 ->")
    result = play(rich(*TOOTING), text)
    assert not result.adjudicated and result.unadjudicated == ("Declaring Gambit",)
    assert "(rule 1.18.1) names an attribute of a Station" in result.messages()[0]


def test_1_18_3_and_1_18_4_an_earlier_action_without_parameters_does_not_stop_the_referee() -> None:
    """Rules 1.18.3 and 1.18.4 look for the Gambit a play names among those declared; a record
    holding Actions that name nothing (a [Cowering], rule 1.7.56) is read past, and a Gambit no
    one declared is refused as one that does not exist (found by the engine properties: the
    search read the first parameter of every earlier Action and crashed on such a record)."""
    gsd = denied("Garden : Pass [Cowering]", "Rushton : Pass")
    result = play(gsd, "Garden : Pass [Denying the Ealing Shuffle Gambit by Rushton]")
    assert rules_broken(result) == ["1.18.4"]
    using = play(moved(*PARADOX, "Garden : Pass [Cowering]"), MORDEN)
    assert using.legal, using.messages()
