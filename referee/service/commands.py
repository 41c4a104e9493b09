"""Mail commands, one small class each (as Mailman 3's ``commands/``), found by name.

A message whose first word is ``speaker`` or ``nomic`` is a command: ``speaker new-game ...``
from the Speaker's address with the Speaker's secret, ``nomic join ...`` and the rest from
players. Each command has a ``name``, an ``argument_description`` (quoted back when it is
misused) and a ``process`` that calls one use case and collects the notices to send.
"""

from __future__ import annotations

import hmac
import random
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.engine import amended
from referee.engine.fair_dice import commitment
from referee.games import MORNINGTON, GameKind, Kinds, read_tag
from referee.quoting import excerpt
from referee.service import (
    admission,
    buzzes,
    chamber,
    dealt,
    game_dice,
    proof,
    roster,
    rulebook,
    seats,
    speaker,
)
from referee.service.enactment import Enactor, RecordOnly, by_kind
from referee.service.game_view import view_of
from referee.service.notices import Audience, CommandError, Notice
from referee.service.rulebook import RulebookEnactor
from referee.store.models import Game, Player
from referee.store.status import GameStatus


@dataclass
class Context:
    """What a command may use: the transaction, who sent it, the clock and chance."""

    session: Session
    settings: Settings
    sender: str
    now: datetime
    rng: random.Random
    timing: roster.Timing
    game: Game | None = None
    player: Player | None = None
    secret: str | None = None
    subject: str = ""
    thread: str | None = None
    text: str = ""
    """What the message says below the command's line (a proposal's text)."""
    inbox_id: int | None = None
    enactor: Enactor = field(default_factory=lambda: RulebookEnactor(RecordOnly()))
    """What a proposal taking effect does to the game's rules (:mod:`.enactment`)."""
    notices: list[Notice] = field(default_factory=list)
    kinds: Kinds = field(default_factory=Kinds)
    """The kinds of game this referee hosts (``speaker new-game LOUNGE KIND``)."""

    def kind_of(self, game: Game) -> GameKind | None:
        """The kind of ``game`` when its state is dealt at start (the seam's own path,
        ``dealt.py``); None for Mornington Nomic, whose GSD ``speaker.py`` edits."""
        return dealt.kind_of(self.kinds, game)

    def answer(self, template: str, **values: object) -> None:
        """Answer the sender in the thread of their message."""
        self.notices.append(Notice(template, Audience.sender(self.sender), values))

    def answer_where_asked(self, template: str, **values: object) -> None:
        """Answer in the lounge when the message came through it, else privately: for answers
        that hold no secret, since a private answer to list mail is never sent."""
        self.notices.append(Notice(template, Audience.poster(self.sender), values))

    @property
    def the_game(self) -> Game:
        """The game a command with ``needs_game`` acts on (checked by :func:`run`)."""
        if self.game is None:
            raise CommandError("this command is about a game: send it to the game's lounge")
        return self.game

    @property
    def the_player(self) -> Player:
        """The player a command with ``needs_player`` acts for (checked by :func:`run`)."""
        if self.player is None:
            raise CommandError("only a player seated in the game may send this command")
        return self.player


class Command:
    """One mail command: its name, what its arguments are, what it needs, and what it does.

    ``needs_game``, ``needs_player`` and ``mornington_step`` are the command's
    preconditions, checked by :func:`run` before ``process`` is called: a command that needs a
    player is never run for a message whose sender the classification chain did not identify,
    and a step only Mornington Nomic has is refused, in one sentence, in a game of another kind.
    """

    name: ClassVar[str]
    argument_description: ClassVar[str]
    needs_game: ClassVar[bool] = False
    needs_player: ClassVar[bool] = False
    mornington_step: ClassVar[str] = ""
    """The step, by rule, when only a Mornington Nomic game has it (needs ``needs_game``)."""
    instead: ClassVar[str] = ""
    """What a game of another kind has in place of ``mornington_step``."""
    mornington_only: ClassVar[bool] = False
    """Only Mornington Nomic has it, checked in ``process`` (so ``nomic help`` leaves it out
    for other kinds); a ``mornington_step`` says so too."""
    help_usage: ClassVar[str | None] = None
    """How ``nomic help`` writes the arguments, when not as ``argument_description``."""

    def process(self, ctx: Context, arguments: list[str]) -> str:
        """Do the command; return a note for the inbox. Raise CommandError to refuse it."""
        raise NotImplementedError


