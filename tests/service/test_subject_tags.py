"""Each kind's games are answered under its own subject tag, and any kind's tag is read.

Numbers are unique across kinds, so ``[MC 12]`` in a subject names game 12 whatever its kind
(players copy subjects); the referee's answer always carries the game's own tag. A tag
naming no game is answered with the tag as the player wrote it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from email.message import Message

import pytest
from sqlalchemy import select

from referee.games import IFMUD_NOMIC, MORNINGTON, Kinds
from referee.games.ifmud.kind import IfmudNomic
from referee.games.mornington import NoEngineDesk
from referee.games.one_day_in_london.kind import NAME as ONE_DAY_IN_LONDON
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.service import classify
from referee.service.chain import Work, run_chain
from referee.service.runner import mornington
from referee.store.models import Game
from referee.store.status import InboxStatus
from tests.conftest import REFEREE, Seeded
from tests.service.test_classify import LIST_HEADERS, _mail, _work
from tests.service.test_never_silent import ALICE, _body, _outbox

TAGS = [(MORNINGTON, "MC"), (ONE_DAY_IN_LONDON, "ODL"), (IFMUD_NOMIC, "ifMUD")]


@contextmanager
def _game_of(seeded: Seeded, kind: str, raw: bytes, *, direct: bool = False) -> Iterator[Work]:
    """A Work for ``raw`` where the seeded game 12 is of ``kind``; ``direct`` mail names its
    game by the subject alone (sent to the referee, not the lounge)."""
    with _work(seeded, raw) as work:
        work.kinds = Kinds(
            [mornington(NoEngineDesk()), OneDayInLondon(), IfmudNomic(lambda: datetime(2026, 1, 1))]
        )
        work.session.scalars(select(Game)).one().kind = kind
        if direct:
            work.letter.inbound.recipients[:] = [REFEREE]
        yield work


def _subjects(work: Work) -> list[str]:
    return [str(message["Subject"]) for _, message in _outbox(work)]


def _only(work: Work) -> Message:
    [(_, message)] = _outbox(work)
    return message


@pytest.mark.parametrize(("kind", "tag"), TAGS)
def test_a_post_with_no_turn_is_answered_under_the_games_own_tag(
    seeded: Seeded, kind: str, tag: str
) -> None:
    with _game_of(seeded, kind, _mail("\n-- \nAlice", **LIST_HEADERS)) as work:
        run_chain(classify.CHAIN, work)
        assert _subjects(work) == [f"[{tag} 12] No turn found in your message"]


@pytest.mark.parametrize(("kind", "tag"), TAGS)
def test_a_refused_command_is_answered_under_the_games_own_tag(
    seeded: Seeded, kind: str, tag: str
) -> None:
    with _game_of(seeded, kind, _mail("nomic acknowledge")) as work:
        run_chain(classify.CHAIN, work)
        message = _only(work)
        assert message["Subject"] == f"[{tag} 12] Not carried out: nomic acknowledge"
        assert f"game {tag} 12" in _body(message)


@pytest.mark.parametrize(("kind", "tag"), TAGS)
@pytest.mark.parametrize("written", ["MC", "ODL", "ifMUD", "odl"])
def test_any_kinds_tag_names_the_game_and_the_answer_uses_its_own(
    seeded: Seeded, kind: str, tag: str, written: str
) -> None:
    """Direct mail to the referee, named only by a tag that may be another kind's."""
    raw = _mail("nomic settings", to=REFEREE, subject=f"Re: [{written} 12] settings?")
    with _game_of(seeded, kind, raw, direct=True) as work:
        handled = run_chain(classify.CHAIN, work)
        assert handled.status is InboxStatus.DONE
        subjects = _subjects(work)
        assert subjects == [f"Re: [{tag} 12] settings?"]


@pytest.mark.parametrize("written", ["ODL 99", "ifMUD 99", "MC 99"])
def test_a_tag_naming_no_game_is_answered_with_the_tag_as_written(
    seeded: Seeded, written: str
) -> None:
    raw = _mail(to=REFEREE, subject=f"[{written}] my turn")
    with _game_of(seeded, ONE_DAY_IN_LONDON, raw, direct=True) as work:
        handled = run_chain(classify.CHAIN, work)
        message = _only(work)
        assert f"There is no game {written}" in _body(message)
        assert handled.notes[0] == f"there is no game {written}"
        assert message["To"] == ALICE


def test_mail_naming_no_game_is_shown_every_kinds_tag(seeded: Seeded) -> None:
    raw = _mail(to=REFEREE, subject="hello")
    with _game_of(seeded, ONE_DAY_IN_LONDON, raw, direct=True) as work:
        run_chain(classify.CHAIN, work)
        body = " ".join(_body(_only(work)).split())
        assert '"[MC 12]", "[ODL 12]" or "[ifMUD 12]"' in body
