"""Bocks (rule 1.8.8 - Mindbocklingly...)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken

TCR = {"Rushton": "Tottenham Court Road (CN)"}
RICH = {"Rushton": "6 Bu, 3 Bk, 3 Re, 2 Si, 2 Go"}


def states(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions]


def test_1_8_8_a_bock_costs_three_blue_and_one_of_its_colour() -> None:
    """Rule 1.8.8: [Red Bock] puts the Game into Red Bock, paying 3 Blue and 1 Red."""
    result = play(game(TCR, tokens=RICH), "Rushton : Pass [Re Bock]")
    assert result.legal, result.messages()
    assert states(result.state) == ["Re Bock"]
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.bu, tokens.re) == (3, 2)
    poor = play(game(TCR, tokens={"Rushton": "6 Bu"}), "Rushton : Pass [Re Bock]")
    assert rules_broken(poor) == ["1.8.8"] and "Red" in poor.violations[0].message


def test_1_8_8_a_bock_is_post_move() -> None:
    """Rule 1.8.8: the Bock Actions are Post-Move."""
    assert rules_broken(play(game(TCR, tokens=RICH), "Rushton : [Re Bock] Pass")) == ["1.3.4"]


def test_1_8_8_each_bock_adds_a_token_of_its_colour_to_a_cost() -> None:
    """Rule 1.8.8: in Red Bock, [Bridges Up] (2 Blue) costs 2 Blue and 1 Red."""
    gsd = game(TCR, tokens=RICH, disruptions=("Re Bock",))
    result = play(gsd, "Rushton : [Bridges Up] Pass")
    assert result.legal, result.messages()
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.bu, tokens.re) == (4, 2)
    poor = game(TCR, tokens={"Rushton": "2 Bu"}, disruptions=("Re Bock",))
    assert rules_broken(play(poor, "Rushton : [Bridges Up] Pass")) == ["1.7.1"]


def test_1_8_8_exemptions_colour_in_cost_station_name_and_line_change() -> None:
    """Rule 1.8.8: no surcharge when the cost already holds the colour (Blue Bock and
    [Bridges Up]), at a Station named for the colour (Green Park for Green), or for a
    [Line Change]."""
    blue = game(TCR, tokens=RICH, disruptions=("Bu Bock",))
    paid = play(blue, "Rushton : [Bridges Up] Pass")
    assert paid.legal and row(paid.state, "Rushton").tokens.bu == 4
    green = game({"Rushton": "Green Park (VC)"}, tokens=RICH, disruptions=("Gr Bock",))
    assert play(green, "Rushton : [Bridges Up] Pass").legal
    elsewhere = game(TCR, tokens=RICH, disruptions=("Gr Bock",))
    assert rules_broken(play(elsewhere, "Rushton : [Bridges Up] Pass")) == ["1.7.1"]
    changing = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 4}, tokens=RICH,
                    disruptions=("Si Bock",))  # fmt: skip
    moved = play(changing, "Rushton : Euston (VC via: CN,NT)")
    assert moved.legal and row(moved.state, "Rushton").tokens.si == 2


def test_1_8_8_un_bock_a_colour_returns_its_token() -> None:
    """Rule 1.8.8: [Un-Bock Red] removes the Red Bock; a colour not Bocked is refused."""
    gsd = game(TCR, tokens=RICH, disruptions=("Re Bock", "Si Bock"))
    result = play(gsd, "Rushton : Pass [Un-Bock Re]")
    assert result.legal, result.messages()
    assert states(result.state) == ["Si Bock"]
    assert row(result.state, "Rushton").tokens.re == 4
    missing = play(gsd, "Rushton : Pass [Un-Bock Go]")
    assert rules_broken(missing) == ["1.8.8"]
    assert "not in Go Bock" in missing.violations[0].message


def test_1_8_8_un_bock_removes_every_bock() -> None:
    """Rule 1.8.8: [Un-Bock] (6 Blue) removes all Bocks and is itself exempt from them."""
    gsd = game(TCR, tokens=RICH, disruptions=("Re Bock", "Si Bock", "Bridges Up"))
    result = play(gsd, "Rushton : Pass [Un-Bock]")
    assert result.legal, result.messages()
    assert states(result.state) == ["Bridges Up"]
    assert row(result.state, "Rushton").tokens.bu == 0


def test_1_8_4_in_knip_a_bock_is_refused_once() -> None:
    """Rules 1.8.4 and 1.8.8: [Re Bock] spends Tokens (3 Blue, then 1 Red), so Knip refuses
    it, in one report."""
    gsd = game(TCR, tokens=RICH, disruptions=("In Knip",))
    assert rules_broken(play(gsd, "Rushton : Pass [Re Bock]")) == ["1.8.4"]


def test_1_8_8_the_bock_surcharge_is_once_an_action_paid_in_parts() -> None:
    """Rule 1.8.8: in Silver Bock an Action costs one Silver more, once, however many parts
    its cost is paid in: [Re Bock]'s 3 Blue (paid by the pipeline) and 1 Red (paid by its
    handler) cost one Silver more, not two."""
    gsd = game(TCR, tokens=RICH, disruptions=("Si Bock",))
    result = play(gsd, "Rushton : Pass [Re Bock]")
    assert result.legal, result.messages()
    tokens = row(result.state, "Rushton").tokens
    assert (tokens.bu, tokens.re, tokens.si) == (3, 2, 1)
