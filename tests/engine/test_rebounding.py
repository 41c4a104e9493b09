"""Rebounding (rule 1.5.6 - On the Rebound)."""

from __future__ import annotations

from tests.engine.builder import game, play, rules_broken

DEBDEN = {"Rushton": "Debden (CN)"}


def test_1_5_6_a_piece_rebounds_at_a_terminus() -> None:
    """Rule 1.5.6: from Debden at LV 3, out to Epping (a Terminus) and back to Theydon Bois;
    without [Rebounding] no route of 3 reaches Theydon Bois."""
    gsd = game(DEBDEN, lv={"Rushton": 3})
    result = play(gsd, "Rushton : [Rebounding] Theydon Bois (CN)")
    assert result.legal, result.messages()
    assert result.route is not None
    assert result.route.stations == ("Debden", "Theydon Bois", "Epping", "Theydon Bois")
    assert rules_broken(play(gsd, "Rushton : Theydon Bois (CN)")) == ["1.6.2"]


def test_1_5_6_a_piece_rebounds_beside_a_blocked_station() -> None:
    """Rule 1.5.6: Tottenham Court Road is next to Oxford Circus on the Central; with Oxford
    Circus Bulkheaded, Holborn to Tottenham Court Road and back is a Move of 2."""
    blocked = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2},
                   disruptions=("Oxford Circus (Bulkhead)",))  # fmt: skip
    result = play(blocked, "Rushton : [Rebounding] Holborn (CN)")
    assert result.legal, result.messages()
    assert result.route is not None and result.route.passed_through == ("Tottenham Court Road",)
    clear = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2})
    assert rules_broken(play(clear, "Rushton : [Rebounding] Holborn (CN)")) == ["1.6.2"]


def test_1_5_6_rebounding_is_pre_move() -> None:
    """Rule 1.5.6: a pre-Move Action."""
    gsd = game(DEBDEN, lv={"Rushton": 3})
    assert "1.3.4" in rules_broken(play(gsd, "Rushton : Theydon Bois (CN) [Rebounding]"))