_LATE = "a late player keeps the turn, is reminded, and after two months of silence is resigned"
_CHECKED = "the referee checks every move before it is applied, so there is nothing to buzz"


def _mornington_only(ctx: Context, game: Game, what: str, instead: str = _LATE) -> None:
    """Refuse a Mornington Nomic step in a game of another kind, saying what it has instead."""
    kind = ctx.kind_of(game)
    if kind is not None:
        raise CommandError(
            f"{what} is a rule of Mornington Nomic; game {game.tag} is {kind.title}, "
            f"which has none: {instead}"
        )


def _number(text: str) -> int:
    """A game's number, written bare or after any kind's tag (``12``, ``MC12``, ``ODL 12``)."""
    digits = text.strip()
    tag = read_tag(f"[{digits}]")
    if tag is not None:
        return tag.number
    if not digits.isdigit():
        raise CommandError(f"{excerpt(text)!r} is not a game number; write e.g. 12 or MC12")
    return int(digits)


def _need(arguments: list[str], count: int, usage: str) -> None:
    if len(arguments) < count:
        raise CommandError(f"missing arguments; write: {usage}")


class NewGame(Command):
    name = "new-game"
    argument_description = (
        "LOUNGE [normal | special VARIANT ...] [set NAME=VALUE ...] [buzz-mode=players], "
        "or LOUNGE KIND for another kind of game (one-day-in-london, ifmud-nomic)"
    )

    def process(self, ctx: Context, arguments: list[str]) -> str:
        _need(arguments, 1, f"speaker {self.name} {self.argument_description}")
        lounge, rest = arguments[0], arguments[1:]
        if rest and rest[0].lower() in ctx.kinds and rest[0].lower() != MORNINGTON:
            return self._dealt(ctx, lounge, ctx.kinds.find(rest[0].lower()), rest[1:])
        settings, words = [], []
        for word in rest:
            if "=" in word:
                settings.append(word.strip(","))
            elif word.lower() != "set":
                words.append(word)
        kind = words[0].lower() if words else "normal"
        variants = tuple(w.strip(",") for w in words[1:] if w.strip(","))
        if kind not in {"normal", "special"} or (kind == "normal" and variants):
            others = ", ".join(name for name in sorted(ctx.kinds) if name != MORNINGTON)
            raise CommandError(
                "write 'normal', or 'special' followed by the variants' names, then any "
                "settings as 'set NAME=VALUE'"
                + (f"; or, for another kind of game, its name: {others}" if others else "")
            )
        if kind == "special" and not variants:
            raise CommandError("a Special Rules game names its variants (rule 1.1.2)")
        game = speaker.new_game(
            ctx.session, lounge, ctx.now, ctx.rng, variants=variants, settings=tuple(settings)
        )
        ctx.game = game
        shown = shown_settings(game)
        ctx.answer(
            "speaker.game-created",
            number=game.number,
            tag=str(game.tag),
            lounge=game.lounge_address,
            ruleset=game.ruleset,
            variants=game.variants,
            buzz_mode=game.buzz_mode,
            gsd=game.state,
            **shown,
        )
        ctx.notices.append(
            Notice(
                "lounge.game-created",
                Audience.lounge(game.lounge_address),
                {
                    "number": game.number,
                    "tag": str(game.tag),
                    "gsd": game.state,
                    "speaker": ctx.settings.speaker_address,
                    **shown,
                },
                subject=game.tag.subject("A new game"),
            )
        )
        return f"created game {game.tag}"

    def _dealt(self, ctx: Context, lounge: str, kind: GameKind, rest: list[str]) -> str:
        words = [word.strip(",") for word in rest if word.lower() != "set" and word.strip(",")]
        plain = [word for word in words if "=" not in word]
        if plain:
            raise CommandError(
                f"a game of {kind.title} takes no variants; write 'speaker {self.name} LOUNGE "
                f"{kind.name} [set NAME=VALUE ...]' (you wrote {' '.join(plain)!r})"
            )
        game = dealt.new_game(ctx.session, lounge, ctx.now, ctx.rng, kind, words)
        ctx.game = game
        ctx.notices.extend(dealt.created(game, kind, ctx.settings.speaker_address))
        return f"created game {game.tag} of {kind.title}"


