"""Rules 1.7.36 (Token Cascading) and 1.7.37 (Stealing and Killing Cascades)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken

NO_GREEN = "2 Re, 2 Bk, 2 Bu"


def _game(
    rushton: str = NO_GREEN,
    cryer: str = "2 Re, 2 Bk",
    garden: str = "3 Gr",
    rushton_at: str = "Holborn (CN)",
) -> GSD:
    return game({"Rushton": rushton_at, "Cryer": "Euston (NT)", "Garden": "Angel (NT)"},
                tokens={"Rushton": rushton, "Cryer": cryer, "Garden": garden})  # fmt: skip


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def _cascading(gsd: GSD | None = None) -> GSD:
    """Rushton starts a Cascade at Holborn, paying 2 Blue and 2 Black."""
    result = play(gsd or _game(), "Rushton : [Token Cascade] Pass Holborn (CN) "
                                  "{cascading: 2 Bu, 2 Bk}")  # fmt: skip
    assert result.legal, result.messages()
    return result.state


def _flags(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions]


def test_1_7_36_a_cascade_starts_inside_the_circle_without_some_plastic_colour() -> None:
    """Rule 1.7.36: on or inside the Circle, holding no Green, no Cascade running: Rushton
    becomes the focus, pays four of Red, Blue and Black, and the Cascade is recorded."""
    state = _cascading()
    tokens = row(state, "Rushton").tokens
    assert (tokens.re, tokens.bu, tokens.bk) == (2, 0, 0)
    assert _flags(state) == ["Token Cascade"]


def test_1_7_36_the_referee_takes_the_cost_from_the_colours_held_most() -> None:
    """Rule 1.7.36: with no choice in the comment, four Tokens from the most-held of Red, Blue
    and Black (ties in Token Table order)."""
    result = play(_game(rushton="3 Re, 1 Bk, 2 Bu"), "Rushton : [Token Cascade] Pass Holborn (CN)")
    assert result.legal, result.messages()
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.re, tokens.bu, tokens.bk) == (1, 1, 0)


def test_1_7_36_breaks() -> None:
    """Rule 1.7.36: each condition, the cost's colours and count, and the Pre-Move phase."""
    outside = play(_game(rushton_at="Euston (VC)"), "Rushton : [Token Cascade] Pass Euston (VC)")
    assert rules_broken(outside) == ["1.7.36"] and "Circle" in _message(outside)
    every = play(_game(rushton="2 Re, 2 Bk, 2 Bu, 1 Gr"),
                 "Rushton : [Token Cascade] Pass Holborn (CN)")  # fmt: skip
    assert rules_broken(every) == ["1.7.36"] and "none of at least one" in _message(every)
    running = play(_cascading(), "Rushton : [Token Cascade] Pass Holborn (CN)")
    assert rules_broken(running) == ["1.7.36"] and "already running" in _message(running)
    green = play(
        _game(rushton="2 Re, 2 Bk, 2 Bu"),
        "Rushton : [Token Cascade] Pass Holborn (CN) {cascading: 2 Re, 1 Bk, 1 Gr}",
    )
    assert rules_broken(green) == ["1.7.36"] and "four Tokens of Red" in _message(green)
    short = play(_game(rushton="1 Re, 1 Bk"), "Rushton : [Token Cascade] Pass Holborn (CN)")
    assert rules_broken(short) == ["1.7.36"] and "costs" in _message(short)
    late = play(_game(), "Rushton : Pass Holborn (CN) [Token Cascade]")
    assert rules_broken(late) == ["1.3.4"]


def test_1_7_36_each_other_player_hands_over_one_token_per_move_since() -> None:
    """Rule 1.7.36: at the start of eir Turn Cryer hands the focus one Plastic Token (one Move
    since the Cascade began); Garden, a Move later, two; the focus pays nobody."""
    after_cryer = play(_cascading(), "Cryer : Pass Euston (NT) {cascade: 1 Bk}")
    assert after_cryer.legal, after_cryer.messages()
    state = after_cryer.state
    assert (row(state, "Cryer").tokens.bk, row(state, "Rushton").tokens.bk) == (1, 1)
    after_garden = play(state, "Garden : Pass Angel (NT)")
    assert after_garden.legal, after_garden.messages()
    state = after_garden.state
    assert (row(state, "Garden").tokens.gr, row(state, "Rushton").tokens.gr) == (1, 2)
    own = play(state, "Rushton : Pass Holborn (CN)")
    assert own.legal and row(own.state, "Rushton").tokens == row(state, "Rushton").tokens


def test_1_7_36_a_transfer_of_the_wrong_tokens_is_refused() -> None:
    """Rule 1.7.36: X Plastic Tokens the player holds; not Metallic, not more or fewer."""
    two = play(_cascading(), "Cryer : Pass Euston (NT) {cascade: 2 Bk}")
    assert rules_broken(two) == ["1.7.36"] and "1 Plastic" in _message(two)
    missing = play(_cascading(), "Cryer : Pass Euston (NT) {cascade: 1 Bu}")
    assert rules_broken(missing) == ["1.7.36"] and "do not hold" in _message(missing)


