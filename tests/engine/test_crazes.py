"""States with a Sidestep and an end: Cascades, Ladders, Crazes, the Dollis Hill Loop
(rules 1.8.2, 1.8.9, 1.8.13, 1.8.6, 1.8.1)."""

from __future__ import annotations

from referee.notation.gsd import GSD
from tests.engine.builder import game, play, row, rules_broken

RICH = {"Rushton": "6 Bu, 4 Bk, 4 Gr, 3 Re, 2 Si"}
GREEN_PARK = {"Rushton": "Green Park (PD)"}


def states(gsd: GSD) -> list[str]:
    return [d.render() for d in gsd.disruptions]


def test_1_8_2_a_cascade_is_begun_from_a_park_or_green() -> None:
    """Rule 1.8.2 - Parks and Greens Cascade: at Green Park, yes; at Tottenham Court Road, no."""
    begun = play(game(GREEN_PARK, tokens=RICH), "Rushton : Pass [Parks and Greens Cascade]")
    assert begun.legal, begun.messages()
    assert states(begun.state) == ["Parks and Greens"]
    tcr = game({"Rushton": "Tottenham Court Road (CN)"}, tokens=RICH)
    refused = play(tcr, "Rushton : Pass [Parks and Greens Cascade]")
    assert rules_broken(refused) == ["1.8.2"]
    assert "Tottenham Court Road" in refused.violations[0].message


def test_1_8_2_in_a_cascade_moves_end_at_parks_plants_and_greens() -> None:
    """Rule 1.8.2: Green Park to Hyde Park Corner is fine, to Piccadilly Circus Invalid unless
    the player played [Cascade Sidestep] (3 Black)."""
    gsd = game(GREEN_PARK, lv={"Rushton": 1}, tokens=RICH, disruptions=("Parks and Greens",))
    assert play(gsd, "Rushton : Hyde Park Corner (PD)").legal
    refused = play(gsd, "Rushton : Piccadilly Circus (PD)")
    assert rules_broken(refused) == ["1.8.2"]
    assert "[Cascade Sidestep]" in refused.violations[0].message
    stepped = play(gsd, "Rushton : [Cascade Sidestep] Piccadilly Circus (PD)")
    assert stepped.legal, stepped.messages()
    assert row(stepped.state, "Rushton").tokens.bk == 2  # 4, less 3, plus 1 collected


def test_1_8_2_a_cascade_is_ended_from_a_plant() -> None:
    """Rule 1.8.2: [Terminating Cascade] at Kew Gardens (a Plant) ends it; at Green Park not."""
    kew = game({"Rushton": "Kew Gardens (DS)"}, disruptions=("Parks and Greens",))
    ended = play(kew, "Rushton : Pass [Terminating Cascade]")
    assert ended.legal and states(ended.state) == []
    park = game(GREEN_PARK, disruptions=("Parks and Greens",))
    assert rules_broken(play(park, "Rushton : Pass [Terminating Cascade]")) == ["1.8.2"]


# Cryer played last, to Oxford Circus (Venbacker Number 185).
AFTER_CRYER = {"Rushton": "Tottenham Court Road (CN)", "Cryer": "Oxford Circus (CN)"}


def test_1_8_9_on_the_ladder_no_move_goes_lower_than_the_last() -> None:
    """Rule 1.8.9 - Venbacker Ladder: Bond Street (28) is lower than Oxford Circus (185),
    where the previous player moved; [Ladder Sidestep] (3 Black) excuses it."""
    gsd = game(AFTER_CRYER, lv={"Rushton": 2}, tokens=RICH, disruptions=("Venbacker Ladder",))
    refused = play(gsd, "Rushton : Bond Street (CN)")
    assert rules_broken(refused) == ["1.8.9"]
    assert "185" in refused.violations[0].message and "Cryer" in refused.violations[0].message
    assert play(gsd, "Rushton : [Ladder Sidestep] Bond Street (CN)").legal
    level = game(AFTER_CRYER, lv={"Rushton": 1}, disruptions=("Venbacker Ladder",))
    assert play(level, "Rushton : Oxford Circus (CN)").legal
    off = game(AFTER_CRYER, lv={"Rushton": 2})
    assert play(off, "Rushton : Bond Street (CN)").legal


def test_1_8_9_the_ladder_begins_and_ends_at_the_top() -> None:
    """Rule 1.8.9: [Venbacker Ladder] (2 Blue) begins it; [Terminating Ladder] ends it only
    at the highest Venbacker Number (Woodside Park, 295)."""
    begun = play(game(AFTER_CRYER, tokens=RICH), "Rushton : [Venbacker Ladder] Pass")
    assert begun.legal and states(begun.state) == ["Venbacker Ladder"]
    top = game({"Rushton": "Woodside Park (NT)"}, disruptions=("Venbacker Ladder",))
    ended = play(top, "Rushton : Pass [Terminating Ladder]")
    assert ended.legal and states(ended.state) == []
    low = game(AFTER_CRYER, disruptions=("Venbacker Ladder",))
    refused = play(low, "Rushton : Pass [Terminating Ladder]")
    assert rules_broken(refused) == ["1.8.9"] and "295" in refused.violations[0].message


