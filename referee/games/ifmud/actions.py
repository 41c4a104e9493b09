"""The actions a player posts, one per line, in a short grammar; parse and render as a pair.

Each line is one :class:`Action`: a verb and its arguments (room, token and player names as
the player wrote them). :data:`GRAMMAR` is the whole language, one pattern per verb with the
rule that allows it; :func:`parse_actions` reads a posting (up to a ``--`` signature line)
and :meth:`Action.render` writes the canonical line back. rules/ifmud-nomic/README.md lists
the grammar for players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class ActionSyntaxError(ValueError):
    """A line that is no action of the grammar; the message quotes it and lists the verbs."""


@dataclass(frozen=True)
class Verb:
    """One form of the grammar: its name, the pattern it is read by, how it is written, the
    rule that allows it, and whether only the active player may take it in their turn."""

    name: str
    pattern: str
    template: str
    rule: int
    turn: bool = True
    optional: tuple[tuple[str, str], ...] = ()
    """Optional arguments and how each is written after the template."""


GRAMMAR: tuple[Verb, ...] = (
    Verb("move servant", r"move (?:my )?servant to (?P<room>.+)", "move servant to {room}", 46),
    Verb("move monkey", r"move the monkey to (?P<room>.+)", "move the monkey to {room}", 71),
    Verb("move", r"move (?:me |myself )?to (?P<room>.+)", "move to {room}", 30),
    Verb("xyzzy", r"xyzzy", "xyzzy", 62),
    Verb("servant pick up", r"servant picks? up (?P<token>.+)", "servant pick up {token}", 56),
    Verb("servant drop", r"servant drops? (?P<token>.+)", "servant drop {token}", 56),
    Verb(
        "monkey retime",
        r"monkey re-?times? (?P<token>.+)",
        "monkey retime {token}",
        83,
    ),
    Verb(
        "monkey steal",
        r"monkey steals? (?P<token>.+) from (?P<victim>.+)",
        "monkey steal {token} from {victim}",
        85,
    ),
    Verb("monkey pick up", r"monkey picks? up (?P<token>.+)", "monkey pick up {token}", 81),
    Verb("monkey drop", r"monkey drops? (?P<token>.+)", "monkey drop {token}", 81),
    Verb("pick up", r"pick up (?P<token>.+)", "pick up {token}", 56),
    Verb("drop", r"drop (?P<token>.+)", "drop {token}", 56),
    Verb(
        "servant steal",
        r"servant steals? (?P<token>.+) from the monkey",
        "servant steal {token} from the monkey",
        86,
    ),
    Verb(
        "steal",
        r"steal (?P<token>.+) from (?P<victim>.+)",
        "steal {token} from {victim}",
        64,
    ),
    Verb(
        "ride omnibus",
        r"ride the (?:magic )?omnibus to (?P<room>.+)",
        "ride the omnibus to {room}",
        80,
    ),
    Verb(
        "send servant by omnibus",
        r"send (?:my )?servant by (?:the )?(?:magic )?omnibus to (?P<room>.+)",
        "send servant by omnibus to {room}",
        80,
    ),
    Verb("teleport", r"teleport to (?P<room>.+)", "teleport to {room}", 110),
    Verb(
        "set destination",
        r"set (?:the )?destination of (?P<token>.+) to (?P<room>.+)",
        "set destination of {token} to {room}",
        103,
    ),
    Verb("buy pie", r"buy a pie", "buy a pie", 115),
    Verb("throw pie", r"throw (?:a )?pie at (?P<victim>.+)", "throw pie at {victim}", 116),
    Verb(
        "buy bomb",
        r"buy a bomb(?: of (?P<days>\d+) days?)?",
        "buy a bomb",
        132,
        optional=(("days", " of {days} days"),),
    ),
    Verb("rename", r"rename (?P<token>.+) to (?P<name>.+)", "rename {token} to {name}", 133),
    Verb("create cigar", r"create (?:an |the )?esploding cigar", "create esploding cigar", 152),
    Verb("create pie bomb", r"create (?:a |the )?pie bomb", "create pie bomb", 120),
    Verb(
        "create quest",
        r"create (?:a )?quest (?P<colour>[^ ]+)(?: named (?P<name>.+))?",
        "create quest {colour}",
        142,
        optional=(("name", " named {name}"),),
    ),
    Verb(
        "unletter",
        r"damage (?P<room>.+) letter (?P<position>\d+)",
        "damage {room} letter {position}",
        76,
    ),
    Verb(
        "reletter",
        r"repair (?P<room>.+) letter (?P<position>\d+) as (?P<letter>[A-Za-z])",
        "repair {room} letter {position} as {letter}",
        121,
    ),
    Verb("kitten move", r"move the kitten", "move the kitten", 160),
    Verb("kitten fly", r"fly the kitten", "fly the kitten", 160),
    Verb(
        "robot examine",
        r"robot examines?(?: after moving to (?P<room>.+))?",
        "robot examine",
        160,
        optional=(("room", " after moving to {room}"),),
    ),
    Verb("metamorphose", r"metamorphose into (?P<gift>.+)", "metamorphose into {gift}", 135),
    Verb("abandon", r"abandon (?P<gift>.+)", "abandon {gift}", 137, turn=False),
    Verb("sacrifice", r"sacrifice (?:the )?lunchbox", "sacrifice the lunchbox", 143),
    Verb(
        "name servant",
        r"name (?:my )?servant (?P<name>.+), (?:a |an |the )?(?P<species>.+)",
        "name servant {name}, {species}",
        45,
        turn=False,
    ),
    Verb(
        "donate",
        r"donate (?P<amount>\d+) to (?P<player>.+)",
        "donate {amount} to {player}",
        113,
        turn=False,
    ),
    Verb(
        "accept",
        r"accept (?:the )?donation from (?P<player>.+)",
        "accept donation from {player}",
        113,
        turn=False,
    ),
    Verb(
        "retract",
        r"retract (?:the |my )?donation to (?P<player>.+)",
        "retract donation to {player}",
        113,
        turn=False,
    ),
    Verb(
        "join list",
        r"join (?:the )?(?P<list>passive voters|passive turn-takers)",
        "join the {list}",
        32,
        turn=False,
    ),
    Verb(
        "leave list",
        r"leave (?:the )?(?P<list>passive voters|passive turn-takers)",
        "leave the {list}",
        32,
        turn=False,
    ),
    Verb("wake", r"i am awake", "i am awake", 93, turn=False),
    Verb("leave game", r"leave the game", "leave the game", 13, turn=False),
    Verb("end turn", r"end (?:my )?turn", "end turn", 27),
)
"""The grammar, most specific form first (``move servant to`` before ``move to``)."""

_COMPILED = tuple((verb, re.compile(verb.pattern, re.IGNORECASE)) for verb in GRAMMAR)
VERBS = {verb.name: verb for verb in GRAMMAR}


@dataclass(frozen=True)
class Action:
    """One action: its verb and its arguments by name (unset optional ones are absent)."""

    verb: str
    args: tuple[tuple[str, str], ...] = ()

    def get(self, name: str, default: str = "") -> str:
        return dict(self.args).get(name, default)

    @property
    def rule(self) -> int:
        return VERBS[self.verb].rule

    @property
    def turn_dependent(self) -> bool:
        return VERBS[self.verb].turn

    def render(self) -> str:
        verb, args = VERBS[self.verb], dict(self.args)
        text = verb.template.format(**args)
        for name, suffix in verb.optional:
            if name in args:
                text += suffix.format(**args)
        return text


def parse_action(line: str) -> Action:
    """The action ``line`` states."""
    text = " ".join(line.strip().rstrip(".").split())
    for verb, pattern in _COMPILED:
        match = pattern.fullmatch(text)
        if match:
            args = tuple((k, v.strip()) for k, v in match.groupdict().items() if v is not None)
            if verb.name in ("join list", "leave list"):
                args = (("list", dict(args)["list"].lower()),)
            return Action(verb.name, args)
    forms = "; ".join(verb.template.replace("{", "").replace("}", "") for verb in GRAMMAR[:8])
    raise ActionSyntaxError(
        f"{line.strip()!r} is not an action this referee reads (for example: {forms}; "
        "the whole grammar is in rules/ifmud-nomic/README.md)"
    )


def parse_actions(text: str) -> tuple[Action, ...]:
    """Every action of a posting, one per line, up to a signature line ``--``; quoted lines
    (``>``) are skipped."""
    actions: list[Action] = []
    for line in text.splitlines():
        if line.strip() in ("--", "-- "):
            break
        if not line.strip() or line.lstrip().startswith(">"):
            continue
        actions.append(parse_action(line))
    if not actions:
        raise ActionSyntaxError("the posting states no action (one per line, e.g. 'end turn')")
    return tuple(actions)


def render_actions(actions: tuple[Action, ...]) -> str:
    return "\n".join(action.render() for action in actions)
