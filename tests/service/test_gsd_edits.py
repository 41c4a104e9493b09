"""The service's changes to a GSD outside a mailed play, and whose turn it says it is."""

from __future__ import annotations

import pytest

from referee.notation.errors import NotationError
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.service.gsd_edits import GSDUnreadable, after_timeout, to_play, without_player
from referee.variants.base import VANILLA


def _opening() -> str:
    gsd = VANILLA.new_game(["Alice", "Bob", "Carol"], GameTime.parse("Friday 1030"), game=4)
    return gsd.render(VANILLA.action_index())


def test_1_3_2_the_inactive_drone_is_passed_over_so_the_first_player_plays_first() -> None:
    """Rules 1.3.2 and 1.1.2: the Drone heads the Token Table but starts Inactive."""
    assert to_play(_opening()) == "Alice"
    assert to_play(None) is None and to_play("not a GSD") is None


def test_1_3_5_a_forced_timeout_is_a_play_in_the_record_and_takes_an_hour() -> None:
    """Rule 1.3.5: the Timeout is the late player's play; it moves the Game Time on one
    hour, and the Turn passes to the next player (rule 1.3.2)."""
    after = GSD.parse(after_timeout(_opening(), "Alice"))
    assert [play.render() for play in after.plays] == ["Alice : Timeout"]
    assert str(after.time) == "Friday 1130" and after.turn == 2
    assert to_play(after.render()) == "Bob"


def test_1_3_5_a_timeout_for_a_player_whose_turn_it_is_not_is_refused() -> None:
    """Rule 1.3.2: only the player whose Turn it is can be timed out; the engine says so."""
    with pytest.raises(GSDUnreadable, match="it is Alice's Turn, not Bob's"):
        after_timeout(_opening(), "Bob")
    with pytest.raises(GSDUnreadable, match="Mallory"):
        after_timeout(_opening(), "Mallory")


def test_1_1_3_after_a_resignation_the_turn_passes_on_from_the_resigned_players_place() -> None:
    """Rules 1.1.3 and 1.3.2: Bob played last and resigned; Carol, after em, plays next, and
    the kept GSD, whose newest play is now by a player not in the table, is still read."""
    state = without_player(after_timeout(after_timeout(_opening(), "Alice"), "Bob"), "Bob")
    assert to_play(state) == "Carol"
    assert [play.player for play in GSD.parse(state, kept=True).plays] == ["Alice", "Bob"]
    with pytest.raises(NotationError, match="'Bob' is not a player in this game"):
        GSD.parse(state)  # as a player's posting, the newest play must be a player's
