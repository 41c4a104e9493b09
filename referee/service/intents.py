"""Statements of intent kept as deadlines and carried out when they fall due (ifMUD rules 146
and 147), for every kind of game.

A message whose first line says when (``At 2026-11-26 18:00:`` or ``In 3 hours:``), perhaps
followed by ``If <condition>:``, is read by :func:`post` and stored as a deadline of kind
``intent`` owed by its player, with the message it came in. When the deadline runner reaches
it, :func:`carry_out` judges the condition on the game as it then stands and, if it holds,
hands the posting to the same classification chain as if the player had sent it at that
moment, from the message it came in: its answers go where that message's answers would have
gone (the lounge for list mail, the sender for direct mail). ``intents`` lists a player's own
waiting statements and ``intent cancel N`` withdraws one. The readings are
rules/ifmud-nomic/readings.md#r146 and rules/ifmud-nomic/readings.md#r147.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.chamber import ChamberError, cite
from referee.chamber.intents import Ask, Facts, Statement, holds, is_statement
from referee.config import Settings
from referee.games import Kinds
from referee.quoting import excerpt
from referee.service import chamber, roster
from referee.service.chain import Handling, Rule, Work, read_letter, run_chain
from referee.service.commands import Command, Context, words_of
from referee.service.enactment import Enactor
from referee.service.game_view import view_of
from referee.service.notices import Audience, CommandError, Notice
from referee.store import games
from referee.store.models import Deadline, Game, InboxMessage, Membership
from referee.store.status import InboxStatus

log = logging.getLogger(__name__)

INTENT = "intent"
"""The kind of deadline a statement of intent is kept as."""

_NOT_CARRIED = ("intent", "intents", "speaker")


def _when(moment: datetime) -> str:
    return f"{moment:%A %d %B %Y %H:%M} UTC"


def _notice(game: Game, title: str, lines: list[str]) -> Notice:
    return Notice(
        "sender.intent",
        Audience.poster(),
        {"lines": [chamber.wrapped(line) for line in lines]},
        subject=game.tag.subject(title),
    )


def post(work: Work) -> Handling:
    """Store the statement ``work``'s message makes, or raise :class:`ChamberError` (nothing
    stored) saying what to fix: a time already past, an unreadable condition, a posting that
    is itself a statement or a Speaker's command, a condition on proposals without a chamber."""
    game, player = work.the_game, work.the_player
    statement = Statement.parse(work.letter.text)
    due = statement.when.due(work.now)
    if due <= work.now:
        raise ChamberError(
            146,
            f"{_when(due)} is not after now ({_when(work.now)}): a statement of intent must "
            "say a time still to come",
        )
    verb = words_of(statement.posting)[0].lower().strip("[]:!")
    if verb in _NOT_CARRIED or is_statement(statement.posting):
        raise ChamberError(
            146,
            f"a statement of intent cannot carry '{excerpt(verb)}': post that command itself",
        )
    condition = statement.condition
    if (
        condition is not None
        and condition.test in (Ask.PROPOSAL, Ask.VOTED)
        and not chamber.is_open(work.session, game)
    ):
        raise ChamberError(147, f"game {game.tag} has no chamber, so no proposals")
    inbound = work.letter.inbound
    row = Deadline(
        game_id=game.id,
        kind=INTENT,
        owed_by=player.name,
        due=due,
        payload={
            "inbox": work.row.id,
            "statement": statement.render(),
            "posting": statement.posting,
            "sender": inbound.sender,
            "via_list": work.via_list,
        },
        created_at=work.now,
    )
    work.session.add(row)
    work.session.flush()
    lines = [
        f"{player.name}'s statement of intent {row.id} is stored ({cite(146)}): it takes "
        f"effect at {_when(due)}, as if {player.name} posted it then"
        + (
            f", on the condition 'If {condition.render()}:' ({cite(147)}); if that does not "
            "hold then, it lapses."
            if condition is not None
            else "."
        ),
        "",
        *statement.posting.splitlines(),
        "",
        (
            f"To withdraw it before then, write 'intent cancel {row.id}'"
            if chamber.settings_of(game).intents_may_be_withdrawn
            else "It stands once posted (setting intents_may_be_withdrawn=false)"
        )
        + "; 'intents' lists yours.",
    ]
    work.send(_notice(game, f"Statement of intent {row.id} stored", lines))
    return work.finish(
        InboxStatus.DONE, f"{player.name} stated intent {row.id} for {due:%Y-%m-%d %H:%M}"
    )


def _waiting(session: Session, game: Game, player: str) -> list[Deadline]:
    return list(
        session.scalars(
            select(Deadline)
            .where(
                Deadline.game_id == game.id,
                Deadline.kind == INTENT,
                Deadline.owed_by == player,
                Deadline.closed_at.is_(None),
                Deadline.passed_at.is_(None),
            )
            .order_by(Deadline.due, Deadline.id)
        )
    )


