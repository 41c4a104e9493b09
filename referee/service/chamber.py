"""The chamber's use cases: the pure :mod:`referee.chamber` kept in the store, its timed steps
kept as deadlines, and its events worded as notices.

Every use case first brings the game's chamber up to the moment (:func:`catch_up`), so what a
player does is judged on the state the rules give at that moment, whether or not the deadline
runner has passed by yet; then it applies one pure transition, stores the new state, and
makes the stored deadlines match :meth:`referee.chamber.Chamber.schedule`. A refusal raises
:class:`~referee.service.notices.CommandError` before anything is written. Any message a
player sends to a game with a chamber counts as eir post (rules/ifmud-nomic/readings.md#general).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.chamber import (
    Chamber,
    ChamberError,
    ChamberSettings,
    Event,
    Issue,
    Member,
    MemberStatus,
    Outcome,
    Proposal,
    ProposalName,
    Purpose,
    Standing,
    StepKind,
    Vote,
    cite,
)
from referee.games.kind import GameKind
from referee.service import admission, deadlines, ifmud_roll
from referee.service.enactment import Enactor, seating
from referee.service.notices import Audience, CommandError, Notice
from referee.store import games
from referee.store.models import (
    ChamberMember,
    ChamberRecord,
    Deadline,
    Game,
    Player,
    ProposalRecord,
)
from referee.store.session_cache import cached
from referee.store.status import MembershipStatus

KINDS = {f"chamber-{kind.value}": kind for kind in StepKind}
"""The deadline kinds of the chamber's timed steps."""

_WHEN = "%a %d %b %H:%M"


def kind_of(step: StepKind) -> str:
    return f"chamber-{step.value}"


# --- the store ---------------------------------------------------------------------------


def is_open(session: Session, game: Game) -> bool:
    """Whether ``game`` has a chamber: read with the game when the message found it."""

    def load() -> bool:
        found = session.scalar(select(ChamberRecord.id).where(ChamberRecord.game_id == game.id))
        return found is not None

    return cached(session, games.HAS_CHAMBER, game.id, (ChamberRecord,), load)


def settings_of(game: Game) -> ChamberSettings:
    """The chamber's readings as the Speaker set them for ``game``, read from its stored
    settings among the others (a Mornington game's ruleset settings, or a kind's own
    readings beside them, ``dealt.choices_of``)."""
    try:
        return ChamberSettings.parse(tuple((game.settings or {}).items()))
    except ValueError as error:
        raise CommandError(
            f"game {game.tag}'s chamber settings cannot be read ({error}); the operator "
            "must correct them"
        ) from None


def readings_line(settings: ChamberSettings) -> str:
    """The chamber's readings as players are shown them: ``name=value``, comma-separated."""
    return ", ".join(f"{name}={value}" for name, value in settings.render())


def load(session: Session, game: Game) -> Chamber | None:
    """The chamber of ``game`` as stored, or None when it has none open."""
    if not is_open(session, game):
        return None
    rows = session.execute(
        select(ChamberMember, Player.name)
        .join(Player, Player.id == ChamberMember.player_id)
        .where(ChamberMember.game_id == game.id)
        .order_by(ChamberMember.roll, ChamberMember.id)
    ).all()
    members = tuple(
        Member(
            name,
            row.last_post_at,
            row.silent_since,
            passive=row.passive,
            demerits=row.demerits,
            brownie_points=row.brownie_points,
            status=MemberStatus(row.status),
        )
        for row, name in rows
    )
    records = session.scalars(
        select(ProposalRecord).where(ProposalRecord.game_id == game.id).order_by(ProposalRecord.id)
    )
    proposals = tuple(_proposal(record) for record in records)
    return ifmud_roll.roll_from_game(game, Chamber(members, proposals, settings_of(game)))


def _proposal(record: ProposalRecord) -> Proposal:
    section = tuple(record.section) if record.section is not None else None
    return Proposal(
        ProposalName.parse(record.name),
        record.proposer,
        record.text,
        record.posted_at,
        Issue(Purpose(record.purpose), record.subject, section),
        tuple((name, Vote(vote)) for name, vote in record.votes),
        frozenset(record.implicit),
        Standing(record.standing),
        record.ratified_at,
        record.closed_at,
        record.implied_noted,
    )


