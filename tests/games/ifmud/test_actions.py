"""The grammar of actions: parse and render are a pair (hypothesis), and every form reads."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.ifmud.actions import GRAMMAR, VERBS, Action, parse_action, parse_actions

WORD = st.sampled_from(["Attic", "Lounge", "gem", "Blue Key", "Roger Carbol", "West Wing", "Ox"])
NUMBER = st.integers(1, 7).map(str)
LETTER = st.sampled_from(["a", "B", "z"])
COLOUR = st.sampled_from(["red", "Blue", "green"])
FIXED = {"list": st.sampled_from(["passive voters", "passive turn-takers"])}


def fields_of(verb: str) -> list[str]:
    return re.findall(r"\?P<(\w+)>", VERBS[verb].pattern)


def argument(name: str) -> st.SearchStrategy[str]:
    if name in FIXED:
        return FIXED[name]
    if name in ("days", "amount", "position"):
        return NUMBER
    if name == "letter":
        return LETTER
    if name == "colour":
        return COLOUR
    return WORD


@st.composite
def actions(draw: st.DrawFn) -> Action:
    verb = draw(st.sampled_from([v.name for v in GRAMMAR]))
    optional = {name for name, _ in VERBS[verb].optional}
    args = []
    for name in fields_of(verb):
        if name in optional and draw(st.booleans()):
            continue
        args.append((name, draw(argument(name))))
    return Action(verb, tuple(args))


@settings(max_examples=300, deadline=None)
@given(actions())
def test_rule_63_every_action_renders_to_a_line_that_reads_back_as_itself(action: Action) -> None:
    assert parse_action(action.render()) == action


@pytest.mark.parametrize("verb", [v.name for v in GRAMMAR])
def test_every_verb_of_the_grammar_cites_the_rule_that_allows_it(verb: str) -> None:
    assert 1 <= VERBS[verb].rule <= 160


def test_a_signature_and_quoted_lines_are_not_actions() -> None:
    posting = "> move to Saturn\nmove to Attic\nend turn\n-- \nAdam, who loves the Attic"
    assert [a.render() for a in parse_actions(posting)] == ["move to Attic", "end turn"]


def test_an_unknown_action_is_answered_naming_the_file_with_the_whole_grammar() -> None:
    from referee.games.ifmud.actions import ActionSyntaxError

    with pytest.raises(ActionSyntaxError, match=r"rules/ifmud-nomic/README\.md"):
        parse_action("look")
