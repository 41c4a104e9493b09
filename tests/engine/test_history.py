"""Reading the record on from an earlier state agrees with reading it whole (rules 1.5.1, 1.5.2).

:func:`derive` resumes from the History of a record that the new one begins with. Whatever it
resumes from, the positions (rule 1.5.1 - Keeping the Piece, Shunts included), previous Moves
(rule 1.5.2 - Passing) and last player (rule 1.3.2) must be those of the whole record.
"""

from __future__ import annotations

from itertools import pairwise

from referee.engine.history import Position, derive, forget
from referee.network.lines import LineCode
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game
from tests.engine.test_shunts_homes_packages_blocks_replay import PLAYS, played


def states() -> list[GSD]:
    """Each state of the F2 game (Shunts, a Double-Shunt, Home): every record prefix."""
    start, final = played()
    return [start.model_copy(update={"record": final.record[:n]})
            for n in range(len(start.record), len(final.record) + 1)]  # fmt: skip


def test_reading_on_from_the_state_before_agrees_with_the_whole_record() -> None:
    """Rule 1.5.1: a Shunted Piece stands where the Shunt left it, however the record is read."""
    ordered = states()
    for earlier, later in pairwise(ordered):
        forget()
        whole = derive(later)
        forget()
        derive(earlier)
        assert derive(later) == whole, later.record[-1]


def test_reading_on_skips_a_state_or_several() -> None:
    """The same History from the first state read on to the last, over every play between."""
    ordered = states()
    forget()
    whole = derive(ordered[-1])
    forget()
    derive(ordered[0])
    read_on = derive(ordered[-1])
    assert read_on == whole
    assert read_on.position("Garden") == Position("Old Street", LineCode.NT)
    assert read_on.plays == len(PLAYS) + len(ordered[0].plays)


def test_a_record_that_differs_in_its_last_play_is_read_afresh() -> None:
    """Rule 1.5.1: two records sharing all but their last play place that player apart."""
    base = game({"Rushton": "Euston (VC)", "Cryer": "Holborn (CN)"})
    forget()
    assert derive(base).position("Cryer") == Position("Holborn", LineCode.CN)
    other = Play.parse("Cryer : Pass Bank (NT)", players=base.player_names)
    changed = base.model_copy(update={"record": (*base.record[:-1], other)})
    assert derive(changed).position("Cryer") == Position("Bank", LineCode.NT)
    assert derive(changed).previous_move["Cryer"] == "Bank"


def test_the_same_record_without_the_drone_places_no_drone() -> None:
    """Rule 1.1.2: the Drone's Piece starts at Mornington Crescent only in a game with it."""
    with_drone = game({"Rushton": "Euston (VC)"})
    forget()
    assert derive(with_drone).position("Drone") == Position("Mornington Crescent")
    rows = tuple(r for r in with_drone.players if r.name != "Drone")
    without = with_drone.model_copy(update={"players": rows})
    assert derive(without).position("Drone") is None
    assert derive(without).position("Rushton") == Position("Euston", LineCode.VC)


def test_a_comment_after_the_last_play_keeps_the_last_player() -> None:
    """Rule 1.3.2: comments (rule 1.3.1) are not plays; the last player stays the last."""
    base = game({"Rushton": "Euston (VC)", "Cryer": "Holborn (CN)"})
    forget()
    derive(base)
    noted = GSD.parse(base.render() + "{a remark}\n")
    read_on = base.model_copy(update={"record": (*base.record, noted.record[-1])})
    assert derive(read_on).last_player == "Cryer"
    assert derive(read_on).plays == 2


def test_a_history_is_never_served_to_another_ruleset() -> None:
    """A variant's registry may move Pieces differently (its own position effects), so a
    History read under one registry must not answer for another, cached or handed on."""
    from referee.engine.registry import load_sections

    vanilla = load_sections()
    other = vanilla.copy("no-shunts")
    other.position_effects.pop("Shunting", None)
    final = states()[1]  # after Rushton's Shunt of Garden, before Garden moves again
    forget()
    assert derive(final, vanilla).position("Garden") == Position("Old Street", LineCode.NT)
    assert derive(final, other).position("Garden") != Position("Old Street", LineCode.NT)
    assert derive(final, vanilla).position("Garden") == Position("Old Street", LineCode.NT)
