"""The Speaker's use cases: new game, joins, start, void, stalemate, list.

Rule 1.1.2 - A New Game: the Speaker opens games numbered one after another, Normal or with
Special Rules, in a lounge of eir choice, at a Game Time chosen at random; once the game has
three players counting the Drone, the Speaker sets the order of play (rule 1.1.12) and it
starts, and a game that will not start may be declared void. Rule 1.1.8 - Joining In: the
Speaker approves a player's application or declines it with a reason. Rule 1.1.11 -
Stalemate: once every active player agrees, the Speaker may declare the game over, with no
winner and no loser.
"""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from referee import variants as rulesets
from referee.engine.drone import DRONE
from referee.engine.fair_dice import SeededDice, SeededRandom, SeededRoll
from referee.engine.life.order_of_play import seat_players, tally
from referee.engine.ruleset import Ruleset
from referee.games import MORNINGTON
from referee.service import deadlines, game_dice, gsd_edits
from referee.service.notices import Audience, CommandError, Notice
from referee.service.roster import SILENCE_REMINDER, Timing, active_names
from referee.service.seats import finish
from referee.store import games
from referee.store.models import Game, Membership, Player
from referee.store.status import GameStatus, MembershipStatus
from referee.variants.game_settings import GameSettings, SettingError

MIN_PLAYERS = 3
"""Rule 1.1.2: a game begins once it has three players, the Drone among them."""


def find(session: Session, number: int) -> Game:
    """Game ``number``, or a refusal naming it; its row is locked for the command, as the
    deadline runner locks it (``timekeeper.run_due``), so the two act one after the other."""
    game = games.game_by_number(session, number)
    if game is None:
        raise CommandError(f"there is no game number {number}")
    session.refresh(game, with_for_update=True)
    return game


def special_rules(names: tuple[str, ...]) -> tuple[str, ...]:
    """Rule 1.1.2: the variants a Special Rules game adds to the Normal game, by their names.

    Each must be a ruleset this referee knows (``referee.variants.VARIANTS``), and none may be
    the Normal game itself, since Special Rules come from Volumes 2-4 on top of it. The
    refusal lists the names the referee knows, so the Speaker can correct the command.
    """
    known = ", ".join(v.name for v in rulesets.VARIANTS if v is not Ruleset) or "none yet"
    found: list[str] = []
    for name in names:
        try:
            variant = rulesets.find_variant(name)
        except rulesets.UnknownVariantError:
            raise CommandError(
                f"there is no variant {name!r}; the Special Rules variants this referee knows "
                f"are: {known} (a Normal game needs none: write 'normal')"
            ) from None
        if variant is Ruleset:
            raise CommandError(
                f"{name!r} is the Normal game itself; a Special Rules game adds variants to it "
                f"(rule 1.1.2), and those this referee knows are: {known}"
            )
        if variant.name not in found:
            found.append(variant.name)
    return tuple(found)


def new_game(
    session: Session,
    lounge: str,
    now: datetime,
    rng: random.Random,
    *,
    variants: tuple[str, ...] = (),
    buzz_mode: str = "strict",
    settings: tuple[str, ...] = (),
) -> Game:
    """Rule 1.1.2: open the next game, taking joins, with its opening GSD.

    ``settings`` are ``name=value`` texts (``referee.variants.game_settings``); the game
    stores every setting's value, so a later change of a default never changes it. Its dice
    seed is drawn now, and the Game Time is its first draw.
    """
    if "@" not in lounge:
        raise CommandError(
            f"{lounge!r} is not a lounge address; write e.g. mc13@lounge.example.org"
        )
    if games.game_by_address(session, [lounge]) is not None:
        raise CommandError(f"{lounge} is already the lounge of another game")
    variants = special_rules(variants)
    ruleset = gsd_edits.ruleset_of(variants)
    try:
        chosen = GameSettings.parse((f"buzz_mode={buzz_mode}", *settings), type(ruleset))
    except SettingError as error:
        raise CommandError(str(error)) from None
    number = (session.scalar(select(func.max(Game.number))) or 0) + 1
    seed = game_dice.new_seed(rng)
    made: list[SeededRoll] = []
    first = SeededDice(seed, number, "draw 1", on_roll=made.append)
    time = gsd_edits.random_game_time(SeededRandom(first, "Game Time (rule 1.1.2)"))
    opening = gsd_edits.new_game(number, time, ruleset)
    game = games.create_game(session, number, lounge, now, name=f"MC {number}", state=opening)
    game.status = GameStatus.FORMING
    game.ruleset = "special" if variants else "normal"
    game.variants = list(variants)
    game.settings = chosen.full().as_stored()
    game.buzz_mode = chosen.buzz_mode
    game.dice_seed, game.dice_draws = seed.hex(), 1
    for roll in made:
        game_dice.keep_roll(game, roll)
    game.order_of_play = [DRONE]
    return game


