"""A Knightsbridge 1965 game's chamber amends the amendments' own tables (rules/amendments.md).

Rule 4.1.1 files the Player State Actions in the Action Tables, and rule 4.2.1 the Podume
Actions; rule 4.0.0 lays those entries over Volume 1's index of rule 1.7.2. So the 1.7.2 form
reaches them in a Knightsbridge game, and the tables the 1965 rules take from Volume 1 (the
Emporium, Token Collection, ...) take Volume 1's forms.
"""

from __future__ import annotations

from datetime import UTC, datetime

from referee.engine.amended import amended, versions
from referee.engine.turn import adjudicate
from referee.notation.amendments import Change
from referee.notation.plays import Play
from tests.engine.builder import game, row, rules_broken
from tests.variants.knightsbridge.kb import KB, kb_play, states

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