class CancelIntent(Command):
    name = "intent"
    argument_description = "cancel N"
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        words = [a.lower() for a in arguments]
        if len(words) != 2 or words[0] != "cancel" or not words[1].isdigit():
            raise CommandError(
                "write 'intent cancel N' to withdraw statement N, or begin a statement with "
                f"'At 2026-11-26 18:00:' or 'In 3 hours:' ({cite(146)})"
            )
        number, me, game = int(words[1]), ctx.the_player.name, ctx.the_game
        if not chamber.settings_of(game).intents_may_be_withdrawn:
            raise CommandError(
                f"in game {game.tag} a statement of intent stands once posted: the "
                f"Speaker set intents_may_be_withdrawn=false ({cite(146)})"
            )
        row = next((r for r in _waiting(ctx.session, game, me) if r.id == number), None)
        if row is None:
            raise CommandError(
                f"you have no statement of intent {number} waiting in game {game.tag}; "
                "'intents' lists yours"
            )
        row.closed_at = ctx.now
        row.payload = {**row.payload, "outcome": "cancelled"}
        lines = [
            f"{me}'s statement of intent {number}, due at {_when(row.due)}, is withdrawn and "
            "will not take effect:",
            "",
            *str(row.payload["posting"]).splitlines(),
        ]
        ctx.notices.append(_notice(game, f"Statement of intent {number} withdrawn", lines))
        return f"{me} withdrew intent {number}"


class ListIntents(Command):
    name = "intents"
    argument_description = ""
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        me, game = ctx.the_player.name, ctx.the_game
        rows = _waiting(ctx.session, game, me)
        lines = [f"{me}'s statements of intent waiting in game {game.tag} ({cite(146)}):"]
        if not rows:
            lines.append("None.")
        for row in rows:
            lines += [
                "",
                f"{row.id}, due at {_when(row.due)}:",
                *str(row.payload["statement"]).splitlines(),
            ]
        ctx.notices.append(_notice(game, "Your statements of intent", lines))
        return f"listed {len(rows)} intent(s) of {me}"


INTENT_COMMANDS: dict[str, Command] = {c.name: c for c in (CancelIntent(), ListIntents())}


def _facts(work: Work, name: str) -> Facts:
    session, game = work.session, work.the_game
    owed = work.kinds.judging(game.kind).owed(view_of(session, game))
    proposals = None
    if chamber.is_open(session, game):
        proposals = {
            p.name.key: (p.standing, frozenset(voter for voter, _ in p.votes))
            for p in chamber.the_chamber(session, game).proposals
        }
    return Facts(
        player=name,
        turns_played=game.turn_number,
        owes_turn=any(o.owed_by == name for o in owed),
        proposals=proposals,
    )


def carry_out(
    session: Session,
    settings: Settings,
    kinds: Kinds,
    game: Game,
    row: Deadline,
    now: datetime,
    *,
    rng: random.Random,
    timing: roster.Timing,
    enactor: Enactor,
    chain: Sequence[Rule],
) -> None:
    """Carry out the statement of intent ``row`` at ``now`` (the runner's clock): judge its
    condition on the game as it stands, then hand its posting to ``chain`` (the rules after
    the player is identified) as if the player had posted it now, in the message it came in.
    What was done is kept in the deadline's payload; the player is always answered."""
    payload = row.payload
    inbox = session.get(InboxMessage, int(str(payload["inbox"])))
    player = games.player_by_name(session, row.owed_by or "")
    if inbox is None or player is None:
        row.payload = {**payload, "outcome": "lapsed: its message or player is gone"}
        return
    letter = read_letter(
        inbox.id, inbox.raw, rcpt_tos=inbox.rcpt_tos, mail_from=inbox.mail_from, source=inbox.source
    )
    posting = str(payload["posting"])
    letter = replace(
        letter,
        inbound=replace(letter.inbound, sender=str(payload["sender"]), turn_text=posting),
        words=tuple(words_of(posting)),
    )
    work = Work(
        letter=letter,
        session=session,
        settings=settings,
        kinds=kinds,
        now=now,
        rng=rng,
        timing=timing,
        row=inbox,
        game=game,
        player=player,
        via_list=bool(payload.get("via_list")),
        enactor=enactor,
        deferred=True,
    )
    heading = f"{player.name}'s statement of intent {row.id}, due at {_when(row.due)}"
    seated = session.scalar(
        select(Membership.status).where(
            Membership.game_id == game.id, Membership.player_id == player.id
        )
    )
    if seated != "active":
        return _lapse(work, row, heading, f"{player.name} is no longer seated in the game")
    if chamber.is_open(session, game):
        work.send_all(chamber.catch_up(session, game, now, enactor, timing.turn_reminder))
    statement = Statement.parse(str(payload["statement"]))
    if statement.condition is not None:
        met, found = holds(statement.condition, _facts(work, player.name))
        if not met:
            return _lapse(
                work,
                row,
                heading,
                f"its condition 'If {statement.condition.render()}:' did "
                f"not hold at {_when(now)}: {found} ({cite(147)})",
            )
    try:
        with session.begin_nested():
            handling = run_chain(chain, work)
    except Exception:
        log.exception("intent %s: the posting could not be carried out", row.id)
        return _lapse(work, row, heading, "the referee failed while carrying it out")
    row.payload = {**payload, "outcome": "; ".join(handling.notes) or "done"}


def _lapse(work: Work, row: Deadline, heading: str, why: str) -> None:
    posting = str(row.payload["posting"])
    lines = [f"{heading}, has lapsed and changed nothing: {why}.", "", *posting.splitlines()]
    work.send(_notice(work.the_game, f"Statement of intent {row.id} lapsed", lines))
    row.payload = {**row.payload, "outcome": f"lapsed: {why}"}