def save(session: Session, game: Game, chamber: Chamber, *, inbox_id: int | None = None) -> None:
    """Write ``chamber`` over what is stored for ``game``."""
    stored = {
        name.casefold(): row
        for row, name in session.execute(
            select(ChamberMember, Player.name)
            .join(Player, Player.id == ChamberMember.player_id)
            .where(ChamberMember.game_id == game.id)
        ).all()
    }
    for roll, member in enumerate(chamber.members):
        row = stored.get(member.name.casefold())
        if row is None:
            player = games.player_by_name(session, member.name)
            if player is None:
                raise CommandError(f"{member.name} is not a registered player")
            row = ChamberMember(game_id=game.id, player_id=player.id)
            session.add(row)
        row.roll = roll
        row.status = member.status.value
        row.passive = member.passive
        row.demerits = member.demerits
        row.brownie_points = member.brownie_points
        row.last_post_at = member.last_post
        row.silent_since = member.silent_since
    records = {
        r.key: r
        for r in session.scalars(select(ProposalRecord).where(ProposalRecord.game_id == game.id))
    }
    for proposal in chamber.proposals:
        record = records.get(proposal.name.key)
        if record is None:
            record = ProposalRecord(
                game_id=game.id, key=proposal.name.key, inbox_id=inbox_id, name=str(proposal.name)
            )
            session.add(record)
        record.proposer = proposal.proposer
        record.text = proposal.text
        record.purpose = proposal.issue.purpose.value
        record.subject = proposal.issue.subject
        record.section = list(proposal.issue.section) if proposal.issue.section else None
        record.votes = [[name, vote.value] for name, vote in proposal.votes]
        record.implicit = sorted(proposal.implicit)
        record.standing = proposal.standing.value
        record.implied_noted = proposal.implied_noted
        record.posted_at = proposal.posted_at
        record.ratified_at = proposal.ratified_at
        record.closed_at = proposal.closed_at
    ifmud_roll.mirror(game, chamber)
    session.flush()


def sync(session: Session, game: Game, chamber: Chamber, now: datetime, lead: timedelta) -> None:
    """Make the open chamber deadlines of ``game`` the steps :meth:`Chamber.schedule` lists:
    close those no longer to come, open those missing (each reminded ``lead`` before)."""
    wanted = {
        (kind_of(s.kind), s.member, s.proposal): s.due for s in chamber.schedule() if s.due > now
    }
    for row in deadlines.open_deadlines(session, game):
        if row.kind not in KINDS:
            continue
        key = (row.kind, row.owed_by, _proposal_of(row))
        if wanted.get(key) == row.due:
            del wanted[key]
        else:
            row.closed_at = now
    for (kind, member, proposal), due in wanted.items():
        deadlines.open_deadline(
            session,
            game,
            kind,
            member,
            due,
            now,
            reminder_lead=None if kind == kind_of(StepKind.EFFECT) else lead,
            payload={"proposal": proposal} if proposal else {},
        )


def _proposal_of(row: Deadline) -> str | None:
    value = row.payload.get("proposal")
    return str(value) if value is not None else None


# --- use cases ---------------------------------------------------------------------------


def open_chamber(session: Session, game: Game, now: datetime, lead: timedelta) -> list[Notice]:
    """The Speaker opens ``game``'s chamber; its roll is the players seated now, each counted
    as having posted at this moment (rule 24's weeks start here)."""
    if is_open(session, game):
        raise CommandError(f"game {game.tag} already has its chamber open")
    names = [p.name for p in games.members(session, game)]
    if not names:
        raise CommandError(f"game {game.tag} has no seated players to make a chamber of")
    session.add(ChamberRecord(game_id=game.id, opened_at=now))
    chamber = Chamber.opened(names, now, settings_of(game))
    save(session, game, chamber)
    sync(session, game, chamber, now, lead)
    return [
        _lounge(
            game,
            "The chamber is open",
            f"The chamber of game {game.tag} is open: its players may change the game by "
            "proposal and vote (ifMUD rules 10 and 21).",
            lines=[
                f"Players: {', '.join(names)}",
                f"The chamber's readings (rules/ifmud-nomic/readings.md): "
                f"{readings_line(chamber.settings)}",
                *_grammar(),
            ],
        )
    ]


def _grammar() -> list[str]:
    return [
        "",
        "Write, as the first line of a message to the game:",
        "  propose NAME [YOU]   (the proposal's text on the lines below)",
        "  vote aye NAME | vote nay NAME | dead NAME | ratify NAME",
        "  passive on | passive off | leave | proposals",
    ]


