"""The knightsbridge-1965 variant as a ruleset: its names, its index laid over Volume 1's
(rule 4.0.0: the later set wins), and the amendments it recognises but does not adjudicate."""

from __future__ import annotations

import pytest

from referee.engine.registry import VANILLA, load_sections
from referee.engine.turn import adjudicate
from referee.notation.action_index import load_action_index
from referee.notation.errors import NotationError
from referee.notation.plays import Play
from referee.variants import find_variant
from referee.variants.knightsbridge import Knightsbridge1965
from tests.engine.builder import game, play, rules_broken
from tests.engine.luggage_builder import with_luggage
from tests.engine.test_blocks import legal
from tests.variants.knightsbridge.kb import KB, RICH, kb_play, states
from tests.variants.knightsbridge.test_podumes import rack


@pytest.mark.parametrize("name", ["knightsbridge-1965", "Knightsbridge", "KB65",
                                  "knightsbridge 1965", "Knightsbridge '65"])  # fmt: skip
def test_the_variant_answers_to_its_names(name: str) -> None:
    assert find_variant(name) is Knightsbridge1965


def test_4_0_0_the_amendments_replace_same_named_actions_and_add_the_rest() -> None:
    """Rule 4.0.0: where the 1965 set and Volume 1 disagree, 1965 wins: [Greening] is the
    State's Neutral Action; Volume 1's index and registry are left as they were."""
    index = KB.action_index()
    assert index["Greening"].rule == "4.1.1.1" and index["Greening"].phase == "neutral"
    assert load_action_index()["Greening"].rule == "1.4.41"
    assert "De-Greening" in index and "De-Greening" not in load_action_index()
    assert len(index) == len(load_action_index()) + sum(
        1 for spec in index if spec.name not in load_action_index()
    )
    assert KB.registry().handlers["Greening"] is not VANILLA.handlers["Greening"]
    assert load_sections() is VANILLA


def test_volume_1_still_gives_a_green_clamp() -> None:
    """Without the variant, [Greening] is still rule 1.4.41's Clamp (Post-Move)."""
    gsd = game({"Rushton": "Holborn (CN)", "Garden": "Holborn (CN)"}, tokens={"Rushton": RICH})
    state = legal(play(gsd, "Rushton : Pass [Greening Garden]"))
    assert states(state) == []
    with pytest.raises(NotationError):
        Play.parse("Rushton : Pass [De-Greening]", players=gsd.player_names)


def test_4_x_violations_cite_the_amendments_rules_by_title() -> None:
    result = kb_play(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
                     "Rushton : Pass [Anti-Narg]")  # fmt: skip
    assert str(result.violations[0].rule) == "Rule 4.1.1.2 - Narg!"


def test_4_2_1_5_hyde_transformation_is_judged_by_the_amendments_rule() -> None:
    """Rule 4.2.1.5 redefines [Hyde Transformation]: under the variant it is Dr. Jekyll's, so
    a player without the Hyde Podume is refused under 4.2.1.5, not given Volume 1's Hyde Mask
    (rule 1.7.38)."""
    gsd = game({"Rushton": "Hyde Park Corner (PD)"}, tokens={"Rushton": RICH})
    assert play(gsd, "Rushton : Pass [Hyde Transformation]").adjudicated
    result = kb_play(gsd, "Rushton : [Hyde Transformation] Pass")
    assert result.adjudicated and rules_broken(result) == ["4.2.1.5"]


def test_dropping_a_package_still_reads_as_dropping_a_package() -> None:
    """The Podume's [Dropping <Podume> at <Station>] does not capture Volume 1's Package."""
    gsd = game({"Rushton": "Holborn (CN)"})
    parsed = Play.parse("Rushton : [Dropping Package at Holborn] Pass",
                        players=gsd.player_names, index=KB.action_index())  # fmt: skip
    assert parsed.actions[0].name == "Dropping Package"


def test_volume_1_clamps_still_bind_under_the_variant() -> None:
    """The amendments leave the Emporium's Clamps alone: a carried Spoon Clamp still forbids
    spending Blue (rule 1.4.39)."""
    gsd = with_luggage(game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": RICH}),
                       {"Rushton": "Spoon Clamp"})  # fmt: skip
    parsed = Play.parse("Rushton : Pass [Cowering]", players=gsd.player_names,
                        index=KB.action_index())  # fmt: skip
    assert rules_broken(adjudicate(gsd, parsed, KB, check_order=False)) == ["1.4.39"]


def test_a_carried_narg_clamp_is_still_shed_at_tottenham_court_road() -> None:
    """Rule 4.0.0 puts the 1965 [Anti-Narg] (rule 4.1.1.2) in Volume 1's place, but it speaks
    only of the State: a Narg Clamp carried from before (rule 1.4.40) is still destroyed by
    [Anti-Narg] at Tottenham Court Road, at the index's price (rules/knightsbridge-1965/
    readings.md#general), and not elsewhere."""
    gsd = with_luggage(game({"Rushton": "Tottenham Court Road (NT)"}, tokens={"Rushton": RICH}),
                       {"Rushton": "Narg Clamp"})  # fmt: skip
    parsed = Play.parse("Rushton : Pass [Anti-Narg]", players=gsd.player_names,
                        index=KB.action_index())  # fmt: skip
    result = adjudicate(gsd, parsed, KB, check_order=False)
    assert result.legal, result.messages()
    assert rack(result.state, "Rushton") == []
    south = with_luggage(game({"Rushton": "Oval (NT)"}, tokens={"Rushton": RICH}),
                         {"Rushton": "Narg Clamp"})  # fmt: skip
    parsed = Play.parse("Rushton : Pass [Anti-Narg]", players=south.player_names,
                        index=KB.action_index())  # fmt: skip
    assert rules_broken(adjudicate(south, parsed, KB, check_order=False)) == ["1.4.40"]
