"""The chamber's mail commands (ifMUD rules 10, 13, 32), one small class each, found by their
first word as the buzz words are: ``propose NAME [X]`` with the text below, ``vote aye NAME``,
``vote nay NAME``, ``dead NAME``, ``ratify NAME``, ``passive on|off``, ``leave`` and
``proposals`` (statements of intent, rules 146 and 147, are :mod:`.intents`). Each calls
:func:`referee.service.chamber.act` with one pure transition; what
it changes is posted to the lounge, and a refusal cites the rule and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from referee.chamber import Chamber, Outcome, Vote
from referee.config import Settings
from referee.mail.compose import render
from referee.quoting import excerpt
from referee.service import chamber, dealt, roster, rulebook
from referee.service.commands import Command, Context
from referee.service.enactment import by_kind
from referee.service.notices import Audience, CommandError, Notice, queue_notice
from referee.store import games


class _ChamberCommand(Command):
    needs_game = True
    needs_player = True

    def _act(self, ctx: Context, action: Callable[[Chamber], Outcome]) -> None:
        ctx.notices.extend(
            chamber.act(
                ctx.session,
                ctx.the_game,
                action,
                ctx.now,
                ctx.enactor,
                ctx.timing.turn_reminder,
                inbox_id=ctx.inbox_id,
            )
        )


def _name(arguments: list[str], usage: str) -> str:
    if not arguments:
        raise CommandError(f"name the proposal; write: {usage}")
    return " ".join(arguments)


class Propose(_ChamberCommand):
    name = "propose"
    argument_description = "NAME [YOU], with the proposal's text on the lines below"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        title = _name(arguments, f"{self.name} {self.argument_description}")
        me = ctx.the_player.name
        chamber.check_admission(ctx.session, ctx.the_game, ctx.text, ctx.enactor)
        self._act(ctx, lambda c: c.propose(me, title, ctx.text, ctx.now))
        problems = rulebook.problems_before_the_vote(ctx.session, ctx.the_game, ctx.text)
        if problems:
            ctx.notices.append(
                Notice(
                    "sender.amendments-unread",
                    Audience.poster(),
                    {"proposal": title, "problems": problems},
                    subject=ctx.the_game.tag.subject(f"{title}: amendments to check"),
                )
            )
        return f"{me} proposed {title}"


class CastVote(_ChamberCommand):
    name = "vote"
    argument_description = "aye NAME | nay NAME"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        word = arguments[0].lower() if arguments else ""
        if word not in ("aye", "nay"):
            raise CommandError(
                f"write 'vote aye NAME' or 'vote nay NAME', not 'vote {excerpt(word)}'"
            )
        title = _name(arguments[1:], f"vote {word} NAME")
        me = ctx.the_player.name
        self._act(ctx, lambda c: c.vote(me, title, Vote(word), ctx.now))
        return f"{me} voted {word} on {title}"


class Dead(_ChamberCommand):
    name = "dead"
    argument_description = "NAME"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        title = _name(arguments, f"{self.name} {self.argument_description}")
        me = ctx.the_player.name
        self._act(ctx, lambda c: c.declare_dead(me, title, ctx.now))
        return f"{me} declared {title} dead"


class Ratify(_ChamberCommand):
    name = "ratify"
    argument_description = "NAME"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        title = _name(arguments, f"{self.name} {self.argument_description}")
        me = ctx.the_player.name
        self._act(ctx, lambda c: c.ratify(me, title, ctx.now))
        return f"{me} ratified {title}"


class Passive(_ChamberCommand):
    name = "passive"
    argument_description = "on | off"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        word = arguments[0].lower() if arguments else ""
        if word not in ("on", "off"):
            raise CommandError("write 'passive on' or 'passive off' (ifMUD rule 32)")
        me = ctx.the_player.name
        self._act(ctx, lambda c: c.set_passive(me, word == "on", ctx.now))
        return f"{me}: passive {word}"


class Leave(_ChamberCommand):
    name = "leave"
    argument_description = ""

    def process(self, ctx: Context, arguments: list[str]) -> str:
        me = ctx.the_player.name
        self._act(ctx, lambda c: c.leave(me, ctx.now))
        return f"{me} left the chamber"


class Proposals(_ChamberCommand):
    name = "proposals"
    argument_description = ""
    needs_player = False

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game = ctx.the_game
        lead = ctx.timing.turn_reminder
        ctx.notices.extend(chamber.catch_up(ctx.session, game, ctx.now, ctx.enactor, lead))
        state = chamber.the_chamber(ctx.session, game)
        ctx.notices.append(
            Notice(
                "sender.proposals",
                Audience.poster(),
                {
                    "lines": [chamber.wrapped(line) for line in chamber.listing(state, ctx.now)],
                    "now": f"{ctx.now:%A %d %B %H:%M}",
                },
                subject=game.tag.subject("Proposals"),
            )
        )
        return "listed the proposals"


LEAVING = ((), ("the", "game"))
"""What may follow ``leave`` for the chamber's rule 13: nothing, or "the game"."""


