"""A game's rules as versions (referee.engine.amended): Volume 1, then each enactment.

Rules pinned: Mornington Nomic 1.4.18 (the Emporium's prices), 1.7.2 (the index of Actions),
1.18.2 (the Gambit list, which the Speaker keeps up to date), and ifMUD Nomic rule 9 (a new
rule's number), rule 35 (what may be changed) and its [REMOVED] rules. Prices and rules are
checked from what those rules say, not from what the code does.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.engine.amended import (
    REMOVED,
    RulesVersion,
    amended,
    diff,
    enact,
    first_version,
    next_number,
    versions,
)
from referee.engine.ruleset import VANILLA
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.plays import Play
from tests.engine.builder import game, row
from tests.engine.luggage_builder import luggage, with_luggage

AT = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def _change(text: str, version: int = 2, proposal: str = "Dear Books [Al]") -> Change:
    return Change(version=version, proposal=proposal, at=AT, text=text)


def _after(*texts: str) -> RulesVersion:
    changes = [_change(text, number) for number, text in enumerate(texts, start=2)]
    return versions(VANILLA, changes)[-1]


def _at_euston(bronze: int = 10) -> object:
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": f"{bronze} Br, 2 Bk"},
               time="Thursday 1130")  # fmt: skip
    return with_luggage(gsd, {})


def _buy(version: RulesVersion, what: str = "Book", bronze: int = 10):  # type: ignore[no-untyped-def]
    ruleset = amended(VANILLA, version)
    gsd = _at_euston(bronze)
    text = f"Rushton : [Purchasing {what}] Pass Euston (NT)"
    play = Play.parse(text, players=gsd.player_names, index=ruleset.action_index())  # type: ignore[attr-defined]
    return adjudicate(gsd, play, ruleset, check_order=False)  # type: ignore[arg-type]


def test_version_1_is_volume_1_by_reference() -> None:
    """Version 1 holds every rule of Volume 1 by number and title, none of its text."""
    first = first_version(VANILLA)
    assert first.number == 1
    assert first.rules["1.4.18"].title == "The Emporium"
    assert all(entry.text == "" for entry in first.rules.values())
    assert amended(VANILLA, first) is VANILLA


def test_1_4_18_an_amended_price_is_charged_from_the_next_turn() -> None:
    """Rule 1.4.18 prices a Book at 3 Bronze; once amended to 5, buying one costs 5."""
    before = _buy(first_version(VANILLA))
    assert before.legal and row(before.state, "Rushton").tokens.br == 7
    after = _buy(_after("Amend rule 1.4.18: the price of Book is 5."))
    assert after.legal, after.messages()
    assert luggage(after, "Rushton") == ["Book"]
    assert row(after.state, "Rushton").tokens.br == 5


def test_1_4_18_an_amended_price_the_buyer_cannot_afford_is_refused() -> None:
    """Rule 1.4.18: the buyer pays the list's price; 4 Bronze no longer buys a Book at 20."""
    result = _buy(_after("Amend rule 1.4.18: the price of Book is 20."), bronze=4)
    assert [v.rule.number for v in result.violations] == ["1.4.18"]
    assert "20 Bronze" in " ".join(v.message for v in result.violations)


def test_1_4_18_the_sale_price_follows_the_amended_price() -> None:
    """Rule 1.4.18: goods sell back for half the price, so a Book at 8 sells for 4."""
    version = _after("Amend rule 1.4.18: the price of Book is 8.")
    book = version.tables.emporium.lookup("Book").possession
    assert book.cost == 8 and book.sale_price == 4


def test_1_7_2_an_amended_cost_and_duration_reach_the_index() -> None:
    """Rule 1.7.2: the index gives each Action's cost and duration; amendments change them."""
    version = _after(
        "Amend rule 1.7.2: [Anti-Narg] costs 2Bk.\nAmend rule 1.7.2: [Anti-Narg] takes 5 minutes."
    )
    spec = amended(VANILLA, version).action_index()["Anti-Narg"]
    assert (spec.cost, spec.duration) == ("2Bk", 5)
    assert VANILLA.action_index()["Anti-Narg"].cost == "1Bk"


def test_1_18_2_a_gambit_added_by_amendment_is_on_the_list() -> None:
    """Rule 1.18.2 keeps the list of Gambits; an amendment adds one of named Stations."""
    version = _after(
        "Add the Camden Shuffle Gambit to rule 1.18.2: Euston, Camden Town, Belsize Park for 2Re."
    )
    gambit = amended(VANILLA, version).tables().gambits.named("Camden Shuffle")
    assert [s.station for s in gambit.steps] == ["Euston", "Camden Town", "Belsize Park"]
    assert gambit.cost == "2Re"


