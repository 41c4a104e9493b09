"""The turn desk with the rules engine behind it: a posting in, a verdict out.

The mail service hands over the game's stored GSD (the text the referee last posted, the only
authority) and the player's posting; this desk reads the posting with the notation, works out
which play is new, and judges exactly that play against the STORED state. The tables a player
copied are never trusted: keeping the GSD is the referee's job now (rule 1.2.1), so a posting
whose header hash or record differs from the stored ones is answered as stale, not repaired.

The desk stays pure (no mail, no database, no clock). It keeps the last GSD value it produced
for each game so the engine's derived history (cached per GSD value) is reused on the next
turn: the warm path of ``referee.engine.turn.adjudicate``.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from referee.engine.amended import amended, versions
from referee.engine.dice import Dice, RecordingDice, Roll
from referee.engine.fair_dice import SeededDice, SeededRoll
from referee.engine.ruleset import VANILLA, Ruleset
from referee.engine.turn import adjudicate, may_submit, whose_turn
from referee.notation.amendments import Change
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD, read_posting
from referee.notation.plays import Play
from referee.service import gsd_edits
from referee.service.desk import GameView, PlayerView, TurnOutcome
from referee.variants import UnknownVariantError, find_variant
from referee.variants.game_settings import GameSettings, SettingError

log = logging.getLogger(__name__)

DRONE_STICK = "Drone Stick"


def stick_holder(gsd: GSD) -> str | None:
    """Rule 1.15.1 - the Drone: its Turn is posted by whoever carries the Drone Stick, which
    the GSD records as a Possession in that player's Luggage Rack (None when no one does)."""
    for entry in gsd.rack:
        if any(item.name.casefold() == DRONE_STICK.casefold() for item in entry.possessions):
            return entry.player
    return None


@dataclass(frozen=True)
class _NewPlay:
    """The one play a posting adds to the stored record, or why there is none to judge."""

    play: Play | None = None
    outcome: TurnOutcome | None = None


def unpredictable_dice() -> RecordingDice:
    """Fresh dice for a live Turn, seeded from the operating system's entropy.

    The engine's own default (:func:`referee.engine.turn.turn_dice`) is seeded from the game
    and turn numbers so that offline checks repeat; by mail that would let a player work out
    a roll (a [Finding], a Venbacker die) before sending the Turn. Every roll made here is
    stored with the Turn, which is what a later replay reads.
    """
    return RecordingDice(random.Random(secrets.randbits(128)))