def shown_settings(game: Game) -> dict[str, object]:
    """What a post about ``game`` shows of its settings and dice: the settings that differ
    from the defaults, and the SHA-256 of the dice seed (never the seed: it stays secret
    until the game ends)."""
    seed = game_dice.seed_of(game)
    return {
        "changed": game_dice.settings_of(game).changed().lines(),
        "commitment": commitment(seed) if seed is not None else "",
    }


class ShowSettings(Command):
    """Every setting of a game with its value, for a player or the Speaker to see; asked in
    the lounge, it is answered there (settings are public: every posted state shows them)."""

    name = "settings"
    argument_description = "GAME (for the Speaker; a player writes to the game)"
    help_usage = ""

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game = ctx.game
        if len(arguments) > 1:  # a stored setting never changes (README: Settings per game)
            raise CommandError(
                "a game's settings are fixed when the game is created, so no game changes "
                f"under way; write: {self.name} {self.argument_description}"
            )
        if arguments:
            game = speaker.find(ctx.session, _number(arguments[0]))
        if game is None:
            raise CommandError(f"name the game: {self.name} {self.argument_description}")
        ctx.game = game
        kind = ctx.kind_of(game)
        if kind is not None:
            ctx.answer_where_asked(
                "sender.dealt-game-settings",
                number=game.number,
                tag=str(game.tag),
                title=kind.title,
                kind=kind.name,
                lines=dealt.settings_lines(kind, game),
                commitment=commitment(bytes.fromhex(game.dice_seed)) if game.dice_seed else "",
            )
            return f"listed the settings of {game.tag}"
        ctx.answer_where_asked(
            "sender.game-settings",
            number=game.number,
            tag=str(game.tag),
            lines=game_dice.settings_of(game).full().lines(),
            **shown_settings(game),
        )
        return f"listed the settings of {game.tag}"


class ShowRules(Command):
    """A game's rules as versions, for a player or the Speaker: ``rules`` (the version in
    force), ``rules N`` (version N) or ``rules diff A B`` (what changed between two); asked in
    the lounge, answered there, as the rules are public."""

    name = "rules"
    argument_description = "[N | diff A B]"
    needs_game = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        return self.show(ctx, ctx.the_game, arguments)

    def show(self, ctx: Context, game: Game, arguments: list[str]) -> str:
        ctx.game = game
        words = [w.lower() for w in arguments]
        if words[:1] == ["diff"]:
            if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
                raise CommandError(f"write: {self.name} diff A B, with two version numbers")
            older, newer = (rulebook.version_of(ctx.session, game, int(w)) for w in words[1:])
            text = amended.diff(older, newer)
            what = f"the differences between versions {older.number} and {newer.number}"
        elif len(words) <= 1 and all(w.isdigit() for w in words):
            version = rulebook.version_of(ctx.session, game, int(words[0]) if words else None)
            text = amended.show(version)
            what = f"version {version.number}"
        else:
            raise CommandError(f"write: {self.name} {self.argument_description}")
        ctx.answer_where_asked(
            "sender.game-rules",
            number=game.number,
            tag=str(game.tag),
            what=what,
            text=text.rstrip("\n"),
        )
        return f"sent {what} of {game.tag}'s rules"


class SpeakerShowRules(ShowRules):
    """The Speaker's ``rules``: the game is named first, as in every Speaker command."""

    argument_description = "GAME [N | diff A B]"
    needs_game = False

    def process(self, ctx: Context, arguments: list[str]) -> str:
        _need(arguments, 1, f"speaker {self.name} {self.argument_description}")
        game = speaker.find(ctx.session, _number(arguments[0]))
        return self.show(ctx, game, arguments[1:])


