"""A Knightsbridge 1965 game's chamber amends the amendments' own tables (rules/amendments.md).

Rule 4.1.1 files the Player State Actions in the Action Tables, and rule 4.2.1 the Podume
Actions; rule 4.0.0 lays those entries over Volume 1's index of rule 1.7.2. So the 1.7.2 form
reaches them in a Knightsbridge game, and the tables the 1965 rules take from Volume 1 (the
Emporium, Token Collection, ...) take Volume 1's forms. The figures the amendments name in
their text (rule 4.1.1.4's Fuse Counters, rule 4.2.1.4's list of Station Podumes and their
colours, the maximum LVs of rules 4.2.1.1 and 4.2.1.5) take the figure form.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.engine.amended import amended, enact, first_version, show, versions
from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.variants.knightsbridge import Knightsbridge1965
from tests.engine.builder import game, row, rules_broken
from tests.variants.knightsbridge.kb import KB, RICH, kb_play, states
from tests.variants.knightsbridge.test_podume_powers import at_royal_oak

AT = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def test_4_1_1_4_a_knightsbridge_game_amends_the_cost_of_creating_the_potato() -> None:
    """Rule 4.1.1.4 prices [Creating Potato] at three Red; amended to two, a player holding
    two may create it, and pays two."""
    text = (
        "Amend rule 1.7.2: [Creating Potato] costs 2Re.\n"
        "Amend rule 1.7.2: [Creating Potato] takes 5 minutes."
    )
    version = versions(KB, [Change(2, "Cheap potatoes [Ru]", AT, text)])[-1]
    assert not version.unread
    ruleset = amended(KB, version)
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "2Re"})
    line = "Rushton : [Creating Potato] Pass"
    assert rules_broken(kb_play(gsd, line)) == ["1.7.1"]
    result = adjudicate(
        gsd, Play.parse(line, players=gsd.player_names, index=ruleset.action_index()), ruleset,
        check_order=False,
    )  # fmt: skip
    assert result.legal, result.messages()
    assert states(result.state) == ["Potato: Rushton (Fuse 9)"]
    assert row(result.state, "Rushton").tokens.re == 0
    [spec] = [s for s in ruleset.action_index() if s.name == "Creating Potato"]
    assert (spec.cost, spec.duration, spec.rule) == ("2Re", 5, "4.1.1.4")


def _judged(text: str) -> Knightsbridge1965:
    version = versions(KB, [Change(2, "Figures [Ru]", AT, text)])[-1]
    assert not version.unread, version.unread
    return amended(KB, version)  # type: ignore[return-value]


def _kb(ruleset: Knightsbridge1965, gsd: GSD, line: str) -> TurnResult:
    parsed = Play.parse(line, players=gsd.player_names, index=ruleset.action_index())
    return adjudicate(gsd, parsed, ruleset, check_order=False)


def test_4_1_1_4_an_amended_number_of_fuse_counters_lights_the_potato() -> None:
    """Rule 4.1.1.4 gives the Potato ten Fuse Counters; amended to five, the new Potato has
    five, one of which burns at the end of its creator's Turn."""
    gsd = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH})
    line = "Rushton : [Creating Potato] Pass"
    assert states(kb_play(gsd, line).state) == ["Potato: Rushton (Fuse 9)"]
    ruleset = _judged("Amend rule 4.1.1.4: the number of Fuse Counters is 5.")
    assert states(_kb(ruleset, gsd, line).state) == ["Potato: Rushton (Fuse 4)"]


def test_4_2_1_4_an_amended_colour_is_the_station_podumes_bonus() -> None:
    """Rule 4.2.1.4's list gives the Compass Podume Blue; amended to Gold, its holder ending
    a Move at a Compass Station gains a Gold instead (the rule's Westbourne Park)."""
    move = "Rushton : Westbourne Park (HC)"
    ruleset = _judged("Amend rule 4.2.1.4: the colour of the Compass Podume is Gold.")
    plain = row(_kb(ruleset, at_royal_oak(""), move).state, "Rushton").tokens
    held = row(_kb(ruleset, at_royal_oak("Compass Podume"), move).state, "Rushton").tokens
    assert (held.go - plain.go, held.bu - plain.bu) == (1, 0)


def test_4_2_1_1_an_amended_maximum_lv_holds_the_speed_podumes_holder() -> None:
    text = "Amend rule 4.2.1.1: the Speed Podume's maximum LV is 11."
    shown = show(versions(KB, [Change(2, "Figures [Ru]", AT, text)])[-1])
    assert "the Speed Podume's maximum LV is 11" in shown
    assert "the number of Fuse Counters is 10" in shown
    assert _judged(text).tables().figures.count("Speed Podume's maximum LV") == 11


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Amend rule 4.1.1.4: the number of Fuse Counters is many.", "is a count, not 'many'"),
        ("Amend rule 4.2.1.4: the colour of the Compass Podume is Mauve.", "Mauve"),
        ("Amend rule 4.1.1.4: the number of Potatoes is 2.", "rule 4.1.1.4 has no figure"),
    ],
)
def test_a_figure_the_rules_do_not_have_or_cannot_take_is_refused(text: str, why: str) -> None:
    done = enact(first_version(KB), Change(2, "Figures [Ru]", AT, text))
    [remark] = done.remarks
    assert why in remark
