"""A ratified proposal's text as changes of the state (rules 12, 20, 22, 25, 37, 40, 43, 45,
68, 72, 74, 127), for the chamber's enactor."""

from __future__ import annotations

from referee.games.ifmud.agreements import apply_agreements, parse_agreement

from .helpers import CARL, JOTA, game

PROPOSAL = """Rule 161. The Cellar lies under the Attic.
Add room The Cellar
Connect The Cellar and Attic
Toll Cellar Door of 3 on The Cellar
High-security area Saturn
Synonyms Attic; loft
Add dark gift Wings: flies over any one connection a turn
Rename the game to Mudnomic
Passive voter Carl Muckenhoupt
Name the servant of Admiral Jota: Jeeves, a valet
Demerit for Admiral Jota for deceiving the others
"""


def test_rules_20_25_43_74_72_127_37_40_45_22_each_agreed_line_changes_the_state() -> None:
    state, said = apply_agreements(game(), PROPOSAL)
    assert said[0] == "made: Add room The Cellar" and all(s.startswith("made") for s in said)
    assert len(said) == 10
    assert ("The Cellar", "Attic") in state.connections
    assert state.room("The Cellar").tolls[0].value == 3
    assert state.room("Saturn").secure and state.synonyms == (("Attic", "loft"),)
    assert state.gifts[0].name == "Wings" and state.name == "Mudnomic"
    assert state.passive_voters == (CARL,)
    assert state.servant(JOTA).name == "Jeeves" and state.player(JOTA).demerits == 1


def test_a_change_that_cannot_be_made_is_named_and_the_rest_still_made() -> None:
    state, said = apply_agreements(game(), "Connect Attic and Narnia\nAdd room Narnia")
    assert said[0].startswith("not made: Connect Attic and Narnia (there is no room called")
    assert said[1] == "made: Add room Narnia" and state.has_room("Narnia")


def test_a_rules_own_text_is_no_change_of_the_state() -> None:
    assert parse_agreement("Rule 161. The Cellar lies under the Attic.") is None