class _OnGame(Command):
    usage_tail: ClassVar[str] = ""

    def process(self, ctx: Context, arguments: list[str]) -> str:
        _need(arguments, 1, f"speaker {self.name} {self.argument_description}")
        game = speaker.find(ctx.session, _number(arguments[0]))
        ctx.game = game
        ctx.notices.extend(self.act(ctx, game, arguments[1:]))
        ctx.answer(
            "speaker.done",
            command=self.name,
            number=game.number,
            tag=str(game.tag),
            status=game.status,
        )
        return f"speaker {self.name} {game.tag}"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        raise NotImplementedError


class Approve(_OnGame):
    name = "approve"
    argument_description = "GAME PLAYER"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        _need(rest, 1, f"speaker {self.name} {self.argument_description}")
        kind = ctx.kind_of(game)
        if kind is not None:
            player, seat = speaker.application(ctx.session, game, " ".join(rest))
            return dealt.approve(ctx.session, game, kind, player, seat, ctx.now)
        return speaker.approve(ctx.session, game, " ".join(rest), ctx.now, ctx.rng, ctx.timing)


class Decline(_OnGame):
    name = "decline"
    argument_description = "GAME PLAYER: REASON"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        name, colon, reason = " ".join(rest).partition(":")
        rule = ctx.kinds.judging(game.kind).wording.joining
        if not colon or not reason.strip():
            cited = f" ({rule})" if rule else ""
            raise CommandError(
                f"a declined application must say why{cited}: write "
                f"speaker {self.name} {self.argument_description}"
            )
        return speaker.decline(ctx.session, game, name.strip(), reason.strip(), rule=rule)


class Start(_OnGame):
    name = "start"
    argument_description = "GAME"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        kind = ctx.kind_of(game)
        if kind is not None:
            return dealt.start(ctx.session, game, kind, ctx.now, ctx.rng, ctx.timing)
        return speaker.start(ctx.session, game, ctx.now, ctx.rng, ctx.timing)


class Void(_OnGame):
    name = "void"
    argument_description = "GAME"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        return speaker.void(ctx.session, game, ctx.now, shown=_shown(ctx, game))


class Stalemate(_OnGame):
    name = "stalemate"
    argument_description = "GAME"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        return speaker.stalemate(ctx.session, game, ctx.now, shown=_shown(ctx, game))


def _shown(ctx: Context, game: Game) -> str | None:
    """What the last post of a dealt game shows in place of its stored state (which holds
    the racks and the draw pile): its public view; None for Mornington's public GSD."""
    kind = ctx.kind_of(game)
    if kind is None:
        return None
    return kind.public_view(view_of(ctx.session, game)) if game.state else ""


class Games(Command):
    name = "games"
    argument_description = ""

    def process(self, ctx: Context, arguments: list[str]) -> str:
        ctx.answer("speaker.games", games=speaker.listing(ctx.session))
        return "listed the games"


class Referee(_OnGame):
    name = "referee"
    argument_description = "GAME PLAYER"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        _need(rest, 1, f"speaker {self.name} {self.argument_description}")
        _mornington_only(ctx, game, "a referee for a buzz (section 1.16)", _CHECKED)
        return buzzes.appoint(ctx.session, game, " ".join(rest), ctx.now, ctx.timing)


class Amend(_OnGame):
    """The Speaker's own correction of a game's rules (rule 1.18.2 has the Speaker keep its
    list up to date), enacted at once: the amendments are the lines below the command, in
    the grammar of rules/amendments.md, and must all apply exactly as written."""

    name = "amend"
    argument_description = "GAME [LABEL], with the amendments on the lines below"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        label = " ".join(rest) or "the Speaker's correction"
        return rulebook.speaker_enact(ctx.session, game, label, ctx.text, ctx.now)


class OpenChamber(_OnGame):
    """The Speaker opens a game's chamber, where its seated players change it by proposal and
    vote (ifMUD rules 10 and 21)."""

    name = "chamber"
    argument_description = "GAME"

    def act(self, ctx: Context, game: Game, rest: list[str]) -> list[Notice]:
        return chamber.open_chamber(ctx.session, game, ctx.now, ctx.timing.turn_reminder)