def test_1_8_13_in_a_speed_craze_lv_minus_is_invalid() -> None:
    """Rule 1.8.13 - Speed Crazy: [LV-X] is Invalid unless [Craze Sidestep] (3 Black) was
    played that Turn; [LV+X] is unaffected."""
    gsd = game(AFTER_CRYER, lv={"Rushton": 3}, tokens=RICH, disruptions=("Speed Craze",))
    refused = play(gsd, "Rushton : [LV-1] Bond Street (CN)")
    assert rules_broken(refused) == ["1.8.13"]
    assert "[Craze Sidestep]" in refused.violations[0].message
    assert play(gsd, "Rushton : [Craze Sidestep] [LV-1] Bond Street (CN)").legal
    calm = game(AFTER_CRYER, lv={"Rushton": 3}, tokens=RICH)
    assert play(calm, "Rushton : [LV-1] Bond Street (CN)").legal
    crazed_now = play(calm, "Rushton : [Speed Craze] [LV-1] Bond Street (CN)")
    assert rules_broken(crazed_now) == ["1.8.13"]


def test_1_8_13_a_craze_ends_at_a_high_or_hill_station_at_lv_10() -> None:
    """Rule 1.8.13: [Terminating Craze] from Highgate (High) at LV 10 ends the Craze; at
    another LV, or elsewhere, it is refused."""
    gsd = game({"Rushton": "Bank (NT)"}, lv={"Rushton": 10}, disruptions=("Speed Craze",))
    ended = play(gsd, "Rushton : Highgate (NT) [Terminating Craze]")
    assert ended.legal, ended.messages()
    assert states(ended.state) == []
    slow = game({"Rushton": "Highgate (NT)"}, lv={"Rushton": 0}, disruptions=("Speed Craze",))
    refused = play(slow, "Rushton : Pass [Terminating Craze]")
    assert rules_broken(refused) == ["1.8.13"] and "LV 10" in refused.violations[0].message
    low = game({"Rushton": "Bank (NT)"}, disruptions=("Speed Craze",))
    assert rules_broken(play(low, "Rushton : Pass [Terminating Craze]")) == ["1.8.13"]


WILLESDEN = {"Rushton": "Willesden Green (JL)"}


def test_1_8_6_ending_at_dollis_hill_puts_the_game_in_its_loop() -> None:
    """Rule 1.8.6 - Loop the Loop: ending a Turn at the Trap Station, having started
    elsewhere, enters the Loop (rule 1.8.1: Dollis Hill is its only Trap Station)."""
    entered = play(game(WILLESDEN, lv={"Rushton": 1}), "Rushton : Dollis Hill (JL)")
    assert entered.legal and states(entered.state) == ["Dollis Hill Loop"]
    stayed = play(game({"Rushton": "Dollis Hill (JL)"}), "Rushton : Pass")
    assert states(stayed.state) == []


def test_1_8_6_in_the_loop_every_move_goes_to_dollis_hill() -> None:
    """Rule 1.8.6: in the Loop a Move elsewhere is Invalid; [Dollis Sidestep] (1 Silver,
    rule 1.8.1) ignores the Loop for the Turn."""
    gsd = game(WILLESDEN, lv={"Rushton": 1}, tokens=RICH, disruptions=("Dollis Hill Loop",))
    assert play(gsd, "Rushton : Dollis Hill (JL)").legal
    refused = play(gsd, "Rushton : Kilburn (JL)")
    assert rules_broken(refused) == ["1.8.6"] and "Dollis Hill" in refused.violations[0].message
    assert play(gsd, "Rushton : [Dollis Sidestep] Kilburn (JL)").legal


def test_1_8_1_a_special_move_to_dollis_hill_keeps_lv() -> None:
    """Rules 1.8.6 and 1.8.1: in the Loop a Special Move to Dollis Hill is permitted, and it
    leaves LV as it was (Bond Street is far more than 4 stations away)."""
    gsd = game({"Rushton": "Bond Street (JL)"}, lv={"Rushton": 4},
               disruptions=("Dollis Hill Loop",))  # fmt: skip
    result = play(gsd, "Rushton : Dollis Hill (JL)")
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 4
    assert any(e.kind == "special_move" for e in result.events)
    free = game({"Rushton": "Bond Street (JL)"}, lv={"Rushton": 4})
    assert rules_broken(play(free, "Rushton : Dollis Hill (JL)")) == ["1.6.2"]


def test_1_8_1_dollis_escape_needs_lv_10() -> None:
    """Rule 1.8.1: [Dollis Escape] ends the Loop, at LV 10 or more only."""
    fast = game({"Rushton": "Bank (NT)"}, lv={"Rushton": 10}, disruptions=("Dollis Hill Loop",))
    escaped = play(fast, "Rushton : [Dollis Escape] Highgate (NT)")
    assert escaped.legal, escaped.messages()
    assert states(escaped.state) == []
    slow = game(WILLESDEN, lv={"Rushton": 1}, disruptions=("Dollis Hill Loop",))
    refused = play(slow, "Rushton : [Dollis Escape] Dollis Hill (JL)")
    assert rules_broken(refused) == ["1.8.1"] and "LV 10" in refused.violations[0].message


def test_1_8_6_a_route_made_reachable_by_lv_plus_is_an_ordinary_move() -> None:
    """Rule 1.8.6: the Special Move is for a Dollis Hill no route reaches; Kingsbury is 3
    stations away, so LV 2 with [LV+1] makes an ordinary Move (which keeps LV 3)."""
    gsd = game({"Rushton": "Kingsbury (JL)"}, lv={"Rushton": 2},
               disruptions=("Dollis Hill Loop",))  # fmt: skip
    result = play(gsd, "Rushton : [LV+1] Dollis Hill (JL)")
    assert result.legal, result.messages()
    assert result.route is not None and row(result.state, "Rushton").lv == 3
