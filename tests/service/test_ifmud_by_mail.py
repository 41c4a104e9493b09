"""Issue 16, done when: a scripted game of ifMUD Nomic with four players and more than sixty
turns, played by mail through the real SMTP path, replayed from its record to the same state.

smtplib -> the referee's SMTP listener -> runner (the ifMUD kind, ``referee.games.hosted``)
-> outbox -> sender -> an aiosmtpd relay on loopback. The postings are the kind's scripted
game's (tests/games/ifmud/test_scripted_game.py). What the players agree by consent (the map,
a toll, a Dark Gift, every token: rules 25, 43, 54, 127) is proposed, voted and ratified by
mail, and made when it takes effect by ifMUD Nomic's enactor (``IfmudAgreements``) from the
proposal's text; nothing is written into the stored state by the test. Time is a hand clock;
the deadline runner, run at a moment past the active player's 24 hours (rule 27), ends that
turn and posts it. An action the rules forbid is refused citing its rule, and a posting out
of turn is refused (rule 27). The replay reads the record the service kept: the judged
postings and the proposals that took effect, each at its time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.chamber.proposals import EFFECT_AFTER, Standing
from referee.games import hosted
from referee.games.ifmud.agreements import apply_agreements
from referee.games.ifmud.kind import NAME, IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.games.kind import GameView, PlayerView
from referee.service import chamber as the_chamber
from referee.service.deadlines import aware
from referee.service.timekeeper import run_due
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import Game, Membership, Player, ProposalRecord, Turn
from referee.store.status import GameStatus
from tests.conftest import MailPath
from tests.games.ifmud.helpers import ADAM, CARL, JOTA, ROGER
from tests.games.ifmud.test_scripted_game import (
    ACTIVE,
    FINALE,
    OPENING,
    SECOND,
    Agreed,
    agreed_map,
    rounds,
    step,
)
from tests.service.harness import HandClock, text

LOUNGE = "ifmud@lounge.example.org"
START = datetime(2026, 11, 23, 12, 0)  # a Monday, naive UTC as stored
SEED = bytes([2] * 32)
"""The game's committed seed: with it the dice let every scripted posting stand (the kind's
own scripted game draws by posting number, the service by message number, so the same seed
would throw other dice here)."""

HAT_RULE = "Every player shall wear a hat on Fridays."
"""A line of the first proposal that is a new rule, not a change of the state."""


def address(name: str) -> str:
    return name.lower().replace(" ", ".") + "@example.org"


class Table:
    """The players' side: they post by mail and read what reached the relay."""

    def __init__(self, path: MailPath, clock: HandClock) -> None:
        self.path, self.clock = path, clock
        self.ids = count(1)
        self.read = 0

    def post(self, name: str, body: str) -> list[Message]:
        message = EmailMessage()
        message["From"] = address(name)
        message["To"] = LOUNGE
        message["Subject"] = "[ifMUD 1] my turn"
        message["Message-ID"] = f"<ifmud-{next(self.ids)}@example.org>"
        message.set_content(body)
        self.path.deliver(message, address(name), [LOUNGE])
        return self.new()

    def new(self) -> list[Message]:
        messages = self.path.replies()
        fresh, self.read = messages[self.read :], len(messages)
        return fresh

    def game(self) -> Game:
        with self.path.service.factory() as session:
            return session.scalars(select(Game).where(Game.number == 1)).one()

    def state(self) -> GameState:
        return GameState.parse(self.game().state or "")

    def judged(self) -> int:
        with self.path.service.factory() as session:
            return len(list(session.scalars(select(Turn.id))))

    def enact(self, proposal: str, words: str) -> list[Message]:
        """A proposal made, agreed by all and ratified by mail (rule 10); the deadline runner
        makes it take effect an hour later, through the service's enactor."""
        proposer, *others = SEED_PLAYERS
        self.clock.advance(minutes=5)
        self.post(proposer, f"propose {proposal}\n{words}")
        for name in others:
            self.clock.advance(minutes=5)
            self.post(name, f"vote aye {proposal}")
        self.clock.advance(minutes=5)
        self.post(proposer, f"ratify {proposal}")
        return self.deadlines(self.clock() + timedelta(hours=1, minutes=1))

    def deadlines(self, at: datetime) -> list[Message]:
        self.clock.now = at
        service = self.path.service
        run_due(
            service.factory,
            service.settings,
            at,
            kinds=service.runner.kinds,
            enactor=service.enactor,
        )
        service.sender_wake.set()
        return self.new()


