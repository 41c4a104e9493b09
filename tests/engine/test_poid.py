"""Rule 1.4.24 - The Podume of Infinite Darkness: Forging, Collecting, putting down, its
carrier's darkening and its destruction at Holy Stations; resting on the Map.
"""

from __future__ import annotations

from referee.engine.dice import ReplayDice, Roll
from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.tokens import Colour
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, with_luggage
from tests.engine.test_blocks import legal, message

PODUME = "Podume of Infinite Darkness"
NIGHT = "Tuesday 2100"


def forger(tokens: str = "10Bk,2Br", time: str = NIGHT, at: str = "Holborn (CN)") -> GSD:
    return game({"Rushton": at, "Garden": "Bank (CN)"}, tokens={"Rushton": tokens}, time=time)


def carrier(at: str = "Holborn (CN)", tokens: str = "2Br", lv: int = 0, **kw: object) -> GSD:
    gsd = game({"Rushton": at, "Garden": "Bank (CN)"}, tokens={"Rushton": tokens},
               lv={"Rushton": lv}, time=NIGHT)  # fmt: skip
    return with_luggage(gsd, {"Rushton": PODUME}, **kw)  # type: ignore[arg-type]


# -- Forging ------------------------------------------------------------------------------------


def test_1_4_24_forging_brings_the_podume_into_play() -> None:
    """Rule 1.4.24: [Forging PoID] (10 Black, an hour) brings the PoID into play, in the
    Forger's Possession."""
    result = play(forger(), "Rushton : Pass [Forging PoID]")
    state = legal(result)
    assert luggage(result, "Rushton") == [PODUME]
    assert state.time is not None and state.time.render() == "Tuesday 2200"


def test_1_4_24_forging_at_midnight_costs_half() -> None:
    """Rule 1.4.24: "If performed at midnight, this Action's cost is halved"."""
    result = play(forger(tokens="5Bk,2Br", time="Wednesday 0000*"), "Rushton : Pass [Forging PoID]")
    assert result.legal, result.messages()
    assert rules_broken(play(forger(tokens="5Bk,2Br"), "Rushton : Pass [Forging PoID]")) == [
        "1.7.1"
    ]


def test_1_4_24_forging_breaks() -> None:
    """Rule 1.4.24: only if there is no PoID in play, not at a Holy Station, outside Peak
    Hours."""
    peak = play(forger(time="Tuesday 1200"), "Rushton : Pass [Forging PoID]")
    assert rules_broken(peak) == ["1.4.24"] and "Peak Hours" in message(peak)
    temple = play(forger(at="Temple (DS)"), "Rushton : Pass [Forging PoID]")
    assert rules_broken(temple) == ["1.4.24"] and "Holy Station" in message(temple)
    held = with_luggage(forger(), {"Garden": PODUME})
    assert rules_broken(play(held, "Rushton : Pass [Forging PoID]")) == ["1.4.24"]
    resting = with_luggage(forger(), {}, stacks={"Euston": "PoID"})
    assert rules_broken(play(resting, "Rushton : Pass [Forging PoID]")) == ["1.4.24"]


# -- The carrier's Turns ------------------------------------------------------------------------


def test_1_4_24_two_tokens_turn_black_at_the_end_of_the_carriers_turn() -> None:
    """Rule 1.4.24: at the end of each of eir Turns the carrier replaces two Tokens, as many
    non-Black as possible, with Black ones."""
    state = legal(play(carrier(tokens="2Br,1Bk"), "Rushton : Pass"))
    assert (row(state, "Rushton").tokens.br, row(state, "Rushton").tokens.bk) == (0, 3)
    one = legal(play(carrier(tokens="1Re,3Bk"), "Rushton : Pass"))
    assert (row(one, "Rushton").tokens.re, row(one, "Rushton").tokens.bk) == (0, 4)


def test_1_4_24_the_carrier_chooses_which_two() -> None:
    """Rule 1.4.24: "e should select two Tokens": with a choice, the comment says which."""
    gsd = carrier(tokens="2Br,2Re")
    chosen = legal(play(gsd, "Rushton : Pass {blacken: 1 Br, 1 Re}"))
    assert (row(chosen, "Rushton").tokens.br, row(chosen, "Rushton").tokens.re) == (1, 1)
    assert rules_broken(play(gsd, "Rushton : Pass")) == ["1.4.24"]
    black = play(with_luggage(carrier(tokens="2Br,2Re,2Bk"), {"Rushton": PODUME}),
                 "Rushton : Pass {blacken: 1 Br, 1 Bk}")  # fmt: skip
    assert rules_broken(black) == ["1.4.24"]