def test_1_7_36_a_player_short_of_tokens_hands_over_eir_most_held_colour_and_it_ends() -> None:
    """Rule 1.7.36: Garden owes two but holds one Green: e hands it over and the Cascade ends."""
    state = play(_cascading(_game(garden="1 Gr, 4 Br")), "Cryer : Pass Euston (NT)").state
    result = play(state, "Garden : Pass Angel (NT)")
    assert result.legal, result.messages()
    assert row(result.state, "Garden").tokens.gr == 0
    assert row(result.state, "Rushton").tokens.gr == 1
    assert _flags(result.state) == []
    nothing_more = play(result.state, "Rushton : Pass Holborn (CN)").state
    after = play(nothing_more, "Cryer : Pass Euston (NT)")
    assert row(after.state, "Cryer").tokens == row(nothing_more, "Cryer").tokens


def test_1_7_36_a_tie_for_most_held_is_the_players_choice() -> None:
    """Rule 1.7.36: "if multiple colours qualify, e must choose between them": Cryer owes four
    but holds one Red and one Black, and names which colour goes."""
    state = _cascading(_game(cryer="1 Re, 1 Bk, 1 Bu"))
    for text in ("Cryer : Pass Euston (NT) {cascade: 1 Bu}", "Garden : Pass Angel (NT)",
                 "Rushton : Pass Holborn (CN)"):  # fmt: skip
        state = play(state, text).state
    chose = play(state, "Cryer : Pass Euston (NT) {cascade: Red}")
    assert chose.legal, chose.messages()
    assert (row(chose.state, "Cryer").tokens.re, row(chose.state, "Cryer").tokens.bk) == (0, 1)
    assert _flags(chose.state) == []
    wrong = play(state, "Cryer : Pass Euston (NT) {cascade: Green}")
    assert rules_broken(wrong) == ["1.7.36"] and "Black, Red" in _message(wrong)


def test_1_7_37_a_stolen_cascade_pays_its_new_focus() -> None:
    """Rule 1.7.37: Cryer steals the Cascade; Garden then pays Cryer, and Rushton pays too."""
    stolen = play(
        _cascading(_game(cryer="4 Re, 2 Bk")),
        "Cryer : Pass Euston (NT) [Cascade Steal] {cascade: 1 Re}",
    )
    assert stolen.legal, stolen.messages()
    garden = play(stolen.state, "Garden : Pass Angel (NT)")
    assert garden.legal, garden.messages()
    assert row(garden.state, "Cryer").tokens.gr == 2
    rushton = play(garden.state, "Rushton : Pass Holborn (CN) {cascade: 3 Re}")
    assert rushton.legal, rushton.messages()
    assert (row(rushton.state, "Rushton").tokens.re, row(rushton.state, "Cryer").tokens.re) == (
        0, 3)  # fmt: skip


def test_1_7_37_a_killed_cascade_takes_no_more() -> None:
    """Rule 1.7.37: [Cascade Kill] ends the Cascade at once: no later transfer."""
    killed = play(_cascading(), "Cryer : Pass Euston (NT) [Cascade Kill]")
    assert killed.legal, killed.messages()
    assert _flags(killed.state) == []
    garden = play(killed.state, "Garden : Pass Angel (NT)")
    assert row(garden.state, "Garden").tokens.gr == 3


def test_1_7_37_breaks() -> None:
    """Rule 1.7.37: both need a running Cascade; the focus cannot steal eir own."""
    steal = play(_game(cryer="4 Re"), "Cryer : Pass Euston (NT) [Cascade Steal]")
    assert rules_broken(steal) == ["1.7.37"] and "no Token Cascade" in _message(steal)
    kill = play(_game(), "Cryer : Pass Euston (NT) [Cascade Kill]")
    assert rules_broken(kill) == ["1.7.37"]
    own = play(
        _game(rushton="6 Re, 1 Bu"),
        "Rushton : [Token Cascade] Pass Holborn (CN) [Cascade Steal] {cascading: 3 Re, 1 Bu}",
    )
    assert rules_broken(own) == ["1.7.37"] and "already the focus" in _message(own)


def test_1_7_36_a_cascade_whose_start_the_record_lacks_is_not_guessed_at() -> None:
    """Rule 1.7.36: X and the focus come from the record; a Disruptions entry with no
    [Token Cascade] behind it is answered as not adjudicated, by name."""
    result = play(game({"Rushton": "Holborn (CN)"}, disruptions=("Token Cascade",)),
                  "Rushton : Pass Holborn (CN)")  # fmt: skip
    assert not result.adjudicated and result.unadjudicated == ("Token Cascade",)
    assert "rule 1.7.36 counts the Moves made since the Cascade began" in result.messages()[0]
