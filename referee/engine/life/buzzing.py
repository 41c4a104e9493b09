"""Buzzing and judgment as a state machine (section 1.16).

Rule 1.16.1 - One Good Turn: a turn stands as Legal, Questionable, Illegal or Mistimed; play
waits while the latest turn is not Legal, and an Illegal turn takes every later turn with it.
Rule 1.16.2 - Buzzing: another player may buzz a turn, with a reason, while no more than three
turns have followed it; the buzzer may withdraw at any time; one open buzz per game.
Rule 1.16.3 - Questionable Turns: the buzzed player concedes or contests within 36 hours
(silence concedes); then the buzzer concedes or contests the defence within 36 hours (silence
makes the turn Legal); a contested defence goes to judgment.
Rule 1.16.4 - Prepare to be Judged: a referee is drawn at random among the active players
other than the two; one who declines or stays silent three days is replaced by another draw;
with nobody left the game is on hold; the referee's verdict binds.

Every transition is a pure function returning a new :class:`Buzz`; a step that the rules do
not allow raises :class:`BuzzError` naming the rule and what the player can do instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from referee.engine.drone import is_drone
from referee.engine.life.deadlines import VANILLA_DEADLINES, DeadlinePolicy

BUZZ_WINDOW = 3
"""Rule 1.16.2: a turn may be buzzed while at most this many turns have followed it."""


class TurnStanding(StrEnum):
    """The four standings of a turn (rule 1.16.1)."""

    LEGAL = "Legal"
    QUESTIONABLE = "Questionable"
    ILLEGAL = "Illegal"
    MISTIMED = "Mistimed"


class Stage(StrEnum):
    """Where a buzz stands: four open stages and three ways to close."""

    DEFENCE_DUE = "awaiting the buzzed player's concession or defence"
    REPLY_DUE = "awaiting the buzzer's concession or contest of the defence"
    JUDGMENT_DUE = "awaiting the referee's judgment"
    ON_HOLD = "on hold until a referee is available"
    WITHDRAWN = "withdrawn by the buzzer"
    UPHELD = "upheld: the turn is Illegal"
    DISMISSED = "dismissed: the turn is Legal"

    @property
    def is_open(self) -> bool:
        return self in _OPEN


_OPEN = frozenset({Stage.DEFENCE_DUE, Stage.REPLY_DUE, Stage.JUDGMENT_DUE, Stage.ON_HOLD})


class BuzzError(ValueError):
    """A buzz step the rules do not allow, with the rule that forbids it."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} (rule {rule})")


@dataclass(frozen=True)
class Step:
    """One thing that happened to a buzz, for the thread and the archive."""

    at: datetime
    actor: str
    what: str


@dataclass(frozen=True)
class Buzz:
    """A buzz of one turn, from the buzz until it closes."""

    turn: int
    buzzed: str
    buzzer: str
    reason: str
    stage: Stage
    due: datetime | None
    referee: str | None = None
    excused: frozenset[str] = frozenset()
    steps: tuple[Step, ...] = ()

    @property
    def standing(self) -> TurnStanding:
        """The buzzed turn's standing now (rules 1.16.1 to 1.16.3)."""
        if self.stage.is_open:
            return TurnStanding.QUESTIONABLE
        return TurnStanding.ILLEGAL if self.stage is Stage.UPHELD else TurnStanding.LEGAL

    @property
    def owed_by(self) -> str | None:
        """Who must act next, so reminders go to that player alone."""
        return {
            Stage.DEFENCE_DUE: self.buzzed,
            Stage.REPLY_DUE: self.buzzer,
            Stage.JUDGMENT_DUE: self.referee,
        }.get(self.stage)

    def _moved(
        self, stage: Stage, at: datetime, actor: str, what: str, due: datetime | None
    ) -> Buzz:
        step = Step(at=at, actor=actor, what=what)
        return replace(self, stage=stage, due=due, steps=(*self.steps, step))