def test_1_4_24_destroyed_when_its_carrier_passes_a_holy_station() -> None:
    """Rule 1.4.24: a carrier passing through a Holy Station (St. Paul's) loses the PoID at
    once; no Tokens are then blackened."""
    result = play(carrier(at="Chancery Lane (CN)", lv=2), "Rushton : Bank (CN)")
    state = legal(result)
    assert luggage(result, "Rushton") == []
    plain = play(with_luggage(carrier(at="Chancery Lane (CN)", lv=2), {"Rushton": "Book"}),
                 "Rushton : Bank (CN)")  # fmt: skip
    assert row(state, "Rushton").tokens == row(legal(plain), "Rushton").tokens


# -- Putting down and Collecting ----------------------------------------------------------------


def test_1_4_24_putting_the_podume_down() -> None:
    """Rule 1.4.24: [PoID on <Station>] where the carrier rests or passed through; it then
    rests there as a Stack marked PoID."""
    result = play(carrier(lv=1, tokens="2Br"), "Rushton : Chancery Lane (CN) [PoID on Holborn] "
                                               "{blacken: 2 Br}")  # fmt: skip
    state = legal(result)
    assert [(s.station, s.marker) for s in state.stacks] == [("Holborn", "PoID")]
    assert luggage(result, "Rushton") == []


def test_1_4_24_put_down_at_a_holy_station_it_is_destroyed() -> None:
    """Rule 1.4.24: "the Podume itself rests at a Holy Station ... instantly destroyed"."""
    result = play(carrier(at="Temple (DS)"), "Rushton : Pass [PoID on Temple]")
    state = legal(result)
    assert not any(s.marker == "PoID" for s in state.stacks)
    assert luggage(result, "Rushton") == []


def test_1_4_24_putting_down_breaks() -> None:
    """Rule 1.4.24: only by its carrier; only where the Piece rests or passed (rule 1.17.9)."""
    none = play(forger(), "Rushton : Pass [PoID on Holborn]")
    assert rules_broken(none) == ["1.4.24"]
    far = play(carrier(), "Rushton : Pass [PoID on Bank]")
    assert rules_broken(far) == ["1.4.24"]


CRESCENT_DIE = "rule 1.4.24 PoID at Mornington Crescent"
TO_THE_CRESCENT = ("Rushton : [Opening MC] Camden Town (NT) [PoID on Mornington Crescent] "
                   "{destroy: 1 Br, 1 Re}")  # fmt: skip
"""Rushton passes through the Crescent (open, rule 1.7.28) and leaves the PoID there."""


def crescent(garden: str = "Camden Town (NT)") -> GSD:
    """Rushton at Euston carries the PoID, two stops from Camden Town past the Crescent;
    Garden at ``garden``."""
    gsd = game({"Rushton": "Euston (NT)", "Garden": garden}, lv={"Rushton": 2},
               tokens={"Rushton": "3Go,2Br,1Re,1Bk", "Garden": "2Re,2Br,1Bk"},
               time=NIGHT, players=("Rushton", "Garden"))  # fmt: skip
    return with_luggage(gsd, {"Rushton": PODUME, "Garden": "Newspaper"},
                        stacks={"Angel": "BuRe", "Bank": "Gr"})  # fmt: skip


def judged(gsd: GSD, text: str, *rolls: int) -> TurnResult:
    dice = ReplayDice.of(Roll(295, value, CRESCENT_DIE) for value in rolls)
    return adjudicate(gsd, Play.parse(text, players=gsd.player_names), dice=dice,
                      check_order=False)  # fmt: skip


def test_1_4_24_at_the_crescent_the_placer_rolls_and_a_station_explodes() -> None:
    """Rule 1.4.24: the player who put the PoID at Mornington Crescent rolls a d295 after each
    of eir Turns; the Station with that Venbacker Number (Camden Town is 40), unless Holy, is
    wracked as by a Suspect Package's detonation (rule 1.7.30): Heavily Damaged, every Station
    fewer than three stops away Blasted. Tokens are destroyed, not blackened: Rushton, as the
    PoID rests, loses two of eir own at the end of the Turn, as many non-Black as e has."""
    result = judged(crescent(), TO_THE_CRESCENT, 40)
    state = legal(result)
    assert [r.sides for r in result.rolls] == [295]
    assert ("Mornington Crescent", "PoID") in [(s.station, s.content_text()) for s in state.stacks]
    assert "Camden Town (*Damage*)" in [d.render() for d in state.disruptions]
    blasted = {d.player for d in state.disruptions if d.flag == "Blasted"}
    assert {"Garden", "Rushton"} <= blasted
    assert luggage(result, "Garden") == []
    texts = [e.text for e in result.events]
    assert "the Podume at Mornington Crescent destroys 1 Br, 1 Re" in texts
    assert row(state, "Rushton").tokens.re == 0


