"""Properties of the engine over scripted and generated games (issue 12), under Volume 1, the
1965 Knightsbridge Amendments and the early draft.

- Rule 1.16.1's rollback and the service's promise that bad input leaves the game untouched:
  an illegal (or not adjudicated) Turn gives back the very state it was judged on, unchanged.
- Rule 1.2.0 (the GSD is the record): replaying the record from the opening gives the live
  result, Turn by Turn; and where each Piece stands, derived from the record alone, is where
  the live Turns left it (rule 1.5.1).
- Tokens are neither made nor lost silently: each player's holding after a Turn is eir holding
  before it plus the gains and minus the losses the Turn's events name (rule 1.4.1's Tokens
  are the game's currency; a player must be able to check every change from the notices).
"""

from __future__ import annotations

import importlib
from functools import cache

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.engine.history import History, derive, forget
from referee.engine.replay import replay
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.variants.early_draft import EarlyDraft
from referee.variants.knightsbridge import Knightsbridge1965
from tests.engine.ledger import assert_tokens_conserved
from tests.engine.scripted import scripted_game
from tests.engine.walker import Turn, Walk, walk
from tests.variants.knightsbridge.test_podume_game import TURNS as PODUME_TURNS
from tests.variants.knightsbridge.test_podume_game import opening as podume_opening

KB = Knightsbridge1965()
RULESETS = {"vanilla": VANILLA, "knightsbridge-1965": KB, "early-draft": EarlyDraft()}
WALKS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""A walk is a long chain of draws that shrinks slowly; a failure prints every draw instead."""


def assert_unchanged(turn: Turn, ruleset: Ruleset) -> None:
    """The refused Turn gave back the state it was judged on, written as it was before."""
    assert turn.result.state is turn.before
    assert turn.before.render(ruleset.action_index()) == turn.before_text


def live_history(gsd: GSD, ruleset: Ruleset) -> History:
    return derive(gsd, ruleset.registry())


def assert_positions_derived(final: GSD, ruleset: Ruleset) -> None:
    """Where the Pieces stand by the live Turns equals where the record alone puts them, read
    afresh from the rendered GSD with every cached history dropped."""
    live = dict(live_history(final, ruleset).positions)
    index = ruleset.action_index()
    again = GSD.parse(final.render(index), index=index, kept=True)
    forget()
    derived = derive(again, ruleset.registry())
    assert dict(derived.positions) == live


def assert_replays(walked: Walk) -> None:
    final = walked.final
    report = replay(walked.start.model_copy(update={"record": final.record}), walked.ruleset)
    assert report.ok, report.result.messages() if report.result else None
    assert report.final.plays == final.plays
    assert report.final.render(walked.ruleset.action_index()) == final.render(
        walked.ruleset.action_index()
    )


def check_walk(walked: Walk) -> None:
    for turn in walked.turns:
        if turn.result.legal:
            assert_tokens_conserved(turn.before, turn.result.state, turn.result.events)
    assert_replays(walked)
    assert_positions_derived(walked.final, walked.ruleset)


# -- generated games -------------------------------------------------------------------------


@WALKS
@given(data=st.data(), name=st.sampled_from(sorted(RULESETS)))
def test_an_illegal_turn_leaves_the_state_unchanged(data: st.DataObject, name: str) -> None:
    """Rule 1.16.1 and the service's promise: a refused Turn changes nothing (the GSD it was
    judged on comes back as it was, and the Pieces stand where they stood)."""
    ruleset = RULESETS[name]
    walked = walk(data, ruleset, 12)
    for turn in walked.refused:
        positions = dict(live_history(turn.before, ruleset).positions)
        assert_unchanged(turn, ruleset)
        again = adjudicate(turn.before, turn.play, ruleset)
        assert again.legal is False and again.state is turn.before
        assert dict(live_history(turn.before, ruleset).positions) == positions


@WALKS
@given(data=st.data(), name=st.sampled_from(sorted(RULESETS)))
def test_a_generated_game_replays_conserves_tokens_and_derives_positions(
    data: st.DataObject, name: str
) -> None:
    """Rules 1.2.0 and 1.5.1: the record replays to the live state, the record alone places
    every Piece where the live Turns left it, and every change in a player's Tokens is named."""
    walked = walk(data, RULESETS[name], 16)
    check_walk(walked)