def catch_up(
    session: Session, game: Game, now: datetime, enactor: Enactor, lead: timedelta
) -> list[Notice]:
    """Take every timed step of ``game``'s chamber due by ``now`` and announce them."""
    chamber = load(session, game)
    if chamber is None:
        return []
    outcome = chamber.advance(now, ifmud_roll.turn_takers(game))
    if not outcome.events:
        sync(session, game, chamber, now, lead)
        return []
    ifmud_roll.follow(game, outcome.events)
    save(session, game, outcome.chamber)
    sync(session, game, outcome.chamber, now, lead)
    return _announced(session, game, outcome, enactor, now, lead)


def record_post(session: Session, game: Game, name: str, at: datetime, lead: timedelta) -> None:
    """``name`` posted to ``game`` at ``at`` (rule 24 counts eir week from here)."""
    chamber = load(session, game)
    if chamber is None:
        return
    after = chamber.posted(name, at)
    if after is not chamber:
        save(session, game, after)
        sync(session, game, after, at, lead)


def act(
    session: Session,
    game: Game,
    action: Callable[[Chamber], Outcome],
    now: datetime,
    enactor: Enactor,
    lead: timedelta,
    *,
    inbox_id: int | None = None,
) -> list[Notice]:
    """Apply one player's ``action`` to the chamber as it stands at ``now``."""
    notices = catch_up(session, game, now, enactor, lead)
    chamber = the_chamber(session, game)
    try:
        outcome = action(chamber)
    except ChamberError as error:
        raise CommandError(str(error)) from error
    ifmud_roll.follow(game, outcome.events)
    save(session, game, outcome.chamber, inbox_id=inbox_id)
    sync(session, game, outcome.chamber, now, lead)
    return notices + _announced(session, game, outcome, enactor, now, lead)


def check_admission(session: Session, game: Game, text: str, enactor: Enactor) -> None:
    """Rule 12: a player to be added must be one the referee can hear from in this game (in
    a Mornington game, one the Speaker has seated; in a game that seats whom its chamber
    admits, one who asked to join), or the proposal could never take effect.
    (rules/ifmud-nomic/readings.md#r12)"""
    try:
        issue, body = Issue.parse(text)
    except ChamberError:
        return  # the chamber refuses it with its own reason
    seats = seating(enactor, game)
    if seats is not None:
        named = (issue.subject,) if issue.purpose is Purpose.ADMIT else ()
        added = seats.added_by(body) if issue.purpose is Purpose.CHANGE else ()
        for name in (*named, *added):
            why = seats.refusal(session, game, name or "")
            if why is not None:
                raise CommandError(why)
        return
    if issue.purpose is not Purpose.ADMIT or issue.subject is None:
        return
    player = games.player_by_name(session, issue.subject)
    seat = games.membership(session, game, player) if player is not None else None
    if seat is None or seat.status != MembershipStatus.ACTIVE:
        raise CommandError(
            f"{issue.subject} is not seated in game {game.tag}, so cannot be added to its "
            f"chamber: the Speaker seats a player first ({cite(12)})"
        )


def the_chamber(session: Session, game: Game) -> Chamber:
    chamber = load(session, game)
    if chamber is None:
        raise CommandError(
            f"game {game.tag} has no chamber open, so it takes no proposals or votes; "
            "the Speaker opens one with 'speaker chamber GAME'"
        )
    return chamber


def listing(chamber: Chamber, now: datetime) -> list[str]:
    """The ``proposals`` answer: each proposal with its votes and deadlines, then the roll
    with its tallies (rule 28) and the Passive Voters list (rule 31)."""
    lines: list[str] = []
    for proposal in reversed(chamber.proposals):
        lines.append(f"{proposal.name} by {proposal.proposer}: {_standing(proposal)}")
        if proposal.issue.render():
            lines.append(f"  {proposal.issue.render()}")
        lines.append(f"  votes: {chamber.tally(proposal, now).summary()}")
        if proposal.standing is Standing.PENDING:
            lines.append(
                f"  silence counts as aye from {proposal.implied_at:{_WHEN}} UTC; "
                f"dead at {proposal.expires_at:{_WHEN}} UTC unless ratified (rule 128)"
            )
    if not chamber.proposals:
        lines.append("No proposal has been made.")
    lines.append("")
    lines.append(f"Players, with their tallies ({cite(28)}):")
    for m in chamber.members:
        where = "" if m.status is MemberStatus.IN else f" [{m.status.value}]"
        lines.append(
            f"  {m.name}: {m.demerits} demerits, {m.brownie_points} brownie points; "
            f"last post {m.last_post:{_WHEN}} UTC{where}"
        )
    passive = ", ".join(chamber.passive_voters()) or "nobody"
    lines.append(f"Passive Voters ({cite(31)}): {passive}")
    return lines