def test_1_4_24_a_holy_station_rolled_means_nothing_happens() -> None:
    """ "if it equates to a Holy Station, nothing happens": Angel is 7."""
    state = legal(judged(crescent(), TO_THE_CRESCENT, 7))
    assert not any(d.flag == "Blasted" or d.marker == "*Damage*" for d in state.disruptions)


def test_1_4_24_at_the_crescent_every_turn_destroys_stack_tops_and_two_tokens() -> None:
    """The next Turn, another player's: each Stack's top Token is destroyed as it starts (a
    Stack left empty is gone), and e loses two Tokens at its end, as many non-Black as e has;
    only the placer rolls."""
    state = legal(judged(crescent(garden="Bank (CN)"), TO_THE_CRESCENT, 7))
    result = judged(state, "Garden : Pass {destroy: 2 Re}")
    after = legal(result)
    assert result.rolls == ()
    assert [(s.station, s.content_text()) for s in after.stacks if s.marker is None] == [
        ("Angel", "Bu")]  # fmt: skip
    tokens = row(after, "Garden").tokens
    assert (tokens.re, tokens.br, tokens.bk) == (0, 2, 1)


def test_1_4_24_no_tokens_left_abandons_the_game() -> None:
    """ "If the Podume is ever at Mornington Crescent and there are no Tokens left in the Game,
    the Game is abandoned with no Winner": the Turn that spends the last Tokens says so, and
    no later Turn is accepted."""
    gsd = game({"Rushton": "Euston (NT)", "Garden": "Bank (CN)"}, lv={"Rushton": 2},
               tokens={"Rushton": "3Go,1Re", "Garden": "1Re"}, time=NIGHT,
               players=("Rushton", "Garden"))  # fmt: skip
    gsd = with_luggage(gsd, {"Rushton": PODUME})
    text = "Rushton : [Opening MC] Camden Town (NT) [PoID on Mornington Crescent]"
    state = legal(judged(gsd, text, 7))
    assert sum(row(state, "Rushton").tokens.as_tuple()) == 0
    last = judged(state, "Garden : Pass")
    assert any(e.kind == "game_abandoned" for e in last.events) and last.winner is None
    after = judged(legal(last), "Rushton : Pass", 7)
    assert rules_broken(after) == ["1.4.24"] and "abandoned" in message(after)


def test_1_4_24_collecting_the_podume() -> None:
    """Rule 1.4.24: [Collecting PoID] by a player who rests at its Station, or passed through
    it this Turn (Tottenham Court Road, on the way to Oxford Circus); not from elsewhere."""

    def resting(lv: int) -> GSD:
        gsd = game({"Rushton": "Holborn (CN)", "Garden": "Bank (CN)"}, lv={"Rushton": lv},
                   tokens={"Rushton": "2Br"}, time=NIGHT)  # fmt: skip
        return with_luggage(gsd, {}, stacks={"Tottenham Court Road": "PoID"})

    rests = play(resting(1), "Rushton : Tottenham Court Road (CN) [Collecting PoID] "
                             "{blacken: 2 Br}")  # fmt: skip
    assert legal(rests).stacks == () and luggage(rests, "Rushton") == [PODUME]
    passing = play(resting(2), "Rushton : Oxford Circus (CN) [Collecting PoID] {blacken: 2 Br}")
    assert luggage(passing, "Rushton") == [PODUME] and passing.legal
    far = play(resting(1), "Rushton : Chancery Lane (CN) [Collecting PoID]")
    assert rules_broken(far) == ["1.4.24"] and "Tottenham Court Road" in message(far)


# -- Resting on the Map ------------------------------------------------------------------------


def test_1_4_24_a_resting_podume_darkens_every_stack_and_everyone() -> None:
    """Rule 1.4.24: while it rests, every Turn starts with each Stack's top Token turned Black,
    and every player acts as its carrier (two Tokens Black at the end of the Turn)."""
    gsd = with_luggage(forger(tokens="2Br"), {}, stacks={"Euston": "PoID", "Angel": "BuRe"})
    state = legal(play(gsd, "Rushton : Pass"))
    angel = next(s for s in state.stacks if s.station == "Angel")
    assert angel.tokens == (Colour.BU, Colour.BK)
    assert row(state, "Rushton").tokens.br == 0


def test_1_4_24_a_resting_podume_guards_every_piece() -> None:
    """Rule 1.4.24: as everyone carries it, no Move may pass or reach another's Station."""
    gsd = with_luggage(game({"Rushton": "Holborn (CN)", "Garden": "Chancery Lane (CN)"},
                            lv={"Rushton": 2}, tokens={"Rushton": "2Br"}, time=NIGHT),
                       {}, stacks={"Euston": "PoID"})  # fmt: skip
    result = play(gsd, "Rushton : St. Paul's (CN)")
    assert "1.4.24" in rules_broken(result) and "Chancery Lane" in message(result)
