"""The life of an ifMUD Nomic game around its turns, by mail through the SMTP path: silence
counted by the chamber (rules 24, 130) and never by Mornington's two months, the Passive
Voters kept by one owner (rules 31, 32), and a player admitted after the start seated in the
game (rules 12, 27, 148)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from email.message import EmailMessage, Message
from itertools import count
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.games import Silence, hosted
from referee.games.ifmud.kind import IfmudNomic
from referee.games.ifmud.opening import SEED_PLAYERS
from referee.games.ifmud.state import GameState
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.service import deadlines
from referee.service.chamber import check_admission
from referee.service.deadlines import SILENCE, aware
from referee.service.enactment import IfmudAgreements
from referee.service.notices import CommandError
from referee.service.timekeeper import run_due
from referee.store.db import make_engine, sessions
from referee.store.models import Deadline, Game, Membership, Player
from tests.conftest import REFEREE, MailPath
from tests.service.harness import HandClock, text
from tests.service.harness import settings as harness_settings
from tests.service.test_ifmud_by_mail import START, seed

SPEAKER, SECRET = "speaker@example.org", "gavel and bell"
LOUNGE = "ifmud-life@lounge.example.org"
PEOPLE = ("Ann Able", "Ben Baker", "Cat Cole")


def address(name: str) -> str:
    return name.split()[0].lower() + "@example.org"


class Game1:
    """Game MC 1 of ifMUD Nomic, started by the Speaker by mail, and its players' mail."""

    def __init__(self, path: MailPath, clock: HandClock) -> None:
        self.path, self.clock = path, clock
        self.ids = count(1)
        self.read = 0

    def send(self, sender: str, body: str, *, to: str = REFEREE) -> list[Message]:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, to, "[MC 1] play"
        message["Message-ID"] = f"<ifmud-life-{next(self.ids)}@example.org>"
        message.set_content(body)
        self.path.deliver(message, sender, [to])
        self.path.settled()
        return self.new()

    def speaker(self, command: str) -> list[Message]:
        return self.send(SPEAKER, f"speaker {command}\nSecret: {SECRET}")

    def player(self, name: str, body: str) -> list[Message]:
        self.clock.advance(minutes=5)
        return self.send(address(name), body, to=LOUNGE)

    def new(self) -> list[Message]:
        messages = self.path.replies()
        fresh, self.read = messages[self.read :], len(messages)
        return fresh

    def deadlines(self, **later: float) -> list[Message]:
        self.clock.advance(**later)
        service = self.path.service
        run_due(
            service.factory,
            service.settings,
            self.clock(),
            kinds=service.runner.kinds,
            enactor=service.enactor,
        )
        service.sender_wake.set()
        self.path.settled()
        return self.new()

    def game(self) -> Game:
        with self.path.service.factory() as session:
            return session.scalars(select(Game).where(Game.number == 1)).one()

    def state(self) -> GameState:
        return GameState.parse(self.game().state or "")

    def open_deadlines(self) -> list[tuple[str, str | None, object]]:
        with self.path.service.factory() as session:
            rows = session.scalars(
                select(Deadline).where(Deadline.closed_at.is_(None), Deadline.passed_at.is_(None))
            )
            return [(row.kind, row.owed_by, row.due) for row in rows]


@pytest.fixture
def start(tmp_path: Path, mail_path: Callable[..., MailPath]) -> Callable[[str], Game1]:
    """Start game MC 1 by mail with the Speaker's ``set NAME=VALUE ...`` words, if any."""

    def started(settings: str = "") -> Game1:
        clock = HandClock(START)
        path = mail_path(
            f"sqlite:///{tmp_path / 'ifmud-life.sqlite3'}",
            clock=clock,
            rng=random.Random(11),
            kinds=hosted(lambda: aware(clock())),
            speaker_address=SPEAKER,
            speaker_secret=SECRET,
            deadline_poll_seconds=3600,
        )
        table = Game1(path, clock)
        table.speaker(f"new-game {LOUNGE} ifmud-nomic {settings}".rstrip())
        for name in PEOPLE:
            table.send(address(name), f"nomic join {name}")
            table.speaker(f"approve 1 {name}")
        table.speaker("start 1")
        return table

    return started


@pytest.fixture
def game(start: Callable[[str], Game1]) -> Game1:
    return start("")


def lounge(messages: list[Message]) -> list[str]:
    return [text(m) for m in messages if m["To"] == LOUNGE]


def to(messages: list[Message], name: str) -> list[str]:
    return [text(m) for m in messages if m["To"] == address(name)]


