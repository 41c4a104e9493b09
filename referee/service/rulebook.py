"""A game's living rulebook: enactments kept in the store, versions rebuilt from them.

Version 1 of a game's rules is its ruleset as published; each enactment (a ratified
proposal, through :class:`RulebookEnactor`, or the Speaker's correction, through
:func:`speaker_enact`) is a ``rules_changes`` row whose text makes the next version
(:mod:`referee.engine.amended`). The turn use case hands a game's enactments to its kind
(``GameView.rules``), so a changed table changes adjudication from the moment it takes
effect; the lounge is told each new version with its diff.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engine.amended import Enactment, RulesVersion, amended, diff, enact, versions
from referee.engine.ruleset import Ruleset
from referee.games.mornington import NAME as MORNINGTON
from referee.notation.amendments import (
    AmendmentError,
    Change,
    amendment_paragraphs,
    parse_amendment,
)
from referee.service.game_dice import settings_of
from referee.service.gsd_edits import ruleset_of
from referee.service.notices import Audience, CommandError, Notice
from referee.store import games
from referee.store.models import Game, RulesChange, Turn
from referee.store.session_cache import cached
from referee.store.status import TurnStatus

KINDS = frozenset({MORNINGTON})
"""The kinds of game whose rules this referee keeps as versions (their published rules are
a ruleset of ``rules/``); another kind's enactments are recorded by the chamber alone."""


def ruleset_for(game: Game) -> Ruleset:
    """The ruleset a game's version 1 is: Volume 1 or its Special Rules variant (a refusal
    for a kind of game whose rules are not kept as versions)."""
    if game.kind not in KINDS:
        raise CommandError(
            f"game {game.tag} is a game of {game.kind}, whose rules this referee does "
            "not keep as versions yet"
        )
    return ruleset_of(game.variants)


def published_amendable(game: Game) -> bool:
    """The game's reading of ifMUD rule 35 for its published rules (rules/amendments.md)."""
    return settings_of(game).published_rules_amendable


def changes_of(session: Session, game: Game) -> tuple[Change, ...]:
    """Every enactment of ``game``'s rules, oldest first: read once per transaction, and
    again once the transaction enacts one (``session_cache``)."""

    def load() -> tuple[Change, ...]:
        rows = session.scalars(
            select(RulesChange).where(RulesChange.game_id == game.id).order_by(RulesChange.version)
        )
        return tuple(Change(r.version, r.proposal, r.effective_at, r.text) for r in rows)

    return cached(session, games.RULES, game.id, (RulesChange,), load)


def number_in_force(session: Session, game: Game) -> int | None:
    """The number of the version of ``game``'s rules in force now (1: as published), which
    is what a turn judged now is judged under; None for a kind whose rules are not kept as
    versions."""
    if game.kind not in KINDS:
        return None
    changes = changes_of(session, game)  # read once per transaction: the turn reads them too
    return changes[-1].version if changes else 1


def versions_of(session: Session, game: Game) -> list[RulesVersion]:
    """Every version of ``game``'s rules, version 1 first."""
    return versions(
        ruleset_for(game), changes_of(session, game), published_amendable=published_amendable(game)
    )


def judging_ruleset(game: Game) -> Ruleset:
    """Version 1 as the turn desk judges by it: the game's ruleset (rule 1.1.2's variant)
    with the readings the Speaker set for it (``EngineDesk`` makes the same)."""
    return settings_of(game).changed().only("rules").rules()


def ruleset_in_force(session: Session, game: Game) -> Ruleset:
    """The ruleset ``game`` is judged under now: its version 1, with the game's readings,
    and its enactments applied (for what the service judges outside a posted Turn, such as a
    forced Timeout, which the turn desk would judge the same way)."""
    if game.kind not in KINDS:
        return ruleset_of(game.variants)
    base = judging_ruleset(game)
    changes = changes_of(session, game)
    if not changes:
        return base
    found = versions(ruleset_for(game), changes, published_amendable=published_amendable(game))
    return amended(base, found[-1])


def version_of(session: Session, game: Game, number: int | None = None) -> RulesVersion:
    """Version ``number`` of the game's rules (the one in force if None), or a refusal."""
    found = versions_of(session, game)
    if number is None:
        return found[-1]
    if not 1 <= number <= len(found):
        raise CommandError(f"game {game.tag}'s rules have versions 1 to {len(found)}, not {number}")
    return found[number - 1]


def record(
    session: Session, game: Game, proposal: str, text: str, at: datetime
) -> tuple[Enactment, RulesVersion]:
    """Enact ``text`` for ``game`` as of ``at``: the new version is stored when the text
    changes anything (what it cannot apply as written is said in the remarks). Returns the
    enactment and the version it replaced."""
    found = versions_of(session, game)
    current = found[-1]
    change = Change(current.number + 1, proposal, at, text)
    network = ruleset_for(game).network()
    done = enact(current, change, network.resolve, published_amendable=published_amendable(game))
    if done.applied:
        game.version += 1  # a turn judged under the old rules meanwhile is stale, not applied
        session.add(
            RulesChange(
                game_id=game.id,
                version=change.version,
                proposal=proposal,
                text=text,
                effective_at=at,
            )
        )
        session.flush()
    return done, current


