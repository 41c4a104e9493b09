"""The readings of the chamber's rules that players could reasonably take differently.

Each field is a setting of :mod:`referee.variants.game_settings` (scope ``chamber``), set by
the Speaker per game, stored with the game and shown to players;
rules/ifmud-nomic/readings.md#r10 and #r146 explain the readings. A game of a kind whose own
rules are a legislature (ifMUD Nomic) is offered them beside its kind's readings, so
:meth:`ChamberSettings.parse` reads them from the game's stored pairs among the others, and
:meth:`ChamberSettings.render` writes them back as the Speaker's ``set`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, cast

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class ChamberSettings:
    """The chamber's readings for one game."""

    lone_nay_may_declare_dead: bool = False
    """ifMUD rule 10: once a player has voted nay, 'any other player' may declare the proposal
    dead. False: someone other than a nay voter, or a second nay voter, must declare it; true:
    the only nay voter may declare it dead emself."""

    intents_may_be_withdrawn: bool = True
    """ifMUD rule 146 is silent on taking back a statement of intent before its time. True:
    its player may withdraw it ('intent cancel N'); false: once posted it stands, as a post to
    the list cannot be unsent."""

    intents_count_as_posts: bool = True
    """ifMUD rules 24 and 146: a statement of intent takes effect as if posted at its time.
    True: it is a post then too, so rule 24's week starts again when it takes effect (as it
    did when it was sent); false: only sending it is a post, so statements posted in advance
    cannot keep a silent player clear of rule 24's demerits."""

    @classmethod
    def parse(cls, pairs: tuple[tuple[str, str], ...]) -> ChamberSettings:
        """The readings ``pairs`` (``name``, value text) set; names not listed here are
        other settings of the game and are passed over."""
        known = {f.name for f in fields(cls)}
        settings = cls()
        for name, text in pairs:
            if name not in known:
                continue
            word = text.strip().casefold()
            if word not in TRUE + FALSE:
                raise ValueError(f"{name} is true or false, not {text!r}")
            settings = replace(settings, **cast(dict[str, Any], {name: word in TRUE}))
        return settings

    def render(self) -> tuple[tuple[str, str], ...]:
        """Every reading as (``name``, ``true`` or ``false``), which :meth:`parse` reads back."""
        return tuple((f.name, "true" if getattr(self, f.name) else "false") for f in fields(self))


def choices() -> dict[str, tuple[str, ...]]:
    """Every reading with the values the Speaker's ``set`` takes, the default first (the form
    of ``GameKind.choices``, so a legislature's game offers them beside its kind's own)."""
    defaults = ChamberSettings()
    return {
        f.name: ("true", "false") if getattr(defaults, f.name) else ("false", "true")
        for f in fields(ChamberSettings)
    }
