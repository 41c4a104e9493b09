"""A ratified proposal's text as changes of the state (rules 12, 20, 22, 25, 37, 40, 43, 45,
54, 68, 72, 74, 127, and the kinds of token: 57, 70, 100, 101, 105, 118, 138, 140, 154), for
the chamber's enactor; each form parses back from its rendering."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.ifmud import agreements
from referee.games.ifmud.agreements import Agreement, apply_agreements, parse_agreement
from referee.games.ifmud.state import Quest, Token, Where

from .helpers import ADAM, CARL, JOTA, game, play, token
from .test_state import TOKEN

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


TOKENS = """Tokens agreed, one of each kind the rules know.
Add token golden key | in Lounge | prize 20 | destination Central Park
Add token a ticking bomb | in Attic | time bomb 2h
Add token a pie bomb | in Attic | prize 7 | destination Saturn
Add token the Crown Jewels | with Admiral Jota | protected
Add token a ripe banana | in Saturn
Add token mind-control satellite uplink | with Roger Carbol | charge 10
Add token The Bus Driver's Lunchbox | in Attic | prize 0 | destination Saturn | die d18
"""


def test_rule_54_tokens_are_agreed_in_the_state_documents_own_notation() -> None:
    state, said = apply_agreements(game(), TOKENS)
    assert said == [f"made: {line}" for line in TOKENS.splitlines()[1:]]
    for line in TOKENS.splitlines()[1:]:
        agreed = Token.parse(line.removeprefix("Add token "))
        found = token(state, agreed.name)
        bound = state.omnibus if "Lunchbox" in agreed.name else agreed.destination  # rule 106
        assert (found.where, found.value, found.destination) == (agreed.where, agreed.value, bound)
        assert (found.delay, found.protected, found.charge, found.die) == (
            agreed.delay,
            agreed.protected,
            agreed.charge,
            agreed.die,
        )


def test_rule_70_an_agreed_time_bomb_rests_from_its_agreement_and_esplodes_after_its_delay() -> (
    None
):
    state, _ = apply_agreements(game(), "Add token a ticking bomb | in Attic | time bomb 2h")
    assert token(state, "a ticking bomb").since == state.time
    early = play(state, ADAM, "end turn", at=state.time + timedelta(hours=1))
    assert any(t.name == "a ticking bomb" for t in early.state.tokens)
    late = play(state, ADAM, "end turn", at=state.time + timedelta(hours=2, minutes=1))
    assert not any(t.name == "a ticking bomb" for t in late.state.tokens)
    assert late.state.room("Attic").damage == 1 and "a ticking bomb esplodes in Attic" in (
        " ".join(late.notes)
    )


def test_rule_118_an_agreed_pie_bomb_is_a_booby_trap() -> None:
    state, _ = apply_agreements(
        game(), "Add token a pie bomb | in Attic | prize 7 | destination Saturn"
    )
    ruling = play(state, ADAM, "move to Attic", 3)
    assert ruling.applied and f"{ADAM} rolls 3 on a d6 for the pie bomb (rule 118)" in ruling.notes


def test_rule_154_an_agreed_protected_token_removed_by_agreement_goes_to_the_jaws_first() -> None:
    state, _ = apply_agreements(
        game(), "Add token the Crown Jewels | with Admiral Jota | protected"
    )
    state, said = apply_agreements(state, "Remove token the Crown Jewels")
    assert said == ["made: Remove token the Crown Jewels"]
    assert token(state, "the Crown Jewels").where == Where("room", "Jaws of Death")
    state, _ = apply_agreements(state, "Remove token the Crown Jewels")
    assert not any(t.name == "the Crown Jewels" for t in state.tokens)


def test_rule_138_an_agreed_banana_in_the_monkeys_room_is_taken_by_the_monkey() -> None:
    state, _ = apply_agreements(game(), "Add token a ripe banana | in Central Park")
    assert token(state, "a ripe banana").where == Where("monkey")


def test_rule_140_an_agreed_quest_token_needs_its_quest_and_merges_with_its_namesake() -> None:
    line = "Add token red primary | in Attic | quest red"
    state, said = apply_agreements(game(), line)
    assert said == [f"not made: {line} (no Quest on the Roster is red (rule 140))"]
    state = replace(state, quests=(Quest("red", "Attic", "Saturn", "Lounge", 5),))
    state, said = apply_agreements(state, f"{line}\n{line}")
    assert said == [f"made: {line}"] * 2
    assert [t.where for t in state.tokens if t.quest == "red"] == [Where("room", "Attic")]


def test_rule_54_a_token_changed_by_agreement_keeps_its_place_in_the_list() -> None:
    state, said = apply_agreements(
        game(),
        "Change token personal teleporter to personal teleporter | with Carl Muckenhoupt "
        "| status fully charged",
    )
    assert said[0].startswith("made:")
    teleporter = token(state, "personal teleporter")
    assert teleporter.where == Where("player", CARL) and teleporter.status == "fully charged"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("Add token key | in Narnia", "there is no room called Narnia to put key in (rule 54)"),
        ("Add token key | with Bob", "Bob is not a player of this game (rule 54)"),
        ("Add token key | in Attic | prize -1", "not negative, not -1 (rule 57)"),
        ("Add token key | in Attic | prize 3 | destination Narnia", "Narnia"),
        ("Add token bomb | in Attic | time bomb 0h", "not 0 hours (rule 70)"),
        ("Add token box | in Attic | die d0", "(rule 105)"),
        ("Add token key | under Attic", "is not a token's location"),
        ("Remove token nothing", "there is no token called nothing"),
        ("Change token nothing to key | in Attic", "there is no token called nothing"),
    ],
)
def test_rule_54_a_token_the_game_cannot_hold_is_named_with_why(line: str, why: str) -> None:
    state, said = apply_agreements(game(), line)
    assert state == game()
    assert said[0].startswith(f"not made: {line} (") and why in said[0]


def test_rule_100_the_monkey_is_agreed_no_second_token() -> None:
    state, _ = apply_agreements(game(), "Add token a nut | with the monkey")
    _, said = apply_agreements(state, "Add token a bolt | with the monkey")
    assert "carry only one (rule 100)" in said[0]


def test_rule_72_a_row_of_the_table_of_synonyms_is_agreed_and_struck_out() -> None:
    state, _ = apply_agreements(game(), "Synonyms Attic; loft\nSynonyms Lounge; parlour")
    state, said = apply_agreements(state, "Remove synonyms loft; attic")
    assert said == ["made: Remove synonyms loft; attic"] and state.synonyms == (
        ("Lounge", "parlour"),
    )
    _, said = apply_agreements(state, "Remove synonyms loft; attic")
    assert said[0].startswith("not made:") and "(rule 72)" in said[0]


WORD = st.from_regex(r"[A-Za-z][a-z']{0,7}", fullmatch=True).filter(
    lambda w: w.lower() not in {"and", "with", "to", "of", "on", "from", "for", "a", "an", "the"}
)
PHRASE = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
PLAIN_TOKEN = TOKEN.filter(
    lambda t: (
        "  " not in t.render()
        and not t.render().endswith(".")
        and not t.name.endswith(".")
        and " to " not in t.name
    )
)
"""Tokens a line can name: spacing is folded and a final full stop dropped (a sentence may
end a line), and ``Change token A to B`` splits at the first " to " (README, Agreements)."""


def _agreement(form: str, **args: str) -> Agreement:
    return Agreement(form, tuple(args.items()))


AGREEMENT = st.one_of(
    st.builds(lambda r: _agreement("add room", room=r), PHRASE),
    st.builds(lambda r: _agreement("remove room", room=r), PHRASE),
    st.builds(lambda a, b: _agreement("connect", one=a, two=b), PHRASE, PHRASE),
    st.builds(lambda a, b: _agreement("disconnect", one=a, two=b), PHRASE, PHRASE),
    st.builds(
        lambda t, v, r: _agreement("toll", toll=t, value=str(v), room=r),
        PHRASE,
        st.integers(-9, 99),
        PHRASE,
    ),
    st.builds(lambda g, w: _agreement("add dark gift", gift=g, what=w), PHRASE, PHRASE),
    st.builds(lambda t: _agreement("add token", token=t.render()), PLAIN_TOKEN),
    st.builds(lambda t: _agreement("remove token", name=t.name), PLAIN_TOKEN),
    st.builds(
        lambda n, t: _agreement("change token", name=n, token=t.render()), PHRASE, PLAIN_TOKEN
    ),
    st.builds(lambda w: _agreement("synonyms", words="; ".join(w)), st.lists(PHRASE, min_size=1)),
    st.builds(
        lambda w: _agreement("remove synonyms", words="; ".join(w)), st.lists(PHRASE, min_size=1)
    ),
    st.builds(lambda p: _agreement("demerit", player=p), PHRASE),
    st.builds(lambda p, w: _agreement("demerit", player=p, why=w), PHRASE, PHRASE),
    st.builds(
        lambda o, n, s: _agreement("name servant", owner=o, name=n, species=s),
        PHRASE,
        WORD,
        PHRASE,
    ),
)


@settings(max_examples=300, deadline=None)
@given(AGREEMENT)
def test_rule_54_and_every_agreement_parses_back_from_its_rendering(agreement: Agreement) -> None:
    assert parse_agreement(agreement.render()) == agreement
    if agreement.form in ("add token", "change token"):
        text = dict(agreement.args)["token"]
        assert Token.parse(text).render() == text


OLD_CHANGE_TOKEN = re.compile(r"change token (?P<name>[^|]+?) to (?P<token>[^|]+ \| .+)", re.I)
"""The form as it was before its name was made atomic (quadratic in a line of ' to ')."""


@settings(max_examples=1000)
@given(st.lists(st.sampled_from([" to ", "to", " ", "|", " | ", "a", "Key", "x y"]), max_size=10))
def test_rule_54_a_change_of_token_is_read_as_before(pieces: list[str]) -> None:
    text = "change token " + "".join(pieces)
    new = next(p for form, p in agreements._COMPILED if form.pattern.startswith("change token"))
    before, after = OLD_CHANGE_TOKEN.fullmatch(text), new.fullmatch(text)
    assert (before and before.groupdict()) == (after and after.groupdict())
