"""The enactor dispatches by the game's kind: an ifMUD Nomic proposal's agreed changes of the
state are made (rule 10: it takes effect), what cannot be read is named as not adjudicated,
and a kind with no enactor of its own has its text recorded."""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from referee.games import MORNINGTON, Kinds, hosted
from referee.games.ifmud.kind import NAME, IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.service.deadlines import aware
from referee.service.enactment import ByKind, RecordOnly, by_kind
from referee.store import games
from referee.store.db import sessions
from referee.store.models import Game

T0 = datetime(2026, 11, 23, 12, 0)


def _ifmud_game(session: Session) -> Game:
    """Game 1, ifMUD Nomic, at its opening state with the four seed players."""
    game = games.create_game(session, 1, "ifmud@lounge.example.org", T0)
    game.kind = NAME
    game.state = IfmudNomic(lambda: aware(T0)).opening(1, SEED_PLAYERS, random.Random(0))
    return game


def test_rule_10_an_ifmud_proposal_taking_effect_makes_its_agreed_changes(
    sqlite_engine: Engine,
) -> None:
    enactor = by_kind(Kinds(hosted(lambda: aware(T0))))
    with sessions(sqlite_engine).begin() as session:
        game = _ifmud_game(session)
        text = "add room Kitchen\nconnect Kitchen and Lounge\nconnect Nowhere and Lounge\nHats."
        [notice] = enactor.enact(session, game, "Kitchen [AB]", text, T0)
        state = GameState.parse(game.state)
        assert state.has_room("Kitchen") and ("Kitchen", "Lounge") in state.connections
        assert notice.template == "lounge.proposal-enacted"
        assert notice.values["made"] == [
            "made: add room Kitchen",
            "made: connect Kitchen and Lounge",
            "not made: connect Nowhere and Lounge (there is no room called Nowhere)",
        ]
        assert notice.values["unread"] == ["Hats."]
        assert "Kitchen" in str(notice.values["state"])
        assert game.version == 1


def test_rule_54_an_ifmud_proposal_agrees_tokens_and_names_one_the_game_cannot_hold(
    sqlite_engine: Engine,
) -> None:
    enactor = by_kind(Kinds(hosted(lambda: aware(T0))))
    with sessions(sqlite_engine).begin() as session:
        game = _ifmud_game(session)
        text = (
            "Add token golden key | in Lounge | prize 20 | destination Attic\n"
            "Add token a ticking bomb | in Narnia | time bomb 2h\n"
            "Remove token personal teleporter"
        )
        [notice] = enactor.enact(session, game, "Things [AB]", text, T0)
        state = GameState.parse(game.state)
        key = next(t for t in state.tokens if t.name == "golden key")
        assert (key.value, key.destination) == (20, "Attic")
        assert not any(t.name in ("a ticking bomb", "personal teleporter") for t in state.tokens)
        assert notice.values["made"] == [
            "made: Add token golden key | in Lounge | prize 20 | destination Attic",
            "not made: Add token a ticking bomb | in Narnia | time bomb 2h (there is no room "
            "called Narnia to put a ticking bomb in (rule 54))",
            "made: Remove token personal teleporter",
        ]
        assert notice.values["unread"] == []


def test_a_kind_without_an_enactor_of_its_own_has_its_text_recorded(
    sqlite_engine: Engine,
) -> None:
    enactor = by_kind(Kinds(hosted(lambda: aware(T0))))
    assert isinstance(enactor, ByKind) and isinstance(enactor.otherwise, RecordOnly)
    with sessions(sqlite_engine).begin() as session:
        game = games.create_game(session, 2, "mc2@lounge.example.org", T0, state="a GSD")
        game.kind = MORNINGTON
        [notice] = enactor.enact(session, game, "Cheap fares [A]", "Fares halve.", T0)
        assert notice.template == "lounge.proposal-recorded" and game.state == "a GSD"