SPEAKER_COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        NewGame(),
        Amend(),
        Approve(),
        Decline(),
        Start(),
        Void(),
        Stalemate(),
        Referee(),
        OpenChamber(),
        Games(),
        ShowSettings(),
        SpeakerShowRules(),
    )
}


class Join(Command):
    name = "join"
    argument_description = "YOUR NAME (and, to play from other addresses, a 'Secret:' line)"
    needs_game = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        _need(arguments, 1, f"nomic {self.name} {self.argument_description}")
        game = ctx.the_game
        if not ctx.settings.speaker_address:
            raise CommandError("this referee has no Speaker configured to approve a join")
        name = " ".join(arguments)
        kind = ctx.kind_of(game)
        if kind is not None and kind.legislature and game.status == GameStatus.RUNNING:
            ctx.notices.extend(admission.ask(ctx.session, game, kind, name, ctx.sender, ctx.secret))
            return f"{name} asked the players of {game.tag} to join"
        if kind is not None and game.status == GameStatus.RUNNING:
            raise CommandError(
                f"game {game.tag} of {kind.title} has started, and it takes no new "
                "player once it has begun; ask the Speaker to open another"
            )
        ctx.notices.extend(
            seats.request_join(
                ctx.session,
                game,
                name,
                ctx.sender,
                ctx.secret,
                ctx.settings.speaker_address,
                rule=ctx.kinds.judging(game.kind).wording.joining,
            )
        )
        return f"{name} asked to join {game.tag}"


class Code(Command):
    name = "code"
    argument_description = ""
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        code = proof.current(ctx.session, game, player)
        if code is None:
            raise CommandError(
                "you have no secret with the referee, so there is no code to prove yourself "
                "with: ask the operator to set one"
            )
        ctx.notices.append(
            Notice(
                "player.proof-code",
                Audience.player(player.address, player.name),
                {"player": player.name, "code": code, "turn": game.turn_number + 1},
                subject=game.tag.subject(f"Your code for turn {game.turn_number + 1}"),
            )
        )
        return f"{player.name} was sent eir proof code for turn {game.turn_number + 1}"


class Resign(Command):
    name = "resign"
    argument_description = "[WHY]"
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        why = " ".join(arguments) or "no reason given"
        kind = ctx.kind_of(game)
        if kind is not None:
            ctx.notices.extend(
                dealt.resign(ctx.session, game, kind, player, ctx.now, why, ctx.timing)
            )
            return f"{player.name} resigned"
        ctx.notices.extend(
            seats.resign(ctx.session, game, player, ctx.now, why, rng=ctx.rng, timing=ctx.timing)
        )
        return f"{player.name} resigned"


class TakeBack(Command):
    name = "take-back"
    argument_description = ""
    needs_game = True
    needs_player = True
    mornington_step = "taking back a turn (rule 1.3.3)"
    instead = _LATE

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        ctx.notices.extend(seats.take_back(ctx.session, game, player, ctx.now, ctx.timing))
        return f"{player.name} took back eir turn"


class Timeout(Command):
    """Rule 1.3.5's forced Timeout. Its Mornington-only refusal stays in ``process``, after
    the missing-argument answer, rather than in ``mornington_step``, so a bare ``timeout`` is
    still answered with what to write."""

    name = "timeout"
    argument_description = "PLAYER"
    needs_game = True
    needs_player = True
    mornington_only = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        _need(arguments, 1, f"nomic {self.name} {self.argument_description}")
        game, player = ctx.the_game, ctx.the_player
        _mornington_only(ctx, game, "a forced Timeout (rule 1.3.5)")
        late = " ".join(arguments)
        ctx.notices.extend(seats.timeout(ctx.session, game, player, late, ctx.now, ctx.timing))
        return f"{player.name} forced a Timeout for {late}"


_TURN_IN_SUBJECT = re.compile(r"\bTurn\s+(\d+)\b", re.IGNORECASE)