def open_buzz(
    *,
    turn: int,
    buzzed: str,
    buzzer: str,
    reason: str,
    turns_since: int,
    open_in_game: Buzz | None,
    now: datetime,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Buzz:
    """Buzz ``turn`` (rule 1.16.2); the turn becomes Questionable and the defence falls due."""
    if open_in_game is not None and open_in_game.stage.is_open:
        raise BuzzError(
            "1.16.2",
            f"turn {open_in_game.turn} is already Questionable; no other buzz can be made "
            "in this game until it is settled",
        )
    if buzzer.casefold() == buzzed.casefold():
        raise BuzzError("1.16.2", "a player cannot buzz eir own turn; take it back instead (1.3.3)")
    if turns_since > BUZZ_WINDOW:
        raise BuzzError(
            "1.16.2",
            f"turn {turn} has been followed by {turns_since} turns; a turn can be buzzed only "
            f"while at most {BUZZ_WINDOW} have followed it",
        )
    if not reason.strip():
        raise BuzzError("1.16.2", "a buzz must say what is wrong with the turn")
    buzz = Buzz(
        turn=turn,
        buzzed=buzzed,
        buzzer=buzzer,
        reason=reason.strip(),
        stage=Stage.DEFENCE_DUE,
        due=policy.buzz_step_due(now),
    )
    return replace(buzz, steps=(Step(now, buzzer, f"buzzed turn {turn}: {buzz.reason}"),))


def _require_open(buzz: Buzz) -> None:
    if not buzz.stage.is_open:
        raise BuzzError("1.16.1", f"the buzz of turn {buzz.turn} is already {buzz.stage.value}")


def withdraw(buzz: Buzz, by: str, now: datetime) -> Buzz:
    """The buzzer withdraws; the turn is Legal again (rule 1.16.2)."""
    _require_open(buzz)
    if by != buzz.buzzer:
        raise BuzzError("1.16.2", f"only {buzz.buzzer}, who made the buzz, can withdraw it")
    return buzz._moved(Stage.WITHDRAWN, now, by, "withdrew the buzz", due=None)


def concede(buzz: Buzz, by: str, now: datetime) -> Buzz:
    """Concede the current step (rule 1.16.3): the buzzed player's turn falls, or the buzz does."""
    if buzz.stage is Stage.DEFENCE_DUE and by == buzz.buzzed:
        return buzz._moved(Stage.UPHELD, now, by, "conceded the buzz", due=None)
    if buzz.stage is Stage.REPLY_DUE and by == buzz.buzzer:
        return buzz._moved(Stage.DISMISSED, now, by, "conceded the defence", due=None)
    raise _not_your_step(buzz, by, "concede")


def contest(
    buzz: Buzz,
    by: str,
    now: datetime,
    *,
    active_players: Sequence[str],
    rng: random.Random,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Buzz:
    """Contest the current step (rule 1.16.3); a contested defence goes to judgment (1.16.4)."""
    if buzz.stage is Stage.DEFENCE_DUE and by == buzz.buzzed:
        return buzz._moved(
            Stage.REPLY_DUE, now, by, "contested the buzz", due=policy.buzz_step_due(now)
        )
    if buzz.stage is Stage.REPLY_DUE and by == buzz.buzzer:
        contested = buzz._moved(Stage.JUDGMENT_DUE, now, by, "contested the defence", due=None)
        return _draw_referee(contested, now, active_players, rng, policy)
    raise _not_your_step(buzz, by, "contest")


def referee_candidates(buzz: Buzz, active_players: Sequence[str]) -> list[str]:
    """Who may still be drawn to judge (rule 1.16.4): not the two parties, not the Drone."""
    barred = {buzz.buzzed, buzz.buzzer, *buzz.excused}
    return [p for p in active_players if p not in barred and not is_drone(p)]


def _draw_referee(
    buzz: Buzz,
    now: datetime,
    active_players: Sequence[str],
    rng: random.Random,
    policy: DeadlinePolicy,
) -> Buzz:
    candidates = referee_candidates(buzz, active_players)
    if not candidates:
        unjudged = replace(buzz, referee=None)
        return unjudged._moved(Stage.ON_HOLD, now, "referee", "no referee is available", due=None)
    chosen = rng.choice(candidates)
    drawn = replace(buzz, referee=chosen)
    return drawn._moved(
        Stage.JUDGMENT_DUE, now, "referee", f"drew {chosen} to judge", due=policy.judgment_due(now)
    )


def decline(
    buzz: Buzz,
    by: str,
    now: datetime,
    *,
    active_players: Sequence[str],
    rng: random.Random,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Buzz:
    """The drawn referee declines; another is drawn (rule 1.16.4)."""
    if buzz.stage is not Stage.JUDGMENT_DUE or by != buzz.referee:
        raise _not_your_step(buzz, by, "decline to judge")
    excused = replace(buzz, excused=buzz.excused | {by})
    declined = excused._moved(Stage.JUDGMENT_DUE, now, by, "declined to judge", due=None)
    return _draw_referee(declined, now, active_players, rng, policy)


def resume(
    buzz: Buzz,
    now: datetime,
    *,
    active_players: Sequence[str],
    rng: random.Random,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Buzz:
    """Try again to draw a referee for a buzz on hold (rule 1.16.4)."""
    if buzz.stage is not Stage.ON_HOLD:
        return buzz
    return _draw_referee(buzz, now, active_players, rng, policy)


def judge(buzz: Buzz, by: str, now: datetime, *, legal: bool) -> Buzz:
    """The referee's binding verdict (rule 1.16.4)."""
    if buzz.stage is not Stage.JUDGMENT_DUE or by != buzz.referee:
        raise _not_your_step(buzz, by, "judge")
    if legal:
        return buzz._moved(Stage.DISMISSED, now, by, "judged the turn Legal", due=None)
    return buzz._moved(Stage.UPHELD, now, by, "judged the turn Illegal", due=None)


def expire(
    buzz: Buzz,
    now: datetime,
    *,
    active_players: Sequence[str],
    rng: random.Random,
    policy: DeadlinePolicy = VANILLA_DEADLINES,
) -> Buzz:
    """Apply what silence means once a deadline has passed (rules 1.16.3 and 1.16.4)."""
    if buzz.due is None or now < buzz.due:
        return buzz
    if buzz.stage is Stage.DEFENCE_DUE:
        return buzz._moved(Stage.UPHELD, now, buzz.buzzed, "did not answer in time", due=None)
    if buzz.stage is Stage.REPLY_DUE:
        return buzz._moved(Stage.DISMISSED, now, buzz.buzzer, "did not answer in time", due=None)
    if buzz.stage is Stage.JUDGMENT_DUE and buzz.referee is not None:
        excused = replace(buzz, excused=buzz.excused | {buzz.referee})
        silent = excused._moved(
            Stage.JUDGMENT_DUE, now, buzz.referee, "passed no judgment in three days", due=None
        )
        return _draw_referee(silent, now, active_players, rng, policy)
    return buzz


def _not_your_step(buzz: Buzz, by: str, verb: str) -> BuzzError:
    if not buzz.stage.is_open:
        return BuzzError("1.16.1", f"the buzz of turn {buzz.turn} is already {buzz.stage.value}")
    owed = buzz.owed_by
    if owed is None:
        return BuzzError("1.16.4", f"{by} cannot {verb} now: the buzz is {buzz.stage.value}")
    return BuzzError(
        "1.16.4" if buzz.stage is Stage.JUDGMENT_DUE else "1.16.3",
        f"{by} cannot {verb} now: the buzz of turn {buzz.turn} is {buzz.stage.value} from {owed}",
    )


def standings(turn_count: int, buzz: Buzz | None) -> list[TurnStanding]:
    """The standing of turns 1..turn_count given the game's latest buzz (rule 1.16.1).

    Turns after a Questionable turn are Mistimed; an Illegal turn and every turn after it
    are Illegal, to be replayed away from the last Legal turn.
    """
    result = [TurnStanding.LEGAL] * turn_count
    if buzz is None or buzz.standing is TurnStanding.LEGAL:
        return result
    for index in range(buzz.turn - 1, turn_count):
        later = index >= buzz.turn
        if buzz.standing is TurnStanding.ILLEGAL:
            result[index] = TurnStanding.ILLEGAL
        else:
            result[index] = TurnStanding.MISTIMED if later else TurnStanding.QUESTIONABLE
    return result