def ayes(posts: list[str]) -> list[set[str]]:
    """The ayes each post's tally names."""
    found = (re.search(r"Votes: aye: ([^;]*);", post) for post in posts)
    return [set(match.group(1).split(", ")) for match in found if match]


def test_the_kinds_name_their_silence_rule() -> None:
    assert IfmudNomic(lambda: aware(START)).silence is Silence.CHAMBER
    assert OneDayInLondon().silence is Silence.RESIGNS


def test_rule_24_an_ifmud_game_counts_silence_by_its_chamber_never_by_two_months(
    game: Game1,
) -> None:
    week = timedelta(weeks=1)
    opened = game.open_deadlines()
    assert not [row for row in opened if row[0] == SILENCE]
    silences = {who: due for kind, who, due in opened if kind == "chamber-silence"}
    assert silences == dict.fromkeys(PEOPLE, START + week)
    # Ann's posting is a post (rule 23): her week starts again, and no two months start.
    posted = game.player("Ann Able", "end turn")
    assert any("Ann Able played turn 1" in t for t in lounge(posted))
    after = game.open_deadlines()
    assert not [row for row in after if row[0] == SILENCE]
    silences = {who: due for kind, who, due in after if kind == "chamber-silence"}
    assert silences["Ann Able"] == game.clock() + week
    assert silences["Ben Baker"] == START + week
    # A week of Ben's silence is a demerit in the state (rule 24), not a resignation.
    news = lounge(game.deadlines(days=7))
    assert any("Ben Baker incurs a demerit (ifMUD rule 24," in t for t in news)
    assert game.state().player("Ben Baker").demerits == 1
    assert game.game().status == "running"


def test_rules_31_and_32_passive_on_by_mail_shows_in_the_next_posted_state(game: Game1) -> None:
    game.player("Ben Baker", "passive on")
    posted = lounge(game.player("Ann Able", "end turn"))
    [turn] = [t for t in posted if "Ann Able played turn 1" in t]
    assert "Passive Voters: Ben Baker" in turn
    # Rule 31: the chamber counts the list it shows: Ben's implicit aye on a new proposal.
    proposed = lounge(game.player("Cat Cole", "propose Hats [CC]\nWear hats."))
    assert {"Ben Baker", "Cat Cole"} in ayes(proposed)
    game.player("Ben Baker", "passive off")
    posted = lounge(game.player("Ben Baker", "end turn"))
    [turn] = [t for t in posted if "Ben Baker played turn 2" in t]
    assert "Passive Voters: -" in turn


def test_rule_40_a_passive_voter_agreed_in_a_proposal_is_on_the_chamber_list_it_counts(
    game: Game1,
) -> None:
    """The state's copy never leads: a player the others agree to make passive (rule 40, a
    line of a ratified proposal's text) is on the chamber's list, which casts eir implicit
    aye on the next proposal (rule 31)."""
    game.player("Ann Able", "propose Quiet Cat [AA]\npassive voter Cat Cole")
    game.player("Ben Baker", "vote aye Quiet Cat [AA]")
    game.player("Cat Cole", "vote aye Quiet Cat [AA]")
    game.player("Ann Able", "ratify Quiet Cat [AA]")
    enacted = lounge(game.deadlines(hours=1, minutes=1))
    assert any("made: passive voter Cat Cole" in t for t in enacted)
    assert game.state().passive_voters == ("Cat Cole",)
    proposed = lounge(game.player("Ben Baker", "propose Hats [BB]\nWear hats."))
    assert {"Ben Baker", "Cat Cole"} in ayes(proposed)
    posted = lounge(game.player("Ann Able", "end turn"))
    assert any("Passive Voters: Cat Cole" in t for t in posted)