def claims(words: tuple[str, ...] | list[str]) -> bool:
    """Whether a first line is the chamber's command: ``leave`` is only on its own or as
    ``leave the game`` (13), so ``leave the passive turn-takers`` (91) is the game's own
    business and never taken for leaving the game."""
    if not words or words[0].lower().strip("[]:!") != Leave.name:
        return True
    return tuple(w.lower().rstrip(".") for w in words[1:]) in LEAVING


CHAMBER_COMMANDS: dict[str, Command] = {
    c.name: c for c in (Propose(), CastVote(), Dead(), Ratify(), Passive(), Leave(), Proposals())
}


def at_console(
    session: Session,
    settings: Settings,
    number: int,
    player: str | None,
    words: list[str],
    text: str,
    now: datetime,
) -> tuple[str, list[str]]:
    """Run a chamber command at the Speaker's console (``referee chamber ...``): ``open``, or
    a player's command entered for em by name (a vote e posted where the referee did not see
    it). The answers meant for the sender are returned as text; lounge posts and reminders
    are queued in the outbox for ``referee serve`` to deliver."""
    game = games.game_by_number(session, number)
    if game is None:
        raise CommandError(f"there is no game number {number}")
    timing = roster.Timing(timedelta(hours=settings.reminder_lead_hours))
    kinds = dealt.console_kinds(now)
    ctx = Context(
        session=session,
        settings=settings,
        sender=settings.speaker_address or "the operator",
        now=now,
        rng=random.Random(),
        timing=timing,
        game=game,
        text=text,
        kinds=kinds,
        enactor=by_kind(kinds),
    )
    session.refresh(game, with_for_update=True)
    with session.begin_nested():
        if words[:1] == ["open"]:
            ctx.notices.extend(chamber.open_chamber(session, game, now, timing.turn_reminder))
            note = f"opened the chamber of {game.tag}"
        else:
            if player is not None:
                ctx.player = games.player_by_name(session, player)
                if ctx.player is None:
                    raise CommandError(f"there is no player called {player}")
            verb = words[0].lower() if words else ""
            command = CHAMBER_COMMANDS.get(verb)
            if command is None:
                raise CommandError(
                    f"{verb or 'nothing'!r} is not a chamber command; the commands are: "
                    + ", ".join(
                        f"{n} {c.argument_description}".strip() for n, c in CHAMBER_COMMANDS.items()
                    )
                )
            if command.needs_player and ctx.player is None:
                raise CommandError(f"name the player who '{excerpt(verb)}' is for: --as NAME")
            note = command.process(ctx, words[1:])
    answers = []
    for notice in ctx.notices:
        if notice.reply:
            answers.append(
                render(
                    notice.template, game=str(game.tag), attachments=[], sender="", **notice.values
                )
            )
        else:
            queue_notice(session, settings, notice, now, game=game.tag)
    return note, answers
