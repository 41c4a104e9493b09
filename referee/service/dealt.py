"""The life of a game whose kind deals its first state when it starts (a card game's deal).

Mornington Nomic's GSD exists from the moment the Speaker opens the game and takes each player
as e joins (rule 1.1.8), so ``speaker.py`` edits it step by step. A kind with
``dealt_at_start`` (One Day in London) has no state until the Speaker starts the game: these
use cases open it, seat its players and deal it through the seam alone (``kind.opening``,
``kind.owed``, ``kind.leave``, the public and private views), so a new kind of this sort
needs nothing here. Nothing a lounge post shows is read from the stored state: the lounge is
sent the kind's public view, each player only eir own private view.

Chance is the game's committed dice (``game_dice``): the seed is drawn when the game is
opened and its SHA-256 is in the first post; the order of play and the deal's own seed are
draws of it, kept with the game, so ``referee verify`` recomputes them once the game ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from referee.chamber import cite
from referee.chamber.settings import FALSE, TRUE
from referee.chamber.settings import choices as chamber_choices
from referee.engine.fair_dice import commitment
from referee.engine.life.deadlines import VANILLA_DEADLINES
from referee.games import MORNINGTON, Kinds, Unregistered, hosted
from referee.games.kind import GameKind, Silence
from referee.games.one_day_in_london.kind import OneDayInLondon
from referee.quoting import excerpt
from referee.service import chamber, deadlines, game_dice, kind_time
from referee.service.game_view import view_of
from referee.service.notices import Audience, CommandError, Notice
from referee.service.roster import SILENCE_REMINDER, Timing, active_names
from referee.service.seats import finish
from referee.store import games
from referee.store.models import Deadline, Game, Membership, Player
from referee.store.status import GameStatus, MembershipStatus

HOSTED = Kinds([OneDayInLondon()])
"""The dealt kinds every part of the service knows without being handed a registry (the
deadline runner, the archive); the runner's own registry adds any others."""


def console_kinds(now: datetime) -> Kinds:
    """The dealt kinds a console command (``referee speaker``, ``referee chamber``) hosts, on a
    clock stopped at ``now`` (naive UTC), as the service's runner hosts them."""
    return Kinds([OneDayInLondon(), *hosted(lambda: deadlines.aware(now))])


def kind_of(kinds: Kinds, game: Game) -> GameKind | None:
    """The kind of ``game`` when its state is dealt at start (this module's path); None for
    Mornington Nomic, whose GSD ``speaker.py`` and ``seats.py`` edit."""
    if game.kind == MORNINGTON:
        return None
    kind = kinds.get(game.kind) or HOSTED.judging(game.kind)
    return kind if kind.dealt_at_start else None


def choices_of(kind: GameKind) -> dict[str, tuple[str, ...]]:
    """Every setting a Speaker may set on a game of ``kind``, each with its values, the
    default first: the kind's own readings and, for a kind whose rules are a legislature (its
    chamber opens with the game), the chamber's (``referee.chamber.settings``)."""
    return {**kind.choices, **(chamber_choices() if kind.legislature else {})}


def chosen(kind: GameKind, texts: Sequence[str]) -> dict[str, str]:
    """Every setting of ``kind`` for a new game: the Speaker's ``NAME=VALUE`` texts over the
    defaults (the first value of each), or a refusal naming what may be set."""
    offered = choices_of(kind)
    values = {name: allowed[0] for name, allowed in offered.items()}
    known = "; ".join(f"{n}={'|'.join(a)}" for n, a in offered.items()) or "none"
    for text in texts:
        name, equals, value = text.partition("=")
        name, value = name.strip().lower(), value.strip().lower()
        value = _flag(value, offered.get(name, ()))
        if not equals or name not in offered or value not in offered[name]:
            raise CommandError(
                f"{excerpt(text)!r} is not a setting of {kind.title}; it has: {known} "
                "(the first value is the default)"
            )
        values[name] = value
    return values