def test_ifmud_9_a_new_rule_is_one_more_than_the_last_of_its_section() -> None:
    """ifMUD rule 9: the next rule of section 1.4 follows its last, 1.4.40 or whatever it is."""
    first = first_version(VANILLA)
    last = max(int(n.split(".")[2]) for n in first.rules if n.startswith("1.4."))
    assert next_number(first, "1.4") == f"1.4.{last + 1}"
    version = _after(f'Enact rule 1.4.{last + 1} "Umbrellas": Umbrellas keep the rain off.')
    assert version.rules[f"1.4.{last + 1}"].text == "Umbrellas keep the rain off."
    assert next_number(version, "1.4") == f"1.4.{last + 2}"


def test_ifmud_9_a_wrongly_numbered_new_rule_takes_the_next_number_and_says_so() -> None:
    """ifMUD rule 9 numbers a new rule itself; the proposal's number is corrected, aloud."""
    first = first_version(VANILLA)
    expected = next_number(first, "1.4")
    done = enact(first, _change('Enact rule 1.4.99 "Umbrellas": Umbrellas keep the rain off.'))
    assert expected in done.version.rules and "1.4.99" not in done.version.rules
    assert any(f"enacted as rule {expected}" in remark for remark in done.remarks)


def test_a_repealed_rule_keeps_its_number_as_removed() -> None:
    """ifMUD's rulebook shows a repealed rule as [REMOVED] under its number; the next new
    rule of its section does not take that number."""
    first = first_version(VANILLA)
    last = next_number(first, "1.4")
    repealed = f"1.4.{int(last.split('.')[2]) - 1}"
    version = _after(f"Repeal rule {repealed}.")
    assert version.rules[repealed].status == REMOVED
    assert next_number(version, "1.4") == last
    assert f"{repealed} [REMOVED]" in diff(first, version)


def test_ifmud_35_an_enacted_rule_may_only_have_its_rule_numbers_amended() -> None:
    """ifMUD rule 35: a rule added in the game may only have references to rule numbers
    amended, or be removed; any other change has no effect."""
    number = next_number(first_version(VANILLA), "1.4")
    enacted = _after(f'Enact rule {number} "Umbrellas": See rule 1.4.18 for prices.')
    done = enact(enacted, _change(f"Amend rule {number} to read: Umbrellas are free.", 3))
    assert done.version.rules[number].text == "See rule 1.4.18 for prices."
    assert any("rule 35" in remark for remark in done.remarks)
    text = f"Amend rule {number} to read: See rule 1.4.19 for prices."
    renumbered = enact(enacted, _change(text, 3))
    assert renumbered.version.rules[number].text == "See rule 1.4.19 for prices."
    assert renumbered.remarks == ()


def test_a_price_of_something_not_on_the_list_is_recorded_as_text_and_said() -> None:
    """Rule 1.4.18's list has no Unicorn; the change is kept as rule 1.4.18's new text, which
    the referee answers as changed, never judging a purchase by the old list."""
    done = enact(first_version(VANILLA), _change("Amend rule 1.4.18: the price of Unicorn is 5."))
    assert "1.4.18" in done.version.unread
    assert done.remarks and "Unicorn" in done.remarks[0]


def test_a_free_text_change_answers_the_rules_actions_by_name() -> None:
    """A rule changed in words the referee cannot read: a Turn using an Action it defines is
    answered that the rule changed, by which proposal and when, and is not judged."""
    version = _after("Amend rule 1.4.18 to read: Nothing is for sale any more.")
    result = _buy(version)
    assert not result.adjudicated and not result.legal
    assert result.messages() == [
        "[Purchasing] is recognised but not yet adjudicated by this referee: rule 1.4.18 was "
        "changed by proposal Dear Books [Al] on 2026-11-25 and the referee does not adjudicate "
        "the new text yet"
    ]


def test_a_free_text_change_answers_a_hook_carrying_the_rule() -> None:
    """A hook applying a changed rule (rule 1.12.2's end-of-Turn demand that a Homeless
    player declare a Home, which runs on every Turn) is not run by its old text: the Turn is
    answered that the rule changed."""
    version = _after("Amend rule 1.12.2 to read: Homes are optional.")
    ruleset = amended(VANILLA, version)
    changed = [h for h in ruleset.registry().ordered("end_of_turn") if h.rule == "1.12.2"]
    assert changed, "Volume 1 has an end-of-Turn hook of rule 1.12.2"
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "10 Br"}, time="Thursday 1130")
    gsd = with_luggage(gsd, {})
    play = Play.parse("Rushton : Pass Euston (NT)", players=gsd.player_names)
    result = adjudicate(gsd, play, ruleset, check_order=False)
    assert any("rule 1.12.2 was changed" in line for line in result.messages()), result.messages()