def application(session: Session, game: Game, name: str) -> tuple[Player, Membership]:
    """The player ``name`` and eir waiting application to ``game``, or a refusal."""
    player = games.player_by_name(session, name)
    seat = games.membership(session, game, player) if player is not None else None
    if player is None or seat is None or seat.status != MembershipStatus.APPLIED:
        raise CommandError(f"{name} has no application waiting for game {game.tag}")
    return player, seat


def history(session: Session, game: Game) -> list[list[str]]:
    """The orders of play of every other game, for rule 1.1.12's tally."""
    return [list(g.order_of_play) for g in session.scalars(select(Game).where(Game.id != game.id))]


def approve(
    session: Session, game: Game, name: str, now: datetime, rng: random.Random, timing: Timing
) -> list[Notice]:
    """Rule 1.1.8: the player is seated, and playing from this announcement.

    In a running game the Speaker places em by rule 1.1.12 among those already seated.
    """
    player, seat = application(session, game, name)
    seat.status, seat.last_move_at = MembershipStatus.ACTIVE, now
    if game.status == GameStatus.RUNNING:
        rng = game_dice.chances(session, game, "order of play (rule 1.1.12)", rng)
        order = seat_players(game.order_of_play, [player.name], tally(history(session, game)), rng)
        game.order_of_play = list(order)
        _renumber(session, game)
        deadlines.moved(session, game, player.name, now, reminder_lead=SILENCE_REMINDER)
    else:
        game.order_of_play = [*game.order_of_play, player.name]
    game.state = gsd_edits.with_player(game.state, player.name, game.order_of_play,
                                       gsd_edits.ruleset_of(game.variants))  # fmt: skip
    game.version += 1
    return [
        Notice(
            "lounge.player-joined",
            Audience.lounge(game.lounge_address),
            {
                "player": player.name,
                "order": game.order_of_play,
                "gsd": game.state,
                "running": game.status == GameStatus.RUNNING,
            },
            subject=game.tag.subject(f"{player.name} joins"),
        ),
        Notice(
            "player.join-approved",
            Audience.player(player.address, player.name),
            {"player": player.name},
        ),
    ]


def decline(
    session: Session, game: Game, name: str, reason: str, *, rule: str = "rule 1.1.8"
) -> list[Notice]:
    """Rule 1.1.8: an application turned down must carry the Speaker's reason. ``rule`` is
    the joining rule of the game's kind (``Wording.joining``), cited where there is one."""
    if not reason.strip():
        cited = f" ({rule})" if rule else ""
        raise CommandError(f"a declined application must say why{cited}: add the reason")
    player, seat = application(session, game, name)
    seat.status, seat.note = MembershipStatus.DECLINED, reason.strip()
    return [
        Notice(
            "player.join-declined",
            Audience.player(player.address, player.name),
            {"player": player.name, "reason": reason, "rule": rule},
        )
    ]


def _renumber(session: Session, game: Game) -> None:
    seats = {
        s.player_id: s
        for s in session.scalars(select(Membership).where(Membership.game_id == game.id))
    }
    for index, name in enumerate(game.order_of_play, start=1):
        player = games.player_by_name(session, name)
        if player is not None and player.id in seats:
            seats[player.id].seat = index


def start(
    session: Session, game: Game, now: datetime, rng: random.Random, timing: Timing
) -> list[Notice]:
    """Rule 1.1.2 with rule 1.1.12: set the order of play and begin."""
    if game.status != GameStatus.FORMING:
        raise CommandError(f"game {game.tag} is {game.status}; only a new game can start")
    people = [p.name for p in games.members(session, game)]
    if len(people) + 1 < MIN_PLAYERS:
        raise CommandError(
            f"game {game.tag} has {len(people) + 1} players counting the Drone; it needs "
            f"{MIN_PLAYERS} to begin (rule 1.1.2)"
        )
    rng = game_dice.chances(session, game, "order of play (rule 1.1.12)", rng)
    order = seat_players([], [DRONE, *people], tally(history(session, game)), rng)
    game.order_of_play = list(order)
    _renumber(session, game)
    game.state = gsd_edits.in_order(game.state, order)
    game.status, game.started_at = GameStatus.RUNNING, now
    game.version += 1
    first = gsd_edits.to_play(game.state)
    owed = deadlines.turn_owed(session, game, first, now, now, reminder_lead=timing.turn_reminder)
    for name in people:
        deadlines.moved(session, game, name, now, reminder_lead=SILENCE_REMINDER)
    return [
        Notice(
            "lounge.game-started",
            Audience.lounge(game.lounge_address),
            {
                "order": list(order),
                "gsd": game.state,
                "first": first or "",
                "due": f"{owed.due:%A %d %B %H:%M}" if owed is not None else "",
            },
            subject=game.tag.subject("The game begins"),
        )
    ]


