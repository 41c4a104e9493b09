"""Who moved where in a turn of ifMUD Nomic, as its game page lists it: read from the state
documents before and after the turn, both posted to the lounge (rule 7)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from referee.games.ifmud.board import with_player, with_servant
from referee.games.ifmud.opening import SEED_PLAYERS, new_game
from referee.web.ifmud import moves, whereabouts

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_rule_7_a_turns_moves_are_read_from_the_state_documents() -> None:
    before = new_game(SEED_PLAYERS, NOW)
    adam, roger = SEED_PLAYERS[0], SEED_PLAYERS[1]
    after = with_player(before, replace(before.player(adam), location="Attic"))
    after = with_servant(after, replace(after.servant(roger), location="Lounge"))
    after = replace(after, monkey="Saturn")
    found = whereabouts(after.render())
    assert (adam, "Attic") in found and (f"{roger}'s servant", "Lounge") in found
    assert len(found) == 2 * len(SEED_PLAYERS) + 5
    assert moves(whereabouts(before.render()), found) == (
        f"{adam}: Lounge to Attic",
        f"{roger}'s servant: Servants' Quarters to Lounge",
        "the monkey: Central Park to Saturn",
    )
    assert moves(found, found) == ()
    assert whereabouts("not a state\nPlayer: x") == ()