class OpenBuzz(Command):
    name = "buzz"
    argument_description = "REASON, as a reply to the turn's message (or: buzz turn N REASON)"
    needs_game = True
    needs_player = True
    mornington_step = "a buzz (section 1.16)"
    instead = _CHECKED

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        number: int | None = None
        if len(arguments) >= 2 and arguments[0].lower() == "turn" and arguments[1].isdigit():
            number, arguments = int(arguments[1]), arguments[2:]
        elif match := _TURN_IN_SUBJECT.search(ctx.subject):
            number = int(match.group(1))
        if number is None:
            raise CommandError(
                "reply to the message of the turn you buzz, or write 'buzz turn N REASON'"
            )
        reason = " ".join(arguments).lstrip(":- ")
        ctx.notices.extend(
            buzzes.buzz_turn(
                ctx.session,
                game,
                player.name,
                number,
                reason,
                ctx.now,
                thread=ctx.thread,
                timing=ctx.timing,
            )
        )
        return f"{player.name} buzzed turn {number}"


class BuzzStep(Command):
    argument_description = ""
    needs_game = True
    needs_player = True
    mornington_step = "a buzz (section 1.16)"
    instead = _CHECKED

    def __init__(self, name: str) -> None:
        self.step = name

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        ctx.notices.extend(
            buzzes.step(ctx.session, game, player.name, self.step, ctx.now, ctx.rng, ctx.timing)
        )
        return f"{player.name}: {self.step}"


BUZZ_COMMANDS: dict[str, Command] = {
    "buzz": OpenBuzz(),
    **{verb: BuzzStep(verb) for verb in buzzes.STEPS},
}


class Acknowledge(Command):
    name = "acknowledge"
    argument_description = ""
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        ctx.notices.extend(seats.acknowledge(ctx.session, game, player, ctx.now))
        return f"{player.name} acknowledged the win"


class AgreeStalemate(Command):
    name = "stalemate"
    argument_description = "[withdraw]"
    needs_game = True
    needs_player = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game, player = ctx.the_game, ctx.the_player
        withdraw = [w.lower() for w in arguments[:1]] == ["withdraw"]
        if arguments and not withdraw:
            raise CommandError(f"write 'nomic {self.name}' or 'nomic {self.name} withdraw'")
        ctx.notices.extend(
            speaker.agree_stalemate(
                ctx.session, game, player, ctx.settings.speaker_address, withdraw=withdraw
            )
        )
        return f"{player.name} {'withdrew from' if withdraw else 'agreed to'} a Stalemate"


class NotHandled(Command):
    """A step the rules name that this referee recognises but does not run, said by name.

    Rules 1.1.3 and 1.1.8 name Proposals, but Proposals are made and voted under the Nomic's
    own rules (section 0), which are not part of the Volume 1 ruleset this referee runs.
    """

    argument_description = "..."
    what: ClassVar[str]

    def process(self, ctx: Context, arguments: list[str]) -> str:
        raise CommandError(
            f"{self.what} is recognised but not handled by this referee: Proposals belong to "
            "the Nomic's own rules (section 0), which this referee does not run; a game whose "
            "chamber the Speaker has opened takes proposals under the ifMUD Nomic's rules "
            "instead, with 'propose NAME [YOU]'"
        )


class EmergencyProposal(NotHandled):
    name = "emergency-proposal"
    what = "an Emergency Proposal (rule 1.1.8 lets one challenge a declined join)"


class Proposal(NotHandled):
    name = "proposal"
    what = "a Proposal, such as one of Type Resignation forcing a player to resign (rule 1.1.3)"


class Help(Command):
    """What a player can send: how a turn is written and every ``nomic`` command, so that
    asking for help is answered as help, not as a refused command or an unreadable turn.

    It is answered where it was asked (``POSTER``): help holds no secret, and a private
    answer to list mail is never sent, so help asked in the lounge is posted there."""

    name = "help"
    argument_description = ""
    needs_game = True

    def process(self, ctx: Context, arguments: list[str]) -> str:
        game = ctx.the_game
        kind = ctx.kind_of(game)
        ctx.notices.append(
            Notice(
                "sender.help",
                Audience.poster(ctx.sender),
                {
                    "tag": str(game.tag),
                    "name": ctx.player.name if ctx.player is not None else "YOUR NAME",
                    "kind": kind,
                    "commands": [
                        f"nomic {name} {_usage(c)}".strip()
                        for name, c in PLAYER_COMMANDS.items()
                        if not isinstance(c, NotHandled)
                        and not (kind and (c.mornington_step or c.mornington_only))
                    ],
                },
                subject=game.tag.subject("Help"),
            )
        )
        return f"sent help about {game.tag}"


