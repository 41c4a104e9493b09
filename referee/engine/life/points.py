"""Points across games and the Grandmaster (rule 1.1.9 - What Do Points Mean?).

When a game is won, the winner gains a point for each other player still in the game at its
end who had more points than em (team-mates aside), plus two bonus points; every other player
still in the game loses a point. Points never fall below zero. The player with strictly more
points than anyone else is the Grandmaster; on a tie at the top there is none.

Readings (rules/vanilla/readings.md#r1-1-9): "had more Points" compares the points held before this
game is scored; the Drone (rule 1.15.1) neither wins nor loses points; a player who resigned earlier
(rule 1.1.3) is no longer in the game and is not scored; a stalemate (rule 1.1.11) or a void
game scores nobody.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from referee.engine.drone import is_drone

WIN_BONUS = 2
LOSS_PENALTY = 1


def score_win(
    points: Mapping[str, int],
    winner: str,
    finishers: Collection[str],
    team_mates: Collection[str] = (),
) -> dict[str, int]:
    """Return everyone's points after ``winner`` wins a game ``finishers`` were still in.

    ``points`` holds the standing before the game is scored; players it does not name have
    none. The result names every player of ``points`` and every finisher.
    """
    if winner not in finishers:
        raise ValueError(f"{winner} did not finish the game and cannot have won it")
    if is_drone(winner):
        raise ValueError("the Drone may not win (rule 1.15.1)")
    before = {player: points.get(player, 0) for player in {*points, *finishers}}
    after = dict(before)
    mine = before[winner]
    rivals = [p for p in finishers if p != winner and not is_drone(p) and p not in team_mates]
    after[winner] = mine + WIN_BONUS + sum(1 for p in rivals if before[p] > mine)
    for player in finishers:
        if player != winner and not is_drone(player) and player not in team_mates:
            after[player] = max(0, before[player] - LOSS_PENALTY)
    return after


def grandmaster(points: Mapping[str, int]) -> str | None:
    """The player with more points than any other, or None when the top is shared."""
    ranked = sorted(points.items(), key=lambda item: item[1], reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]