def settings_lines(kind: GameKind, game: Game) -> list[str]:
    """Each setting of ``game`` with its value and the default, for players to read."""
    stored = game.settings or {}
    return [
        f"{name} = {_flag(stored.get(name, allowed[0]), allowed)} (default {allowed[0]})"
        for name, allowed in choices_of(kind).items()
    ]


def _flag(value: str, allowed: Sequence[str]) -> str:
    """A yes-or-no setting's value in the catalogue's one form, ``true`` or ``false``: a
    Speaker may write ``yes`` or ``on``, and games stored before the form was one keep
    ``yes``/``no``, which their kinds still read."""
    if set(allowed) != {"true", "false"}:
        return value
    return "true" if value in TRUE else "false" if value in FALSE else value


def new_game(
    session: Session,
    lounge: str,
    now: datetime,
    rng: random.Random,
    kind: GameKind,
    settings: Sequence[str] = (),
) -> Game:
    """Open the next game of ``kind`` for joins, with its settings (``NAME=VALUE``, stored
    with the game in full); its dice seed is drawn now and committed to in the first post,
    before anyone can know who will play or what will be dealt."""
    if "@" not in lounge:
        raise CommandError(
            f"{lounge!r} is not a lounge address; write e.g. odil1@lounge.example.org"
        )
    if games.game_by_address(session, [lounge]) is not None:
        raise CommandError(f"{lounge} is already the lounge of another game")
    values = chosen(kind, settings)
    number = (session.scalar(select(func.max(Game.number))) or 0) + 1
    game = games.create_game(session, number, lounge, now, name=f"{kind.title} {number}")
    game.kind = kind.name
    game.status = GameStatus.FORMING
    game.variants, game.settings = [], values
    game.dice_seed, game.dice_draws = game_dice.new_seed(rng).hex(), 0
    game.order_of_play = []
    return game


def created(game: Game, kind: GameKind, speaker: str) -> list[Notice]:
    """The first post, with the commitment to the game's seed, and the Speaker's answer."""
    assert game.dice_seed is not None
    values: dict[str, object] = {
        "number": game.number,
        "tag": str(game.tag),
        "title": kind.title,
        "wording": kind.wording,
        "kind": kind.name,
        "least": kind.players[0],
        "most": kind.players[1],
        "lounge": game.lounge_address,
        "speaker": speaker,
        "commitment": commitment(bytes.fromhex(game.dice_seed)),
        "settings": settings_lines(kind, game),
    }
    return [
        Notice(
            "lounge.dealt-game-created",
            Audience.lounge(game.lounge_address),
            values,
            subject=game.tag.subject(f"A new game of {kind.title}"),
        ),
        Notice("speaker.dealt-game-created", Audience.sender(), values),
    ]


def approve(
    session: Session, game: Game, kind: GameKind, player: Player, seat: Membership, now: datetime
) -> list[Notice]:
    """Seat an applicant before the deal; a dealt game takes nobody new, and a full table
    nobody more."""
    if game.status != GameStatus.FORMING and kind.legislature:
        raise CommandError(
            f"game {game.tag} of {kind.title} is under way: its players, not the "
            f"Speaker, add a player, by unanimous consent ({cite(12)}); a player proposes "
            f"'Admit: {player.name}'"
        )
    if game.status != GameStatus.FORMING:
        raise CommandError(
            f"game {game.tag} has started; {kind.title} takes no new player once it has "
            "begun: decline the application, giving that reason"
        )
    _hosted(game, kind, "seated")
    seated = games.members(session, game)
    if len(seated) >= kind.players[1]:
        raise CommandError(
            f"{kind.title} is for {kind.players[0]}-{kind.players[1]} players and game "
            f"{game.tag} has {len(seated)}: decline the application, giving that reason"
        )
    seat.status, seat.last_move_at = MembershipStatus.ACTIVE, now
    game.order_of_play = [*game.order_of_play, player.name]
    game.version += 1
    return [
        Notice(
            "lounge.dealt-player-joined",
            Audience.lounge(game.lounge_address),
            {
                "player": player.name,
                "seated": list(game.order_of_play),
                "title": kind.title,
                "wording": kind.wording,
            },
            subject=game.tag.subject(f"{player.name} joins"),
        ),
        Notice(
            "player.dealt-join-approved",
            Audience.player(player.address, player.name),
            {"player": player.name, "title": kind.title},
        ),
    ]