def _usage(command: Command) -> str:
    return command.argument_description if command.help_usage is None else command.help_usage


PLAYER_COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        Help(),
        Join(),
        Code(),
        Resign(),
        TakeBack(),
        Timeout(),
        Acknowledge(),
        AgreeStalemate(),
        ShowSettings(),
        ShowRules(),
        EmergencyProposal(),
        Proposal(),
    )
}


def words_of(text: str) -> list[str]:
    """The command line: the first non-empty line of the message, split into words."""
    for line in text.splitlines():
        if line.strip():
            return line.split()
    return []


def is_speaker(settings: Settings, sender: str, secret: str | None) -> bool:
    """Rule 1.1.2's Speaker: the configured address, proving itself with the secret."""
    if not settings.speaker_address or not settings.speaker_secret or secret is None:
        return False
    same_address = sender.lower() == settings.speaker_address.lower()
    return same_address and hmac.compare_digest(secret.encode(), settings.speaker_secret.encode())


def run(table: dict[str, Command], ctx: Context, words: list[str], prefix: str) -> str:
    """Find and run the command ``words`` name; refusals are answered with what to write.

    With a ``prefix`` (``speaker``, ``nomic``) the verb is the second word; without one (the
    buzz words) it is the first.
    """
    if not prefix:
        verb = words[0].lower().strip("[]:!") if words else ""
        command = table.get(verb)
        if command is None:
            raise CommandError(f"{excerpt(verb)!r} is not a step of a buzz")
        return _checked(command, ctx).process(ctx, words[1:])
    verb = words[1].lower() if len(words) > 1 else ""
    command = table.get(verb)
    if command is None:
        known = ", ".join(
            f"{prefix} {name} {c.argument_description}".strip() for name, c in table.items()
        )
        raise CommandError(
            f"{excerpt(verb or 'nothing')!r} is not a command; the commands are: {known}"
        )
    return _checked(command, ctx).process(ctx, words[2:])


def _checked(command: Command, ctx: Context) -> Command:
    """``command`` once its declared preconditions hold for ``ctx``, or the refusal."""
    if command.needs_game:
        ctx.the_game  # noqa: B018 - the property raises the refusal
    if command.needs_player:
        ctx.the_player  # noqa: B018
    if command.mornington_step:
        _mornington_only(ctx, ctx.the_game, command.mornington_step, command.instead)
    return command


def as_speaker(
    session: Session, settings: Settings, words: list[str], now: datetime, rng: random.Random
) -> tuple[str, list[str]]:
    """Run a Speaker command for the operator at the console (``referee speaker ...``).

    The answers meant for the Speaker are returned as text; everything else (lounge posts,
    players' notices) is queued in the outbox for ``referee serve`` to deliver.
    """
    from datetime import timedelta

    from referee.mail.compose import render
    from referee.service.notices import queue_notice

    kinds = dealt.console_kinds(now)
    ctx = Context(
        session=session,
        settings=settings,
        sender=settings.speaker_address or "the operator",
        now=now,
        rng=rng,
        timing=roster.Timing(timedelta(hours=settings.reminder_lead_hours)),
        kinds=kinds,
        enactor=by_kind(kinds),
    )
    with session.begin_nested():
        note = run(SPEAKER_COMMANDS, ctx, ["speaker", *words], "speaker")
    tag = ctx.game.tag if ctx.game is not None else None
    answers = []
    for notice in ctx.notices:
        if notice.reply:
            game = str(tag) if tag is not None else ""
            answers.append(
                render(notice.template, game=game, attachments=[], sender="", **notice.values)
            )
        else:
            queue_notice(session, settings, notice, now, game=tag)
    return note, answers
