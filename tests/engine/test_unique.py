"""Rule 1.4.23 - Unique Opportunity: one instance of a Unique Possession in play, however
a second arrived (referee/engine/sections/unique.py)."""

from __future__ import annotations

from dataclasses import replace

from referee.engine.amended import amended, first_version
from referee.engine.result import TurnResult
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.possessions import parse_possessions
from tests.engine.builder import game, play, row
from tests.engine.luggage_builder import luggage, stack, with_luggage

PASS = "Rushton : Pass Euston (NT)"


def _euston(rack: dict[str, str], stacks: dict[str, str] | None = None) -> GSD:
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "10 Br, 2 Bk"})
    return with_luggage(gsd, rack, stacks=stacks)


def _destroyed(result: TurnResult) -> list[str]:
    return [str(e.detail["item"]) for e in result.events if e.kind == "destroyed"]


def test_1_4_23_one_unique_possession_is_left_alone() -> None:
    """Rule 1.4.23: a single Knerdling Stick in play is kept; buying the first one is fine."""
    result = play(_euston({}), "Rushton : [Purchasing Knerdling Stick] Pass Euston (NT)")
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Knerdling Stick"]
    assert _destroyed(result) == []


def test_1_4_23_a_new_one_bought_while_one_is_in_play_is_destroyed() -> None:
    """Rule 1.4.23: the most recently created instance goes: the one just bought, not the one
    Cryer already had (the purchase is still paid for)."""
    result = play(_euston({"Cryer": "Knerdling Stick"}),
                  "Rushton : [Purchasing Knerdling Stick] Pass Euston (NT)")  # fmt: skip
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == [] and luggage(result, "Cryer") == ["Knerdling Stick"]
    assert row(result.state, "Rushton").tokens.br == 7
    assert _destroyed(result) == ["Knerdling Stick"]


def test_1_4_23_the_buyer_who_already_has_one_keeps_one() -> None:
    """Rule 1.4.23: two in one Luggage are two in play as much as two in two Luggages."""
    result = play(_euston({"Rushton": "Book, Knerdling Stick"}),
                  "Rushton : [Purchasing Knerdling Stick] Pass Euston (NT)")  # fmt: skip
    assert luggage(result, "Rushton") == ["Book", "Knerdling Stick"]


def test_1_4_23_two_already_in_play_are_caught_at_the_end_of_any_turn() -> None:
    """Rule 1.4.23 "for any reason": a GSD that arrives with two Drone Sticks (a hand-edited
    rack, a transfer no handler judged) loses one at the end of the next Turn, whoever plays;
    neither is dated, so the one written first (Token Table order) is kept."""
    gsd = _euston({"Garden": "Drone Stick", "Cryer": "Drone Stick, Book"})
    result = play(gsd, PASS)
    assert result.legal, result.messages()
    assert luggage(result, "Cryer") == ["Drone Stick", "Book"]
    assert luggage(result, "Garden") == []
    assert _destroyed(result) == ["Drone Stick"]


def test_1_4_23_the_lost_and_found_box_is_in_play() -> None:
    """Rule 1.4.23: a Hyde Mask (Unique, rule 1.7.38) in the Lost & Found box and one in a
    Luggage are two in play; the Luggage's, written first, is kept."""
    gsd = _euston({"Rushton": "Hyde Mask"})
    gsd = gsd.model_copy(update={"lost_and_found": parse_possessions("Hyde Mask, Book")})
    result = play(gsd, PASS)
    assert luggage(result, "Rushton") == ["Hyde Mask"]
    assert [p.render() for p in result.state.lost_and_found] == ["Book"]


def test_1_4_23_the_poid_on_the_map_is_in_play() -> None:
    """Rules 1.4.23 and 1.4.24: the Podume resting at a Station (a ``PoID`` Stack entry) and a
    carried Podume are two; one is destroyed."""
    gsd = _euston({"Cryer": "Podume of Infinite Darkness"}, stacks={"Bank": "PoID"})
    result = play(gsd, PASS)
    assert luggage(result, "Cryer") == ["Podume of Infinite Darkness"]
    assert stack(result, "Bank") == ""
    assert len(_destroyed(result)) == 1


def test_1_4_23_a_claimed_unique_possession_is_moved_not_copied() -> None:
    """Rule 1.4.23 counts instances in play: a Shunt's claim (rule 1.10.1) moves the only
    Knerdling Stick, so nothing is destroyed."""
    at = {"Garden": "Euston (VC)", "Rushton": "Victoria (VC)"}
    gsd = with_luggage(game(at, lv={"Rushton": 4}, tokens={"Rushton": "3Re"}),
                       {"Garden": "Knerdling Stick"})  # fmt: skip
    result = play(gsd, "Rushton : Euston (VC) [Shunting Garden to Moorgate (NT)] "
                       "{claim: Knerdling Stick from Garden}")  # fmt: skip
    assert result.legal, result.messages()
    assert luggage(result, "Rushton") == ["Knerdling Stick"] and luggage(result, "Garden") == []
    assert _destroyed(result) == []


def _book_made_unique() -> Ruleset:
    """Volume 1 under a version whose Emporium lists the Book as Unique. No amendment form
    reaches the list's qualities today (rule 1.4.18's form changes a price only), so the
    version is built as :func:`amended` receives one; what is pinned is that the Turn's own
    table, not the rules folder, says which Possessions are Unique."""
    version = first_version(VANILLA)
    shop = version.tables.emporium
    rows = tuple(
        p.model_copy(update={"qualities": (*p.qualities, "Unique")}) if p.name == "Book" else p
        for p in shop.possession
    )
    tables = replace(version.tables, emporium=shop.model_copy(update={"possession": rows}))
    return amended(VANILLA, replace(version, number=2, tables=tables))


def test_1_4_23_unique_names_are_read_from_the_turns_own_emporium() -> None:
    """Rule 1.4.23 names whatever the list calls Unique: two Books are kept under Volume 1
    (judged first, so a cache by rules folder would already hold its names), and one is
    destroyed under a version whose Emporium calls the Book Unique; Volume 1 is unchanged
    after."""
    gsd = _euston({"Rushton": "Book", "Cryer": "Book"})
    line = Play.parse(PASS, players=gsd.player_names)
    assert _destroyed(adjudicate(gsd, line, check_order=False)) == []
    changed = adjudicate(gsd, line, _book_made_unique(), check_order=False)
    assert _destroyed(changed) == ["Book"]
    assert luggage(changed, "Rushton") == ["Book"] and luggage(changed, "Cryer") == []
    assert _destroyed(adjudicate(gsd, line, check_order=False)) == []