def _standing(proposal: Proposal) -> str:
    if proposal.standing is Standing.RATIFIED and proposal.effective_at is not None:
        return f"ratified, takes effect {proposal.effective_at:{_WHEN}} UTC"
    if proposal.closed_at is not None:
        return f"{proposal.standing.value} since {proposal.closed_at:{_WHEN}} UTC"
    return proposal.standing.value


# --- reminders ---------------------------------------------------------------------------


def remind(session: Session, game: Game, row: Deadline) -> list[Notice]:
    """The reminder of one chamber deadline, to whoever it concerns at this moment."""
    chamber = load(session, game)
    if chamber is None:
        return []
    kind = KINDS[row.kind]
    due = f"{row.due:%A %d %B %H:%M}"
    proposal_name = _proposal_of(row)
    whom: list[str] = []
    what = ""
    if kind is StepKind.SILENCE and row.owed_by is not None:
        member = chamber.member(row.owed_by)
        whom = [member.name] if member is not None else []
        what = (
            f"you have not posted to game {game.tag} since "
            f"{member.last_post if member else row.due:%A %d %B %H:%M} UTC; unless you post "
            f"by {due} UTC you incur a demerit ({cite(24)}), and three remove you ({cite(11)})"
        )
    elif proposal_name is not None:
        proposal = chamber.proposal(proposal_name)
        if kind is StepKind.IMPLIED:
            whom = list(chamber.tally(proposal, row.due - timedelta(seconds=1)).silent)
            what = (
                f"you have not voted on {proposal.name}; unless you vote by {due} UTC you are "
                f"taken as voting aye ({cite(10)}). Write 'vote aye {proposal.name}' or "
                f"'vote nay {proposal.name}'"
            )
        elif kind is StepKind.EXPIRY:
            whom = [proposal.proposer]
            what = (
                f"your proposal {proposal.name} is dead at {due} UTC unless it is ratified "
                f"or declared dead before then ({cite(128)})"
            )
    notices = []
    for name in whom:
        player = games.player_by_name(session, name)
        if player is None:
            continue
        notices.append(
            Notice(
                "player.chamber-reminder",
                Audience.player(player.address, player.name),
                {"player": player.name, "what": what},
                subject=game.tag.subject(f"Reminder: {what.split(';')[0]}"),
            )
        )
    return notices


# --- words -------------------------------------------------------------------------------


def _lounge(
    game: Game, headline: str, news: str, *, text: str = "", lines: Sequence[str] = ()
) -> Notice:
    return Notice(
        "lounge.chamber-news",
        Audience.lounge(game.lounge_address),
        {"news": wrapped(news), "text": text, "lines": [wrapped(line) for line in lines]},
        subject=game.tag.subject(headline),
    )


def wrapped(line: str, width: int = 76) -> str:
    """``line`` folded for mail; an indented line's continuations are indented two more."""
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(
        line,
        width,
        subsequent_indent=indent + "  " if indent else "",
        break_long_words=False,
        break_on_hyphens=False,
    )


def _announced(
    session: Session,
    game: Game,
    outcome: Outcome,
    enactor: Enactor,
    now: datetime,
    lead: timedelta,
) -> list[Notice]:
    """The events of ``outcome`` worded; when a proposal took effect, its enactment may have
    changed the roll (a player its text added, rule 12), so the deadlines follow it again."""
    notices = _announce(session, game, outcome, enactor)
    if any(event.kind == "in-effect" for event in outcome.events):
        sync(session, game, load(session, game) or outcome.chamber, now, lead)
    return notices


def _announce(session: Session, game: Game, outcome: Outcome, enactor: Enactor) -> list[Notice]:
    notices: list[Notice] = []
    for event in outcome.events:
        notices.extend(_worded(session, game, outcome.chamber, event, enactor))
    return notices


