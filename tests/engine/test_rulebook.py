"""Citations: every rule by number and title (Volume 1 has 179 numbered rules)."""

from __future__ import annotations

import pytest

from referee.engine.rulebook import UnknownRuleError, load_rulebook, rule_key
from referee.engine.violations import Violation


def test_volume_1_has_179_rules_in_20_sections_and_its_introduction() -> None:
    book = load_rulebook()
    assert len(book.rules) == 179
    assert len(book.sections) == 21


def test_every_rule_belongs_to_a_known_section() -> None:
    book = load_rulebook()
    for number in book.numbers():
        assert book.section_title(number)


def test_citation_reads_number_then_title() -> None:
    assert str(load_rulebook().rule("1.6.2")) == "Rule 1.6.2 - Getting There"
    assert load_rulebook().section_title("1.16.4") == "Buzzing"


def test_rule_numbers_sort_numerically() -> None:
    numbers = load_rulebook().numbers()
    assert numbers.index("1.6.2") < numbers.index("1.6.3") < numbers.index("1.7.1")
    assert rule_key("1.10.2") > rule_key("1.9.6")


def test_unknown_rule_fails_loudly() -> None:
    with pytest.raises(UnknownRuleError, match=r"no rule 1\.6\.99"):
        Violation.of("1.6.99", "no such rule")
    assert "1.5.5" not in load_rulebook()


def test_violation_renders_for_players_and_for_json() -> None:
    violation = Violation.of(
        "1.6.2", "Euston is 3 stations from Holborn by CN then NT; your LV is 4"
    )
    assert violation.render() == (
        "Rule 1.6.2 - Getting There: Euston is 3 stations from Holborn by CN then NT; your LV is 4"
    )
    assert violation.as_json() == {
        "rule": "1.6.2",
        "title": "Getting There",
        "message": "Euston is 3 stations from Holborn by CN then NT; your LV is 4",
    }