def check(session: Session, game: Game, text: str) -> list[str]:
    """Everything that would stop ``text`` being enacted exactly as written: each line that
    breaks the grammar, each amendment the rules forbid or the tables cannot take, or no
    amendment at all. Empty when it would apply as written (a proposer can be told before
    the vote)."""
    problems: list[str] = []
    readable: list[str] = []
    for paragraph in amendment_paragraphs(text):
        try:
            parse_amendment(paragraph)
        except AmendmentError as error:
            problems.append(str(error))
        else:
            readable.append(paragraph)
    if not readable and not problems:
        return ["it holds no amendment (see rules/amendments.md for the forms)"]
    current = versions_of(session, game)[-1]
    network = ruleset_for(game).network()
    trial = enact(
        current,
        Change(current.number + 1, "check", datetime.min, "\n\n".join(readable)),
        network.resolve,
        published_amendable=published_amendable(game),
    )
    return problems + list(trial.remarks)


def problems_before_the_vote(session: Session, game: Game, text: str) -> list[str]:
    """What a proposer is told when eir proposal is posted: the amendments in its text that
    would not apply as written if it were ratified now (none for a proposal in prose alone,
    or for a kind whose rules are not kept as versions)."""
    if game.kind not in KINDS or not amendment_paragraphs(text):
        return []
    return check(session, game, text)


def last_judged(session: Session, game: Game) -> int | None:
    """The rules version that judged ``game``'s last applied turn (None before its first)."""
    return session.scalar(
        select(Turn.rules_version)
        .where(Turn.game_id == game.id, Turn.status == TurnStatus.APPLIED)
        .where(Turn.number.is_not(None))
        .order_by(Turn.number.desc())
        .limit(1)
    )


def notices_of(
    game: Game, proposal: str, done: Enactment, before: RulesVersion, last: int | None = None
) -> list[Notice]:
    """The lounge's post of a new version (its diff, what was not applied as written, and
    the state of the game it applies to: the version that judged its last turn, ``last``, and
    the turn the new one judges from), or, when nothing changed, the post saying so."""
    changed = bool(done.applied)
    return [
        Notice(
            "lounge.rules-changed",
            Audience.lounge(game.lounge_address),
            {
                "proposal": proposal,
                "changed": changed,
                "version": done.version.number if changed else before.number,
                "previous": before.number,
                "at": f"{done.version.change.at:%Y-%m-%d %H:%M}" if done.version.change else "",
                "diff": diff(before, done.version).rstrip("\n") if changed else "",
                "remarks": list(done.remarks),
                "unread": [
                    done.version.unread[n]
                    for n in sorted(done.version.unread)
                    if n not in before.unread
                ],
                "number": game.number,
                "turn": game.turn_number,
                "last_version": last,
            },
            subject=(
                game.tag.subject(f"Rules version {done.version.number}: {proposal}")
                if changed
                else game.tag.subject(f"{proposal} changed no rule")
            ),
        )
    ]


class _Enacting(Protocol):
    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]: ...


class RulebookEnactor:
    """The chamber's enactor (:class:`referee.service.enactment.Enactor`) for games with a
    living rulebook: a ratified proposal's amendments make the game's next rules version,
    and the lounge is posted its diff. A proposal with no amendment in the grammar, or of a
    kind whose rules are not kept as versions, is handed to ``otherwise`` (the service gives
    it ``RecordOnly``: its text kept, its changes not adjudicated)."""

    def __init__(self, otherwise: _Enacting) -> None:
        self.otherwise = otherwise

    def enact(
        self, session: Session, game: Game, proposal: str, text: str, at: datetime
    ) -> Sequence[Notice]:
        if game.kind not in KINDS:
            return self.otherwise.enact(session, game, proposal, text, at)
        done, before = record(session, game, proposal, text, at)
        if not done.applied and not done.remarks:
            # no amendment in the grammar: what its words change is recorded, not adjudicated
            return self.otherwise.enact(session, game, proposal, text, at)
        return notices_of(game, proposal, done, before, last_judged(session, game))


def speaker_enact(
    session: Session, game: Game, label: str, text: str, at: datetime
) -> list[Notice]:
    """The Speaker's own correction of a game's rules, enacted directly: refused, changing
    nothing, unless every line of ``text`` applies exactly as written."""
    problems = check(session, game, text)
    if problems:
        raise CommandError("the amendment was not enacted: " + "; ".join(problems))
    done, before = record(session, game, label, text, at)
    return notices_of(game, label, done, before, last_judged(session, game))