def start(
    session: Session, game: Game, kind: GameKind, now: datetime, rng: random.Random, timing: Timing
) -> list[Notice]:
    """Draw the order of play, deal (``kind.opening``) and tell each player eir own cards."""
    if game.status != GameStatus.FORMING:
        raise CommandError(f"game {game.tag} is {game.status}; only a new game can start")
    _hosted(game, kind, "dealt")
    people = [p.name for p in games.members(session, game)]
    least, most = kind.players
    if not least <= len(people) <= most:
        raise CommandError(
            f"{kind.title} is for {least}-{most} players and game {game.tag} has "
            f"{len(people)}; approve more players (or void the game) first"
        )
    order = list(people)
    game_dice.chances(session, game, "order of play", rng).shuffle(order)
    game.order_of_play = order
    for index, name in enumerate(order, start=1):
        found = games.player_by_name(session, name)
        member = games.membership(session, game, found) if found is not None else None
        if member is not None:
            member.seat = index
    deal = game_dice.chances(session, game, f"the deal of {kind.title}", rng)
    game.state = kind.opening(game.number, order, deal, dict(game.settings or {}))
    game.status, game.started_at = GameStatus.RUNNING, now
    game.version += 1
    session.flush()
    for name in people:
        deadlines.heard(session, game, kind.silence, name, now, reminder_lead=SILENCE_REMINDER)
    owing = owe(session, game, kind, now, timing)
    view = view_of(session, game)
    secrets = private_views(session, kind, game, "the deal")
    started = [
        Notice(
            "lounge.dealt-game-started",
            Audience.lounge(game.lounge_address),
            {
                "order": order,
                "view": kind.public_view(view),
                "owing": owing,
                "title": kind.title,
                "private": bool(secrets),
            },
            subject=game.tag.subject(kind.started),
        ),
        *secrets,
    ]
    if kind.legislature:
        started.extend(chamber.open_chamber(session, game, now, timing.turn_reminder))
    return started


def _hosted(game: Game, kind: GameKind, what: str) -> None:
    if isinstance(kind, Unregistered):
        raise CommandError(
            f"game {game.tag} cannot be {what}: this referee hosts no kind of game named "
            f"{kind.name!r}"
        )


def owe(session: Session, game: Game, kind: GameKind, now: datetime, timing: Timing) -> list[str]:
    """Open a turn deadline for each player ``kind`` says the game waits on (during a deal's
    setup, every player still placing cards), keeping the clock of anyone who already owed
    one; close the others'. Returns who owes, with when, for the lounge post. A kind whose
    turns end by time (ifMUD Nomic's 24 hours, rule 27) keeps its own clock instead
    (:mod:`referee.service.kind_time`): its next time step is the deadline."""
    owed = [owing.owed_by for owing in kind.owed(view_of(session, game))]
    if kind_time.timed(kind) is not None:
        deadlines.close(session, game, now, kind=deadlines.TURN)
        due = kind_time.schedule(session, game, kind, now)
        when = f", whose turn ends at the latest {due:%A %d %B %H:%M} UTC" if due else ""
        return [f"{name}{when}" for name in owed]
    shown = []
    for row in deadlines.open_deadlines(session, game, kind=deadlines.TURN):
        if row.owed_by not in owed:
            row.closed_at = now
    if kind.silence is Silence.RESIGNS:
        _silence_while_owing(session, game, owed, now)
    for name in owed:
        rows = deadlines.unclosed(session, game, kind=deadlines.TURN, owed_by=name)
        row = rows[0] if rows else _new_turn_deadline(session, game, name, now, timing)
        shown.append(f"{name} by {row.due:%A %d %B %H:%M} UTC")
    return shown