def lounge(messages: list[Message]) -> list[str]:
    return [text(m) for m in messages if m["To"] == LOUNGE]


def private(messages: list[Message], name: str) -> list[str]:
    return [text(m) for m in messages if m["To"] == address(name)]


def seed(
    url: str, clock: HandClock, settings: dict[str, str] | None = None, *, chamber: bool = False
) -> None:
    engine = make_engine(url, sqlite_synchronous="NORMAL")
    upgrade(engine)
    with sessions(engine).begin() as session:
        game = games.create_game(session, 1, LOUNGE, clock(), name="ifMUD Nomic")
        game.kind = NAME
        game.status = GameStatus.RUNNING
        game.dice_seed = SEED.hex()
        game.settings = settings or {}
        game.state = IfmudNomic(lambda: aware(clock())).opening(1, SEED_PLAYERS, random.Random(0))
        for seat, name in enumerate(SEED_PLAYERS, start=1):
            games.join(session, game, games.add_player(session, name, address(name)), seat)
        if chamber:
            the_chamber.open_chamber(session, game, clock(), timedelta(hours=12))
    engine.dispose()


def seeded_table(database: Path, mail_path: Callable[..., MailPath]) -> Table:
    """The four seed players at an ifMUD Nomic game in ``database`` with its chamber open,
    served through the mail path with the ifMUD kind hosted and a hand clock."""
    clock = HandClock(START)
    url = f"sqlite:///{database}"
    seed(url, clock, chamber=True)
    path = mail_path(
        url,
        clock=clock,
        kinds=hosted(lambda: aware(clock())),
        deadline_poll_seconds=3600,
    )
    return Table(path, clock)


