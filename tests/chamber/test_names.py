"""ifMUD rule 34: a proposal's name ends with its proponent's referent in square brackets."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chamber import ChamberError, ProposalName, names


def test_rule_34_a_name_ends_with_a_referent_in_brackets() -> None:
    name = ProposalName.parse("  Cheaper   fares [AB] ")
    assert (name.title, name.referent, str(name)) == ("Cheaper fares", "AB", "Cheaper fares [AB]")


@pytest.mark.parametrize("text", ["Cheaper fares", "Cheaper fares [AB] now", "[AB]", "Fares []"])
def test_rule_34_a_name_without_a_closing_referent_is_refused(text: str) -> None:
    with pytest.raises(ChamberError, match="ifMUD rule 34, proposal names") as error:
        ProposalName.parse(text)
    assert error.value.rule == 34


def test_rule_34_names_differing_only_in_case_and_spacing_are_the_same_name() -> None:
    assert (
        ProposalName.parse("cheaper FARES  [ab]").key
        == ProposalName.parse("Cheaper fares [AB]").key
    )


_words = st.text(alphabet=st.characters(categories=("L", "N")), min_size=1, max_size=8)


@given(st.lists(_words, min_size=1, max_size=4), _words)
def test_rule_34_a_name_renders_to_text_that_parses_back(title: list[str], referent: str) -> None:
    name = ProposalName(" ".join(title), referent)
    assert ProposalName.parse(str(name)) == name


OLD_NAME = re.compile(r"^(?P<title>.*?\S)\s*\[(?P<referent>[^\[\]]*\S[^\[\]]*)\]$")
"""The pattern as it was, before it was written to match in one pass."""


@settings(max_examples=1000)
@given(st.lists(st.sampled_from(["[", "]", " ", "a", "AB", "x y"]), max_size=12).map("".join))
def test_rule_34_a_name_is_read_as_before(text: str) -> None:
    words = " ".join(text.split())
    before, after = OLD_NAME.match(words), names._NAME.match(words)
    assert (before and before.groupdict()) == (after and after.groupdict())