def test_rule_12_a_player_admitted_after_the_start_is_seated_by_mail(game: Game1) -> None:
    everything: list[Message] = []
    # Rule 12 admits someone who asked: a proposal for a stranger is refused, nothing kept.
    refused = game.player("Ann Able", "propose Welcome Zed [AA]\nAdmit: Zed Zane")
    everything += refused
    assert any("Zed Zane has not asked to join game MC 1" in t for t in to(refused, "Ann Able"))
    assert "Zed" not in " ".join(lounge(refused))
    # Bea asks; she and the lounge are told how the players decide.
    asked = game.send("bea@example.org", "nomic join Bea Bell\nSecret: hush-hush")
    everything += asked
    assert any("unanimous consent (ifMUD rule 12" in t for t in to(asked, "Bea Bell"))
    assert any("Bea Bell asks" in t and "Admit: Bea Bell" in t for t in lounge(asked))
    assert "Bea Bell" not in {p.name for p in game.state().players}
    approve = game.speaker("approve 1 Bea Bell")
    everything += approve
    assert any("its players, not the Speaker, add a player" in text(m) for m in approve)
    # The players agree; an hour after ratification she is admitted and seated.
    everything += game.player("Ann Able", "propose Welcome Bea [AA]\nAdmit: Bea Bell")
    everything += game.player("Ben Baker", "vote aye Welcome Bea [AA]")
    everything += game.player("Cat Cole", "vote aye Welcome Bea [AA]")
    everything += game.player("Ann Able", "ratify Welcome Bea [AA]")
    admitted_at = game.clock() + timedelta(hours=1)  # rule 10: agreed an hour after ratifying
    seated = game.deadlines(hours=1, minutes=1)
    everything += seated
    [post] = [t for t in lounge(seated) if "Bea Bell is seated in game MC 1" in t]
    # Rule 27: she takes her place in the order by surname; rules 14, 44, 148: her start.
    assert "Order of turns (rule 27): Ann Able, Ben Baker, Bea Bell, Cat Cole." in post
    assert "Player: Bea Bell | at Lounge | demerits 0 | brownie points 10" in post
    [welcome] = to(seated, "Bea Bell")
    assert "have added you to the game (ifMUD rule 12" in welcome
    assert "rules/ifmud-nomic/README.md" in welcome
    bea = game.state().player("Bea Bell")
    assert (bea.location, bea.brownie) == ("Lounge", 10)
    assert game.state().servant("Bea Bell").location == "Servants' Quarters"
    assert "Bea Bell" in game.game().order_of_play
    silences = {who: due for kind, who, due in game.open_deadlines() if kind == "chamber-silence"}
    assert silences["Bea Bell"] == admitted_at + timedelta(weeks=1)  # rule 24 from admission
    # She plays: out of turn is refused citing rule 27, her own turn is applied.
    early = game.player("Bea Bell", "end turn")
    everything += early
    assert any("rule 27: it is Ann Able's turn" in t for t in to(early, "Bea Bell"))
    everything += game.player("Ann Able", "end turn")
    everything += game.player("Ben Baker", "end turn")
    played = game.player("Bea Bell", "end turn")
    everything += played
    assert any("Bea Bell played turn 3 of game MC 1" in t for t in lounge(played))
    assert game.state().active == "Cat Cole"
    # Her secret reached nobody.
    assert not any("hush-hush" in text(m) for m in everything)


@pytest.mark.parametrize("counted", [True, False])
def test_rules_24_and_146_a_statement_of_intent_is_a_post_when_sent_and_when_it_takes_effect(
    start: Callable[[str], Game1], counted: bool
) -> None:
    """Sending a statement is a post (rule 23); taking effect is one too, as if posted then
    (rule 146), unless the Speaker set intents_count_as_posts=false."""
    game = start("" if counted else "set intents_count_as_posts=false")
    week = timedelta(weeks=1)

    def silences() -> dict[str | None, object]:
        return {who: due for kind, who, due in game.open_deadlines() if kind == "chamber-silence"}

    game.player("Ben Baker", "In 6 days:\nproposals")
    sent = game.clock()
    game.player("Cat Cole", "In 6 days:\nIf it is my turn:\nproposals")
    cat_sent = game.clock()
    assert silences()["Ben Baker"] == sent + week
    game.clock.now = sent
    game.deadlines(days=6)  # at the moment Ben stated
    assert silences()["Ben Baker"] == (sent + timedelta(days=6) + week if counted else sent + week)
    lapsed = game.deadlines(minutes=5)  # Cat's moment
    # Cat's statement lapsed (it is Ann's turn): it took no effect, so it was no post then.
    assert any("lapsed" in str(m["Subject"]) for m in lapsed)
    assert silences()["Cat Cole"] == cat_sent + week