@pytest.fixture
def table(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Table:
    return seeded_table(tmp_path / "ifmud.sqlite3", mail_path)


def agree(table: Table, proposal: Agreed) -> None:
    """The players propose, vote and ratify ``proposal`` by mail; when it takes effect the
    enactor makes every change its text states, and the lounge reads each one made."""
    words = proposal.words(table.state())
    if proposal is agreed_map:
        words += f"\n{HAT_RULE}"
    before = table.game().state
    made = lounge(table.enact(proposal.name, words))
    [enacted] = [m for m in made if "changes of the state" in m]
    assert "not made" not in enacted, enacted
    for line in words.splitlines():
        if line.startswith(("Add token", "Change token", "Connect")):
            assert f"made: {line}" in " ".join(enacted.split()), (line, enacted)
    assert table.game().state != before
    if proposal is agreed_map:
        assert "Not adjudicated" in enacted and "wear a hat on Fridays" in enacted


def play(table: Table, script: list[tuple[str, str] | Agreed]) -> list[str]:
    """Post each scripted posting by mail, each applied and answered in the lounge, and
    agree each scripted proposal by mail; returns what the lounge read of the last posting."""
    posted: list[str] = []
    for entry in script:
        if isinstance(entry, Agreed):
            agree(table, entry)
            continue
        name, posting = entry
        state = table.state()
        if name == ACTIVE:
            name = state.active or ""
        if posting == "step":
            posting = step(state, name)
        if posting == "win":
            crown = next(t for t in state.tokens if t.name == "crown")
            posting = f"move to {crown.destination}\ndrop crown"
        table.clock.now = max(
            table.clock.now + timedelta(minutes=25),
            (state.turn_began.replace(tzinfo=None) if state.turn_began else START),
        )
        before = table.game().turn_number
        sent = table.post(name, posting)
        assert table.game().turn_number == before + 1, (name, posting, [text(m) for m in sent])
        posted = lounge(sent)
        assert posted[0].startswith(f"{name} played turn {before + 1} of game ifMUD 1")
    return posted


def enacted(table: Table) -> list[tuple[datetime, str]]:
    """The record's proposals that took effect: when (an hour after ratification, rule 10)
    and their text."""
    with table.path.service.factory() as session:
        rows = session.scalars(
            select(ProposalRecord)
            .where(ProposalRecord.standing == Standing.IN_EFFECT.value)
            .order_by(ProposalRecord.ratified_at)
        )
        return [(row.ratified_at + EFFECT_AFTER, row.text) for row in rows if row.ratified_at]


def replay(table: Table) -> GameState:
    """The game again from its record: a fresh opening, every kept posting judged again at
    the time it was judged with the dice its message drew, and every proposal that took
    effect made from its text before the first posting judged after it."""
    clock = HandClock(START)
    kind = IfmudNomic(lambda: aware(clock()))
    state = kind.opening(1, SEED_PLAYERS, random.Random(0))
    with table.path.service.factory() as session:
        rows = list(session.scalars(select(Turn).order_by(Turn.id)))
        names = {p.id: p.name for p in session.scalars(select(Player))}
        seats = {m.player_id: m.seat for m in session.scalars(select(Membership))}
    pending = enacted(table)
    assert pending, "the record holds no proposal that took effect"
    for row in rows:
        while pending and pending[0][0] <= row.created_at:
            state = apply_agreements(GameState.parse(state), pending.pop(0)[1])[0].render()
        clock.now = row.created_at
        view = GameView(1, 0, 0, state, SEED_PLAYERS, seed=SEED, draw=f"message {row.inbox_id}")
        player = PlayerView(names[row.player_id], "", seats[row.player_id])
        try:
            outcome = kind.judge(view, player, kind.read(view, row.raw_text), random.Random(0))
        except ValueError:
            assert row.status == "unreadable"
            continue
        assert {"legal": "applied"}.get(outcome.verdict, outcome.verdict) == row.status
        state = outcome.new_state or state
    for _, words in pending:
        state = apply_agreements(GameState.parse(state), words)[0].render()
    return GameState.parse(state)


def test_rule_27_a_four_player_game_of_sixty_turns_is_played_by_mail_and_replays(
    table: Table,
) -> None:
    play(table, OPENING[:2])  # the map by consent, then Adam's first turn

    # Rule 26: only along a connection. Refused citing the rule; the state is untouched.
    before = table.game().state
    refused = table.post(ROGER, "move to Saturn\nend turn")
    assert table.game().state == before
    [answer] = private(refused, ROGER)
    assert "rule 26" in answer.lower() and "Saturn" in answer

    # Rule 55: one drops only what one carries; again nothing changes.
    refused = table.post(ROGER, "drop golden key")
    [answer] = private(refused, ROGER)
    assert "rule 55: you carry no token called 'golden key'" in " ".join(answer.split())
    assert table.game().state == before

    # Rule 27: a turn is the active player's; the others are refused.
    refused = table.post(CARL, "move to Attic\nend turn")
    [answer] = private(refused, CARL)
    assert "out of turn" in refused[0]["Subject"]
    assert f"rule 27: it is {ROGER}'s turn" in " ".join(answer.split())
    assert table.game().state == before

    play(table, OPENING[2:] + SECOND)

    # Rule 27: 24 hours pass without the active player ending eir turn; the deadline runner
    # ends it when it happens and posts the new state, before anyone posts again.
    waiting = table.state()
    assert waiting.active is not None and waiting.turn_began is not None
    late = waiting.turn_began.replace(tzinfo=None) + timedelta(hours=24, minutes=1)
    posted = lounge(table.deadlines(late))
    assert len(posted) == 1 and "Time has passed" in posted[0]
    assert table.state().active != waiting.active
    assert table.state().turn_began.replace(tzinfo=None) > waiting.turn_began.replace(tzinfo=None)  # type: ignore[union-attr]

    play(table, rounds(12) + FINALE[:-1])
    # Rules 33 and 148: the winning posting ends the game; nothing waits for a buzz.
    [_, over] = play(table, FINALE[-1:])
    assert table.game().status == "won" and table.game().winner == table.state().winner
    assert f"is over: won by {table.game().winner}" in over
    assert "1.1.1" not in over and "1.1.5" not in over
    final = table.state()
    assert final.turn > 60 and table.game().turn_number > 60
    assert final.winner is not None
    assert final.player(CARL).gifts == ("Night Sight",)
    assert sum(r.visits for r in final.rooms) > 40
    assert {ADAM, ROGER, JOTA, CARL} == {p.name for p in final.players} | set(final.lost)
    assert replay(table) == final
