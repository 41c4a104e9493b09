"""Property tests: parse and render are inverse (rule 1.2.0's GSD never loses a detail)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.notation.actions import Action
from referee.notation.gsd import GSD, read_posting
from referee.notation.plays import Play
from referee.notation.possessions import Possession
from tests.notation import strategies as gen

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(gen.possessions())
def test_1_4_12_possession_round_trip(possession: Possession) -> None:
    assert Possession.parse(possession.render()) == possession


@SETTINGS
@given(st.data())
def test_1_7_2_action_round_trip(data: st.DataObject) -> None:
    players = ["Rushton", "Cryer", "Garden"]
    action = data.draw(gen.actions(players))
    assert Action.parse(action.render()[1:-1], players=players) == action


@SETTINGS
@given(st.data())
def test_1_2_0_play_round_trip(data: st.DataObject) -> None:
    players = ["Rushton", "Cryer", "Brooke-Taylor"]
    play = data.draw(gen.plays(players))
    assert Play.parse(play.render(), players=players) == play


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(gen.gsds())
def test_1_2_0_gsd_parse_of_render_is_identity(gsd: GSD) -> None:
    text = gsd.render()
    assert GSD.parse(text) == gsd


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(gen.gsds())
def test_1_2_0_render_of_parse_is_a_fixed_point(gsd: GSD) -> None:
    once = gsd.render()
    untidy = "\r\n".join("> " + line.replace("  ", "\t") for line in once.splitlines())
    assert GSD.parse(untidy).render() == once


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(gen.gsds())
def test_header_hash_matches_canonical_state(gsd: GSD) -> None:
    posting = read_posting(gsd.render())
    if gsd.game is not None:
        assert posting.declared_hash == gsd.state_hash()