def void(session: Session, game: Game, now: datetime, *, shown: str | None = None) -> list[Notice]:
    """Rule 1.1.2: a new game that will not begin is declared void."""
    if game.status != GameStatus.FORMING:
        raise CommandError(
            f"game {game.tag} is {game.status}; only a game that has not begun can be void"
        )
    how = "void: it did not begin (1.1.2)"
    return finish(session, game, now, winner=None, status=GameStatus.VOID, how=how, shown=shown)


def _not_agreed(session: Session, game: Game) -> list[str]:
    people = gsd_edits.non_drone(active_names(session, game))
    return [name for name in people if name not in game.stalemate_agreed]


def agree_stalemate(
    session: Session, game: Game, player: Player, speaker: str | None, *, withdraw: bool = False
) -> list[Notice]:
    """Rule 1.1.11 - Stalemate: a player says the game can no longer be won (or takes it back).

    The word stands until withdrawn, through later turns; who must agree is worked out when the
    Speaker declares, from the players then active, so a joiner must agree too and a resigned
    player's word no longer counts. When the last one agrees, the Speaker is told.
    """
    if game.status != GameStatus.RUNNING:
        raise CommandError(f"game {game.tag} is {game.status}, not being played")
    agreed = {*game.stalemate_agreed}
    if withdraw:
        if player.name not in agreed:
            raise CommandError(
                "you have not agreed to a Stalemate, so there is nothing to withdraw"
            )
        agreed.discard(player.name)
    else:
        if player.name in agreed:
            raise CommandError("you have already agreed that this game is at Stalemate")
        agreed.add(player.name)
    game.stalemate_agreed = sorted(agreed)
    waiting = _not_agreed(session, game)
    values: dict[str, object] = {
        "player": player.name,
        "withdraw": withdraw,
        "agreed": game.stalemate_agreed,
        "waiting": waiting,
        "number": game.number,
        "tag": str(game.tag),
    }
    notices = [
        Notice(
            "lounge.stalemate-agreed",
            Audience.lounge(game.lounge_address),
            values,
            subject=game.tag.subject(
                f"Stalemate? {player.name} {'withdraws' if withdraw else 'agrees'}"
            ),
        )
    ]
    if not waiting and not withdraw and speaker:
        notices.append(Notice("speaker.stalemate-agreed", Audience.speaker(speaker), values))
    return notices


def stalemate(
    session: Session, game: Game, now: datetime, *, shown: str | None = None
) -> list[Notice]:
    """Rule 1.1.11: once every Active non-Drone player agrees it is Stalemate, the Speaker may
    end the game; nobody has won or lost, so no points move (rule 1.1.9), and its last GSD goes
    to the Game Archive (rule 1.1.5)."""
    if game.status != GameStatus.RUNNING:
        raise CommandError(f"game {game.tag} is {game.status}, not being played")
    waiting = _not_agreed(session, game)
    if waiting:
        raise CommandError(
            f"a Stalemate needs every active player's agreement (rule 1.1.11); still to agree "
            f"with 'nomic stalemate': {', '.join(waiting)}"
        )
    how = "declared stalemate (1.1.11)"
    return finish(
        session, game, now, winner=None, status=GameStatus.STALEMATE, how=how, shown=shown
    )


def listing(session: Session) -> list[str]:
    """One line per game: number, status, lounge, ruleset and who plays."""
    lines = []
    for game in session.scalars(select(Game).order_by(Game.number)):
        if game.kind == MORNINGTON:
            rules = game.ruleset + (f" ({', '.join(game.variants)})" if game.variants else "")
            changed = game_dice.settings_of(game).changed().render()
            rules += f" [{changed}]" if changed else ""
        else:
            rules = game.kind
        people = ", ".join(active_names(session, game)) or "nobody yet"
        lines.append(f"{game.tag}: {game.status}, {rules}, {game.lounge_address}: {people}")
    return lines