def test_rule_24_a_two_month_deadline_left_from_before_resigns_nobody_in_an_ifmud_game(
    tmp_path: Path,
) -> None:
    """A game started before ifMUD Nomic named its own silence rule kept Mornington's two
    months for each player; when such a deadline passes, it is closed and nobody resigns."""
    clock = HandClock(START)
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    seed(url, clock, chamber=True)
    engine = make_engine(url)
    factory = sessions(engine)
    with factory.begin() as session:
        old = session.scalars(select(Game)).one()
        long_ago = START - timedelta(days=64)  # its two months fall before the chamber's week
        deadlines.moved(session, old, SEED_PLAYERS[0], long_ago, reminder_lead=timedelta(days=7))
    run_due(factory, harness_settings(), START + timedelta(days=1))  # type: ignore[arg-type]
    with factory() as session:
        old = session.scalars(select(Game)).one()
        seats = {m.status for m in session.scalars(select(Membership))}
        rows = list(session.scalars(select(Deadline).where(Deadline.kind == SILENCE)))
    engine.dispose()
    assert old.status == "running" and seats == {"active"}
    assert [row.closed_at for row in rows] == [START + timedelta(days=1)]


def test_rule_12_a_player_added_by_a_ratified_text_is_seated_as_one_admitted(game: Game1) -> None:
    game.send("bea@example.org", "nomic join Bea Bell")
    # A text adding someone who has not asked could never seat em: refused before the vote.
    refused = game.player(
        "Ann Able", "propose Newcomers [AA]\nadd player Bea Bell\nadd player Zed Zane"
    )
    assert any("Zed Zane has not asked to join game MC 1" in t for t in to(refused, "Ann Able"))
    assert not lounge(refused)
    game.player("Ann Able", "propose Newcomers [AA]\nadd player Bea Bell")
    game.player("Ben Baker", "vote aye Newcomers [AA]")
    game.player("Cat Cole", "vote aye Newcomers [AA]")
    game.player("Ann Able", "ratify Newcomers [AA]")
    agreed_at = game.clock() + timedelta(hours=1)
    enacted = game.deadlines(hours=1, minutes=1)
    posts = lounge(enacted)
    assert any("made: add player Bea Bell" in t for t in posts)
    assert any("Bea Bell is seated in game MC 1" in t for t in posts)
    assert any("have added you to the game" in t for t in to(enacted, "Bea Bell"))
    silences = {who: due for kind, who, due in game.open_deadlines() if kind == "chamber-silence"}
    assert silences["Bea Bell"] == agreed_at + timedelta(weeks=1)
    listed = to(game.player("Bea Bell", "proposals"), "Bea Bell")
    assert any("Bea Bell: 0 demerits, 10 brownie points" in t for t in listed)


def test_rule_33_a_player_who_lost_may_not_be_admitted_again(tmp_path: Path) -> None:
    clock = HandClock(START)
    url = f"sqlite:///{tmp_path / 'lost.sqlite3'}"
    seed(url, clock, chamber=True)
    engine = make_engine(url)
    kind = IfmudNomic(lambda: aware(clock()))
    with sessions(engine).begin() as session:
        old = session.scalars(select(Game)).one()
        gone = SEED_PLAYERS[0]
        old.state = replace(GameState.parse(old.state or ""), lost=(gone,)).render()
        why = IfmudAgreements(kind).refusal(session, old, gone)
        with pytest.raises(CommandError, match="may not rejoin"):
            check_admission(session, old, f"Admit: {gone}", IfmudAgreements(kind))
    engine.dispose()
    assert why is not None and why.startswith(f"{gone} lost and may not rejoin the game")
    assert "ifMUD rule 33" in why


def test_rules_12_and_13_a_player_who_leaves_gives_up_the_seat_and_may_be_admitted_again(
    game: Game1,
) -> None:
    left = lounge(game.player("Cat Cole", "leave"))
    assert any("Cat Cole has left the game (ifMUD rule 13" in t for t in left)
    with game.path.service.factory() as session:
        statuses = {
            name: session.scalars(
                select(Membership.status)
                .join(Player, Player.id == Membership.player_id)
                .where(Player.name == name)
            ).one()
            for name in PEOPLE
        }
    assert statuses == {"Ann Able": "active", "Ben Baker": "active", "Cat Cole": "resigned"}
    assert "Cat Cole" not in game.game().order_of_play
    assert "Cat Cole" not in {p.name for p in game.state().players}
    # Leaving is not losing (rules/ifmud-nomic/readings.md#r13): she may ask and be admitted.
    game.send(address("Cat Cole"), "nomic join Cat Cole")
    game.player("Ann Able", "propose Cat Again [AA]\nAdmit: Cat Cole")
    game.player("Ben Baker", "vote aye Cat Again [AA]")
    game.player("Ann Able", "ratify Cat Again [AA]")
    seated = lounge(game.deadlines(hours=1, minutes=1))
    assert any("Cat Cole is seated in game MC 1" in t for t in seated)
    assert game.state().player("Cat Cole").brownie == 10
