"""A variant's registry: copy the vanilla one and add a handler, without touching the core."""

from __future__ import annotations

from referee.engine.context import TurnContext
from referee.engine.history import Position, derive
from referee.engine.moves import translocate
from referee.engine.registry import VANILLA, Registry, load_sections
from referee.engine.ruleset import Ruleset
from referee.engine.turn import adjudicate
from referee.network.lines import LineCode
from referee.notation.actions import Action
from referee.notation.plays import Play
from tests.engine.builder import game, row

_TEST = load_sections().copy("test")


@_TEST.action("Taking a Bow")
def _walking(ctx: TurnContext, action: Action) -> None:
    """Stands in for an Action permitting a Special Move (rule 1.5.0); Volume 0's [Taking a
    Bow] has no handler in vanilla, so the copy is free to add one."""
    ctx.facts.special_move = True


class _Walkers(Ruleset):
    name = "walkers"

    def registry(self) -> Registry:
        return _TEST


def test_a_copied_registry_adds_a_handler_and_leaves_vanilla_alone() -> None:
    assert "Taking a Bow" in _TEST.handlers and "Taking a Bow" not in VANILLA.handlers
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 2})
    text = "Rushton : [Taking a Bow] Russell Square (PD)"
    vanilla = adjudicate(gsd, Play.parse(text, players=gsd.player_names), check_order=False)
    assert vanilla.unadjudicated == ("Taking a Bow",)


def test_1_5_0_a_special_move_ignores_lv_then_sets_it_to_zero() -> None:
    """Rule 1.5.0 / 1.6.2: a permitted Special Move is not invalidated by LV, passes through
    no stations, and leaves LV at zero."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 5})
    text = "Rushton : [Taking a Bow] Russell Square (PD)"
    result = adjudicate(gsd, Play.parse(text, players=gsd.player_names), _Walkers(),
                        check_order=False)  # fmt: skip
    assert result.legal, result.messages()
    assert row(result.state, "Rushton").lv == 0
    assert result.route is None
    assert any(e.kind == "special_move" for e in result.events)


@_TEST.moves_pieces("Taking a Bow")
def _walk_effect(positions: dict[str, Position], play: Play, action: Action) -> None:
    positions[play.player] = Position("Euston", LineCode.VC)


def test_position_effects_let_derived_positions_follow_actions() -> None:
    """Rule 1.5.1: a Piece moved by another's Action stays moved; derive() replays that."""
    base = game({})
    record = (Play.parse("Rushton : Pass Holborn (CN) [Taking a Bow]", players=base.player_names),)
    gsd = base.model_copy(update={"record": record})
    assert derive(gsd, _TEST).position("Rushton") == Position("Euston", LineCode.VC)
    fresh = gsd.model_copy()
    assert derive(fresh).position("Rushton") == Position("Holborn", LineCode.CN)


@_TEST.action("Applauding")
def _stub_link(ctx: TurnContext, action: Action) -> None:
    """Stands in for a Translocation family (rule 1.5.13): straight to Euston."""
    translocate(ctx, Position("Euston", LineCode.VC), "1.5.13")


def test_1_5_13_a_translocation_must_land_where_a_move_could_end() -> None:
    """Rule 1.5.13 - Translocations: the Piece shifts without passing stations, but not onto
    a Blocked or Closed Station."""
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": 0})
    text = "Rushton : [Applauding Cryer] Pass Euston (VC)"
    moved = adjudicate(gsd, Play.parse(text, players=gsd.player_names), _Walkers(),
                       check_order=False)  # fmt: skip
    assert moved.legal, moved.messages()
    assert derive(moved.state, _TEST).position("Rushton") == Position("Euston", LineCode.VC)
    assert any(e.kind == "translocation" for e in moved.events)
    blocked = game({"Rushton": "Holborn (CN)"}, disruptions=("Euston (Bulkhead)",))
    refused = adjudicate(blocked, Play.parse(text, players=blocked.player_names), _Walkers(),
                         check_order=False)  # fmt: skip
    assert [v.rule.number for v in refused.violations][:1] == ["1.9.3"]


def test_every_action_of_every_seed_ruleset_has_a_handler_but_volume_0s() -> None:
    """Issue 12: nothing in a seed ruleset is answered "not adjudicated" unless it cannot be
    judged from the game state. Every Action of each ruleset's index has a handler, except
    those of rule 0.9.4 (Kudos), in Volume 0, whose text is not ours and which act on the
    Nomic rather than the game (rules/vanilla/readings.md#r1-7-2)."""
    from referee.engine.ruleset import Ruleset
    from referee.notation.action_index import VOLUME_0_RULES
    from referee.variants import VARIANTS

    for kind in (Ruleset, *VARIANTS):
        ruleset = kind()
        handlers = ruleset.registry().handlers
        unhandled = {s.name for s in ruleset.action_index().specs if s.name not in handlers}
        volume_0 = {s.name for s in ruleset.action_index().specs if s.rule in VOLUME_0_RULES}
        assert unhandled == volume_0, (ruleset.rules_name, unhandled - volume_0)