def test_the_walks_play_legal_and_illegal_turns_of_many_actions() -> None:
    """The generator is worth its properties: over a few seeds it plays legal Turns with
    Actions and Moves, and refuses others."""
    legal_actions: set[str] = set()
    refused = 0

    @settings(max_examples=15, deadline=None, derandomize=True)
    @given(data=st.data())
    def collect(data: st.DataObject) -> None:
        nonlocal refused
        walked = walk(data, VANILLA, 12)
        refused += len(walked.refused)
        for turn in walked.legal:
            legal_actions.update(a.name for a in turn.play.actions)

    collect()
    assert refused > 0
    assert len(legal_actions - {"LV+X", "LV-X"}) >= 3, legal_actions


# -- scripted games --------------------------------------------------------------------------


@cache
def _scripted() -> tuple[GSD, GSD]:
    return scripted_game(40, win=False)


def test_the_scripted_game_conserves_tokens_and_derives_positions() -> None:
    """The long scripted Volume 1 game (tests/engine/scripted.py): every Turn's Token changes
    are named, and the record alone places the Pieces where the live game left them."""
    start, final = _scripted()
    state = start
    for play in final.plays:
        result = adjudicate(state, play)
        assert result.legal, (play.render(), result.messages())
        assert_tokens_conserved(state, result.state, result.events)
        state = result.state
    assert_positions_derived(state, VANILLA)


def test_the_podume_game_conserves_tokens_and_derives_positions() -> None:
    """The scripted Knightsbridge game that creates and uses every Podume: Token changes are
    named Turn by Turn, the record places the Pieces, and a replay reaches the same state."""
    from referee.notation.plays import Play

    start = podume_opening()
    state = start
    index = KB.action_index()
    for text in PODUME_TURNS:
        play = Play.parse(text, players=state.player_names, index=index)
        result = adjudicate(state, play, KB)
        assert result.legal, (text, result.messages())
        assert_tokens_conserved(state, result.state, result.events)
        state = result.state
    assert_positions_derived(state, KB)
    report = replay(start.model_copy(update={"record": state.record}), KB)
    assert report.ok and report.final.render(index) == state.render(index)


@WALKS
@given(data=st.data())
def test_an_illegal_turn_after_the_scripted_game_leaves_it_unchanged(data: st.DataObject) -> None:
    """Drawn Turns played on the end of the scripted game: refusals change nothing, and the
    legal ones keep replaying and conserving."""
    start, final = _scripted()
    walked = walk(data, VANILLA, 6, start=start, at=final)
    for turn in walked.refused:
        assert_unchanged(turn, VANILLA)
    check_walk(walked)


SCRIPTED = (
    "test_bifurcation_radiation_narg_replay",
    "test_blast_and_sinkhole_replay",
    "test_cascades_tithes_hyde_streaking_replay",
    "test_clamps_knerdling_poid_replay",
    "test_game_states_translocations_rolls_replay",
    "test_shunts_homes_packages_blocks_replay",
)
"""The short scripted games of the Action families (Shunts, Blasts, Cascades, Clamps, the PoID,
Translocations ...), each a module of ``tests/engine`` with its ``played()``."""


@pytest.mark.parametrize("name", SCRIPTED)
def test_the_family_games_conserve_tokens_and_derive_positions(name: str) -> None:
    """Each family's scripted game, judged again Turn by Turn from its opening: every Turn
    names its Token changes, the Turns reach the scripted final state, and the record alone
    places the Pieces where the live Turns left them."""
    module = importlib.import_module(f"tests.engine.{name}")
    played = getattr(module, "played", None) or module._played
    start, final = played()
    state = start
    for play in final.plays[len(start.plays) :]:
        result = adjudicate(state, play, check_order=False)
        assert result.legal, (play.render(), result.messages())
        assert_tokens_conserved(state, result.state, result.events)
        state = result.state
    assert state.render() == final.render()
    assert_positions_derived(state, VANILLA)
