"""Rules 1.5.4 and 1.4.20 with the setting ``route_revisits``: a route that comes back to a
Station by another Line (referee/network/routes.py, maps/README.md)."""

from __future__ import annotations

from referee.engine.turn import adjudicate
from referee.notation.plays import Play
from referee.variants import find_variant
from tests.engine.builder import game, play, rules_broken

MOVE = "Rushton : Earl's Court (DS via: CL)"


def test_1_5_4_a_route_back_through_westminster_needs_the_setting() -> None:
    """Westminster -CL-> Embankment, then the District back through Westminster to Earl's
    Court, is 8 Stations: a Move of LV 8 only when routes may revisit a Station."""
    gsd = game({"Rushton": "Westminster (CL)"}, lv={"Rushton": 8})
    assert rules_broken(play(gsd, MOVE)) == ["1.6.2"]
    revisiting = find_variant("vanilla")().with_settings(route_revisits=True)
    result = adjudicate(gsd, Play.parse(MOVE, players=gsd.player_names), revisiting,
                        check_order=False)  # fmt: skip
    assert result.legal, result.messages()
    assert result.route is not None
    assert result.route.stations[:3] == ("Westminster", "Embankment", "Westminster")