class EngineDesk:
    """Judges turns with :func:`referee.engine.turn.adjudicate` under one ruleset."""

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        *,
        prepare: bool = True,
        dice: Callable[[], RecordingDice] = unpredictable_dice,
    ) -> None:
        self.ruleset = ruleset or VANILLA
        self.dice = dice
        self.index = self.ruleset.action_index()
        if prepare:
            self.ruleset.prepare()
        self._warm: dict[int, tuple[str, GSD]] = {}
        self._lock = threading.Lock()
        self._variants: dict[str, EngineDesk] = {}

    def submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        """Judge a Turn of ``game`` under the ruleset its Special Rules name (rule 1.1.2), or
        this desk's own for a Normal game, with the settings the game was created with."""
        if not game.variants and not game.settings and not game.rules:
            return self._submit(game, player, text)
        desk = self._under(game.variants, game.settings, game.rules)
        if isinstance(desk, TurnOutcome):
            return desk
        return desk._submit(replace(game, variants=(), settings=(), rules=()), player, text)

    def _under(
        self,
        names: tuple[str, ...],
        settings: tuple[tuple[str, str], ...] = (),
        rules: tuple[Change, ...] = (),
    ) -> EngineDesk | TurnOutcome:
        """The desk judging under the variant ``names`` with ``settings`` and the game's
        enactments ``rules`` (made on first use and kept, so an amended game's tables are
        built once, not per Turn), or why none can: this referee cannot combine rulesets
        yet, nor judge a name or a setting it lost."""
        try:
            variant = find_variant(names[0]) if names else type(self.ruleset)
        except UnknownVariantError as error:
            return _kept(f"{error} (rule 1.1.2)")
        if len(names) > 1:
            return _kept(
                f"this referee cannot yet combine the Special Rules variants "
                f"{', '.join(names)} (rule 1.1.2)"
            )
        try:
            stored = GameSettings.of_stored(dict(settings), variant)
        except SettingError as error:
            return _kept(f"the game's stored settings cannot be read: {error}")
        chosen = stored.changed().only("rules")
        if type(self.ruleset) is variant and not chosen.values and not rules:
            return self
        amendable = stored.published_rules_amendable
        key = f"{variant.name} {chosen.render()} {amendable} {_digest(rules)}"
        with self._lock:
            if key not in self._variants:
                ruleset = chosen.rules()
                if rules:
                    found = versions(ruleset, rules, published_amendable=amendable)
                    ruleset = amended(ruleset, found[-1])
                self._variants[key] = EngineDesk(ruleset, prepare=False, dice=self.dice)
            return self._variants[key]

    def _submit(self, game: GameView, player: PlayerView, text: str) -> TurnOutcome:
        if not game.state:
            return TurnOutcome(
                verdict="not_adjudicated",
                explanation=f"game MC {game.number} has no Game State Document yet; the "
                "operator starts it with `referee db new-game`",
            )
        try:
            stored = self._stored(game)
        except NotationError as error:
            return TurnOutcome(
                verdict="not_adjudicated",
                explanation="the referee cannot read its own stored GSD for this game "
                f"({error.describe()}); the turn is kept for the operator",
            )
        try:
            posting = read_posting(text, index=self.index, players=stored.player_names)
        except NotationError as error:
            return TurnOutcome(
                verdict="unreadable",
                violations=(error.describe(),),
                explanation=error.describe(),
            )
        found = self._new_play(stored, posting.gsd, posting.plays, posting.declared_hash)
        if found.outcome is not None and not posting.plays and posting.gsd is None:
            return self._no_play(player.name, text, stored)
        if found.outcome is not None:
            return found.outcome
        assert found.play is not None
        try:
            return self._judge(game, player, stored, found.play)
        except Exception:  # an engine bug must cost the player an answer, never the turn
            log.exception(
                "engine desk: MC %s, %s's turn could not be judged", game.number, player.name
            )
            return TurnOutcome(
                verdict="not_adjudicated",
                play=found.play.render(self.index),
                explanation="the referee failed while judging it; the error is logged and the "
                "turn kept for the operator",
            )

    def _no_play(self, name: str, text: str, stored: GSD) -> TurnOutcome:
        """A posting with no play line: if its first line reads as a play once the player's
        name is put before it, the answer shows that line, as rule 1.3.1 writes a play."""
        first = next((line.strip() for line in text.splitlines() if line.strip()), "")
        try:
            guess = read_posting(f"{name} : {first}", index=self.index, players=stored.player_names)
        except NotationError:
            guess = None
        if guess is None or len(guess.plays) != 1:
            why = (
                "I found no new play: append your play as the last line of the GSD, for "
                f"example '{name} : Euston (VC)' (rule 1.3.1); 'nomic help' says how to write "
                "a turn and every command"
            )
        else:
            line = guess.plays[0].render(self.index)
            why = (
                f"a play starts with the player's name: write '{line}', appended to the GSD "
                "or alone (rule 1.3.1); 'nomic help' says how to write a turn and every command"
            )
        return TurnOutcome(verdict="unreadable", violations=(why,), explanation=why)

    def _stored(self, game: GameView) -> GSD:
        """The stored GSD as a value, the very one the last legal turn produced if it is
        still current (so its history is not derived again)."""
        assert game.state is not None
        with self._lock:
            warm = self._warm.get(game.number)
        if warm is not None and warm[0] == game.state:
            return warm[1]
        gsd = GSD.parse(game.state, index=self.index, kept=True)
        with self._lock:
            self._warm[game.number] = (game.state, gsd)
        return gsd

    def _new_play(
        self,
        stored: GSD,
        posted: GSD | None,
        plays: tuple[Play, ...],
        declared: str | None,
    ) -> _NewPlay:
        """Rule 1.3.1 - Making a Play: a turn is the current GSD with one play appended, or
        that play alone. Anything posted on another state is stale."""
        if posted is not None:
            known = [p.render(self.index) for p in stored.plays]
            if declared is not None and not stored.is_state(declared, self.index):
                return _stale(
                    f"its header says State {declared}, but the current GSD is State "
                    f"{stored.state_hash()}, for Turn {stored.turn}"
                )
            if posted.game is not None and stored.game is not None and posted.game != stored.game:
                return _stale(f"it is the GSD of game {posted.game}, not game {stored.game}")
            written = [p.render(self.index) for p in plays]
            for number, (mine, theirs) in enumerate(zip(known, written, strict=False), 1):
                if mine != theirs:
                    return _stale(
                        f"play {number} of its record is '{theirs}' but the referee's is '{mine}'"
                    )
            if len(written) < len(known):
                return _stale(
                    f"its record has {len(written)} plays but the current one has {len(known)}"
                )
            new = plays[len(known) :]
        else:
            new = plays
        if not new:
            return _unreadable(
                "I found no new play: append your play as the last line of the GSD, for "
                "example 'Alice : Euston (VC)' (rule 1.3.1)"
            )
        if len(new) > 1:
            return _unreadable(
                f"I found {len(new)} new plays ({'; '.join(p.render(self.index) for p in new)});"
                " send only the play for this Turn"
            )
        return _NewPlay(play=new[0])

    def _judge(self, game: GameView, player: PlayerView, stored: GSD, play: Play) -> TurnOutcome:
        written = play.render(self.index)
        holder = stick_holder(stored)
        expected = whose_turn(stored)
        if not may_submit(stored, player.name, holder):
            if expected is not None and play.player.casefold() != expected.casefold():
                why = f"it is {expected}'s Turn, not {play.player}'s (rule 1.3.2)"
            elif expected == "Drone":
                why = (
                    "it is the Drone's Turn, which only the carrier of the Drone Stick may post "
                    f"(rule 1.15.1); {holder or 'no one'} carries it"
                )
            else:
                why = f"it is {expected or 'no one'}'s Turn (rule 1.3.2)"
            return TurnOutcome(verdict="out_of_turn", play=written, explanation=why)
        if play.player.casefold() != (expected or "").casefold():
            return TurnOutcome(
                verdict="out_of_turn",
                play=written,
                explanation=f"the play is {play.player}'s but it is {expected}'s Turn; you may "
                "post only the play of the player whose Turn it is (rule 1.3.2)",
            )
        dice: Dice = self.dice()
        if game.seed is not None:
            dice = SeededDice(game.seed, game.number, game.draw)
        result = adjudicate(stored, play, self.ruleset, dice)
        rolls = tuple(_stored_roll(r) for r in result.rolls)
        if result.legal:
            new_state = result.state.render(self.index)
            with self._lock:
                self._warm[game.number] = (new_state, result.state)
            gsd_edits.remember(new_state, result.state, self.index)
            return TurnOutcome(
                verdict="legal",
                play=written,
                new_state=new_state,
                rolls=rolls,
                winner=result.winner,
            )
        if not result.adjudicated:
            names = ", ".join(
                name if name.startswith("rule ") else f"[{name}]" for name in result.unadjudicated
            )
            return TurnOutcome(
                verdict="not_adjudicated",
                play=written,
                violations=tuple(result.messages()),
                explanation=f"this referee does not yet adjudicate {names}",
                rolls=rolls,
            )
        return TurnOutcome(
            verdict="illegal", play=written, violations=tuple(result.messages()), rolls=rolls
        )


def _digest(rules: tuple[Change, ...]) -> str:
    """What names a game's enactments in the desk's cache: equal texts, the same desk."""
    if not rules:
        return ""
    joined = "\0".join(f"{c.version}\0{c.proposal}\0{c.at.isoformat()}\0{c.text}" for c in rules)
    return hashlib.sha256(joined.encode()).hexdigest()


def _stored_roll(roll: Roll) -> dict[str, object]:
    """A roll as the turn keeps it; one drawn from the game's seed keeps its label too."""
    kept: dict[str, object] = {"sides": roll.sides, "value": roll.value, "why": roll.why}
    if isinstance(roll, SeededRoll):
        kept["label"] = roll.label
    return kept


def _stale(why: str) -> _NewPlay:
    return _NewPlay(outcome=TurnOutcome(verdict="stale", explanation=why))


def _unreadable(why: str) -> _NewPlay:
    return _NewPlay(outcome=TurnOutcome(verdict="unreadable", violations=(why,), explanation=why))


def _kept(why: str) -> TurnOutcome:
    return TurnOutcome(verdict="not_adjudicated",
                       explanation=f"{why}; the turn is kept for the operator")  # fmt: skip