def _worded(
    session: Session, game: Game, chamber: Chamber, event: Event, enactor: Enactor
) -> list[Notice]:
    p, who, at = event.proposal, event.player or "", f"{event.at:%A %d %B %H:%M} UTC"
    votes = [f"Votes: {event.tally.summary()}"] if event.tally is not None else []
    if p is None:
        seats = seating(enactor, game)
        seated: Sequence[Notice] = ()
        if seats is not None and event.kind == "admitted":
            seated = seats.seat(session, game, who, event.at)
        elif seats is not None and event.kind in ("left", "removed"):
            seats.unseat(session, game, who, event.at)
        return [_member_news(game, event, who, at), *seated]
    name = str(p.name)
    if event.kind == "proposed":
        lines = [
            *([p.issue.render()] if p.issue.render() else []),
            *votes,
            f"Silence counts as aye from {p.implied_at:%A %d %B %H:%M} UTC ({cite(10)}).",
            f"Unless ratified or declared dead, it is dead at "
            f"{p.expires_at:%A %d %B %H:%M} UTC ({cite(128)}).",
        ]
        return [
            _lounge(game, f"Proposal: {name}", f"{who} proposes {name}:", text=p.text, lines=lines)
        ]
    if event.kind == "voted":
        return [
            _lounge(
                game,
                f"{who} votes {event.detail} on {name}",
                f"{who} votes {event.detail} on {name}.",
                lines=votes,
            )
        ]
    if event.kind == "dead":
        news = (
            f"{who} declares {name} dead, after a nay ({cite(10)}). It is removed from "
            "consideration."
        )
        return [_lounge(game, f"{name} is dead", news, lines=votes)]
    if event.kind == "expired":
        news = (
            f"{name} was neither ratified nor declared dead within two weeks of being posted, "
            f"so it is dead ({cite(128)})."
        )
        return [_lounge(game, f"{name} is dead", news, lines=votes)]
    if event.kind == "implied":
        news = (
            f"72 hours have passed since {name} was posted: every player counted who has not "
            f"voted is taken as voting aye, and may still change that vote ({cite(10)})."
        )
        lines = list(votes)
        notices = []
        if event.tally is not None and event.tally.unanimous:
            lines.append(
                f"Every player counted is in favour: {p.proposer} may now ratify it by "
                f"writing 'ratify {name}'."
            )
        notices.append(_lounge(game, f"{name}: 72 hours", news, lines=lines))
        return notices
    if event.kind == "ratified":
        effective = p.effective_at or event.at
        news = (
            f"{who} ratifies {name} ({cite(10)}). It takes effect at "
            f"{effective:%A %d %B %H:%M} UTC, one hour from this post."
        )
        return [_lounge(game, f"{name} is ratified", news, text=p.text, lines=votes)]
    if event.kind == "in-effect":
        news = (
            f"{name} is agreed: the hour after its ratification has passed, and it took "
            f"effect at {at} ({cite(10)})."
        )
        notices = [_lounge(game, f"{name} is in effect", news)]
        if p.issue.purpose is Purpose.CHANGE:
            notices.extend(enactor.enact(session, game, name, p.text, event.at))
            known = {p.name.casefold() for p in session.scalars(select(Player))}
            loaded = load(session, game) or chamber
            agreed = ifmud_roll.adopt_agreed(game, loaded, event.at, known.__contains__)
            if agreed is not loaded:
                save(session, game, agreed)
        return notices
    return []


def follow_state(
    session: Session, game: Game, kind: GameKind, before: str | None, at: datetime
) -> list[Notice]:
    """Players the game's own actions took out of its state (rule 13's ``leave the game``, a
    loss under rule 33) leave the chamber's roll, give up their seats and are announced in the
    lounge, as the chamber's own ``leave`` does: the roll and the seats never keep a player
    the state has dropped."""
    gone = ifmud_roll.departed(before, game)
    chamber = load(session, game) if gone else None
    if chamber is None:
        return []
    save(session, game, chamber)
    when = f"{at:%A %d %B %H:%M} UTC"
    notices = []
    for name, lost in gone:
        event = Event("lost", at, 33, player=name) if lost else Event("left", at, 13, player=name)
        admission.unseat(session, game, kind, name, at)
        notices.append(_member_news(game, event, name, when))
    return notices


def _member_news(game: Game, event: Event, who: str, at: str) -> Notice:
    if event.kind == "lost":  # rule 33 is the game's, not among the chamber's cited rules
        news = f"{who} has lost and leaves the game (ifMUD rule 33, losing)."
        return _lounge(game, news.split(" (")[0], f"{news} ({at})")
    news = {
        "demerit": f"{who} incurs a demerit ({cite(event.rule)}) and now has {event.detail}.",
        "removed": f"{who} has three demerits and is removed from the game ({cite(11)}).",
        "left": f"{who} has left the game ({cite(13)}).",
        "passive": f"{who} is {'now on' if event.detail == 'on' else 'off'} the Passive "
        f"Voters list ({cite(event.rule)}).",
        "admitted": f"{who} is added to the game by unanimous consent ({cite(12)}).",
    }.get(event.kind, f"{who}: {event.kind}")
    return _lounge(game, news.split(" (")[0], f"{news} ({at})")