def test_unreadable_lines_that_name_no_rule_change_nothing_and_are_said() -> None:
    done = enact(first_version(VANILLA), _change("Amend the Speaker's hat to be blue."))
    assert done.applied == () and done.remarks
    assert done.version.unread == {}


@pytest.mark.parametrize("text", ["Repeal rule 9.9.9.", "Repeal rule 1.4.18.\nRepeal rule 1.4.18."])
def test_a_repeal_of_no_rule_or_of_a_removed_rule_has_no_effect(text: str) -> None:
    done = enact(first_version(VANILLA), _change(text))
    assert any("not applied" in remark for remark in done.remarks)


def test_1_19_2_charge_follows_an_amended_current_of_rule_1_19_1() -> None:
    """Rule 1.19.2 adds the end Station's Current less the start's to the Charge. Tottenham
    Court Road to Bond Street adds 15 by the map's Currents; with Bond Street's Current amended
    (rule 1.19.1) to 10 more than it was, the same Move adds 25."""
    base = VANILLA.network().station("Bond Street").current
    version = _after(f"Amend rule 1.19.1: the Current of Bond Street is {base + 10}.")
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2})
    ruleset = amended(VANILLA, version)
    play = Play.parse("Rushton : Bond Street (CN)", players=gsd.player_names)
    result = adjudicate(gsd, play, ruleset, check_order=False)
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").charge == 25
    assert VANILLA.network().station("Bond Street").current == base
    assert "Current of Bond Street" in diff(first_version(VANILLA), version)


def test_a_rule_the_pipeline_applies_itself_changed_stops_every_turn_by_name() -> None:
    """Rule 1.6.2 (a Move goes exactly LV stations) is applied by the Turn pipeline, not by a
    hook; once its text is changed, a Turn with a Move is answered that it changed."""
    version = _after("Amend rule 1.6.2 to read: Moves may be any length.")
    gsd = game({"Rushton": "Tottenham Court Road (CN)"}, lv={"Rushton": 2})
    play = Play.parse("Rushton : Bond Street (CN)", players=gsd.player_names)
    result = adjudicate(gsd, play, amended(VANILLA, version), check_order=False)
    assert not result.adjudicated
    assert any("rule 1.6.2 was changed" in line for line in result.messages())


def test_ifmud_35_held_to_the_published_rules_too_when_the_game_reads_it_so() -> None:
    """ifMUD rule 35 read strictly (the game setting ``published_rules_amendable`` false):
    Volume 1's rules, added at the start, may only be repealed; a price change has no effect,
    and the lounge is told why."""
    done = enact(
        first_version(VANILLA),
        _change("Amend rule 1.4.18: the price of Book is 5.\nRepeal rule 1.7.39."),
        published_amendable=False,
    )
    assert done.version.tables.emporium.lookup("Book").possession.cost == 3
    assert done.version.rules["1.7.39"].status == REMOVED
    assert any("rule 35" in remark and "1.4.18" in remark for remark in done.remarks)
    text = enact(
        first_version(VANILLA),
        _change("Amend rule 1.4.7 to read: Packages are harmless."),
        published_amendable=False,
    )
    assert "1.4.7" not in text.version.unread and text.remarks


def test_1_18_2_a_gambit_may_name_quadrants_and_categories_as_the_list_does() -> None:
    """Rule 1.18.2's Gambits are sequences of Station attributes: a Station, a Quadrant
    (rule 1.17.2) or a category (rule 1.17.6), as the Easter Gambit's Holy Stations."""
    version = _after("Add the Pilgrim Manoeuvre to rule 1.18.2: Holy, Quadrant 2, Euston for 1Go.")
    gambit = version.tables.gambits.named("Pilgrim")
    assert [(s.category, s.quadrant, s.station) for s in gambit.steps] == [
        ("Holy", None, ""),
        ("", 2, ""),
        ("", None, "Euston"),
    ]
    assert gambit.word == "Manoeuvre"


def test_the_example_of_rules_amendments_md_applies_as_written() -> None:
    """The grammar's own example proposal (rules/amendments.md) enacts with nothing said
    against it, so the document shows players what works."""
    from pathlib import Path

    document = Path(__file__).resolve().parents[2] / "rules" / "amendments.md"
    text = document.read_text("utf-8")
    example = text.split("Examples, as a proposal might carry them:\n\n", 1)[1]
    lines = []
    for line in example.splitlines():
        if line and not line.startswith("    "):
            break
        lines.append(line[4:])
    done = enact(first_version(VANILLA), _change("\n".join(lines)), VANILLA.network().resolve)
    assert done.remarks == ()
    assert len(done.applied) == 7