def _silence_while_owing(session: Session, game: Game, owed: Sequence[str], now: datetime) -> None:
    """Rule 1.1.10's two months, as a dealt kind keeps them (One Day in London's reading
    R9), run only while the game waits on a player: one waiting on another's move is not
    silent, and a clock left running would resign everyone waiting on a player who has gone,
    leaving that player the last one in and so the winner. A player's clock starts when the
    game begins to wait on them and again at each move of theirs."""
    for name in active_names(session, game):
        if name not in owed:
            deadlines.close(session, game, now, kind=deadlines.SILENCE, owed_by=name)
        elif not deadlines.unclosed(session, game, kind=deadlines.SILENCE, owed_by=name):
            deadlines.moved(session, game, name, now, reminder_lead=SILENCE_REMINDER)


def _new_turn_deadline(
    session: Session, game: Game, name: str, now: datetime, timing: Timing
) -> Deadline:
    due = deadlines.naive(VANILLA_DEADLINES.turn_due(deadlines.aware(now)))
    return deadlines.open_deadline(
        session, game, deadlines.TURN, name, due, now, reminder_lead=timing.turn_reminder
    )


def private_views(session: Session, kind: GameKind, game: Game, after: str) -> list[Notice]:
    """Each seated player's own view, to eir own address only."""
    view = view_of(session, game)
    notices = []
    for member in games.members(session, game):
        text = kind.private_view(view, member.name)
        if text is None:
            continue
        notices.append(
            Notice(
                "player.dealt-private-view",
                Audience.player(member.address, member.name),
                {"player": member.name, "after": after, "view": text},
                subject=game.tag.subject(f"Your cards after {after}"),
                capped=False,
            )
        )
    return notices


def resign(
    session: Session,
    game: Game,
    kind: GameKind,
    player: Player,
    now: datetime,
    why: str,
    timing: Timing,
) -> list[Notice]:
    """A player leaves a dealt game: the kind takes em out of its state (for One Day in
    London, reading R6), eir deadlines close, and a last player left has won."""
    seat = games.membership(session, game, player)
    if seat is None or seat.status not in (MembershipStatus.ACTIVE,):
        raise CommandError(f"{player.name} is not playing game {game.tag}")
    if game.status == GameStatus.RUNNING and game.state is not None:
        try:
            state = kind.leave(view_of(session, game), player.name)
        except ValueError as error:
            raise CommandError(str(error)) from None
        if state is not None:
            game.state = state
    elif game.status != GameStatus.FORMING:
        raise CommandError(f"game {game.tag} is {game.status}, not being played")
    seat.status, seat.note = MembershipStatus.RESIGNED, why
    game.order_of_play = [n for n in game.order_of_play if n != player.name]
    game.version += 1
    deadlines.close(session, game, now, owed_by=player.name)
    notices = [
        Notice(
            "lounge.dealt-player-resigned",
            Audience.lounge(game.lounge_address),
            {
                "player": player.name,
                "why": why,
                "view": kind.public_view(view_of(session, game)) if game.state else "",
            },
            subject=game.tag.subject(f"{player.name} resigns"),
        )
    ]
    if game.status != GameStatus.RUNNING:
        return notices
    left = active_names(session, game)
    if len(left) == 1:
        how = "the last player left"
        return notices + finish(
            session, game, now, winner=left[0], status=GameStatus.WON, how=how,
            shown=kind.public_view(view_of(session, game)),
        )  # fmt: skip
    owe(session, game, kind, now, timing)
    return notices
