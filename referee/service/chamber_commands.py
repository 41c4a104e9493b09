"""The chamber's mail commands (ifMUD rules 10, 13, 32), one small class each, found by their
first word as the buzz words are: ``propose NAME [X]`` with the text below, ``vote aye NAME``,
``vote nay NAME``, ``dead NAME``, ``ratify NAME``, ``passive on|off``, ``leave`` and
``proposals``. Each calls :func:`referee.service.chamber.act` with one pure transition; what
it changes is posted to the lounge, and a refusal cites the rule and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.chamber import Chamber, Outcome, Vote
from referee.service import chamber
from referee.service.commands import Command, Context
from referee.service.notices import Audience, CommandError, Notice


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
        self._act(ctx, lambda c: c.propose(me, title, ctx.text, ctx.now))
        return f"{me} proposed {title}"


class CastVote(_ChamberCommand):
    name = "vote"
    argument_description = "aye NAME | nay NAME"

    def process(self, ctx: Context, arguments: list[str]) -> str:
        word = arguments[0].lower() if arguments else ""
        if word not in ("aye", "nay"):
            raise CommandError(f"write 'vote aye NAME' or 'vote nay NAME', not 'vote {word}'")
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

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game = ctx.the_game
        lead = ctx.timing.turn_reminder
        ctx.notices.extend(chamber.catch_up(ctx.session, game, ctx.now, ctx.enactor, lead))
        state = chamber.the_chamber(ctx.session, game)
        ctx.notices.append(
            Notice(
                "sender.proposals",
                Audience.poster(),
                {"lines": chamber.listing(state, ctx.now), "now": f"{ctx.now:%A %d %B %H:%M}"},
                subject=f"[MC {game.number}] Proposals",
            )
        )
        return "listed the proposals"


CHAMBER_COMMANDS: dict[str, Command] = {
    c.name: c for c in (Propose(), CastVote(), Dead(), Ratify(), Passive(), Leave(), Proposals())
}
