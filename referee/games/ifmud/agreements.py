"""What a ratified proposal changes in the state, read from the proposal's text: the seam the
nomic chamber's enactor calls when a proposal of ifMUD Nomic takes effect.

A proposal's text may hold, one a line, changes the rules put to consent, in a short
grammar (rules/ifmud-nomic/README.md, "Agreements"). Each line is one :class:`Agreement`
(a form and its arguments, parsed and rendered as a pair, like the players' actions);
:func:`apply_agreements` makes them in order through :mod:`referee.games.ifmud.consent`.
Lines that are not changes of the state (a new rule's own text) are left to the rulebook.

Tokens (rule 54) are written in the state document's own token notation, so a token agreed
into the game reads exactly as the state will show it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from referee.games.ifmud import consent
from referee.games.ifmud.state import GameState, Token

Change = Callable[[GameState], GameState]


@dataclass(frozen=True)
class Form:
    """One form of agreement: its name, the pattern it is read by, how it is written, the
    rule that puts it to consent, and the change it makes."""

    name: str
    pattern: str
    template: str
    rule: int
    make: Callable[[Mapping[str, str]], Change]
    optional: tuple[tuple[str, str], ...] = ()
    """Optional arguments and how each is written after the template."""


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in text.split(";"))


FORMS: tuple[Form, ...] = (
    Form(
        "add room",
        r"add room (?P<room>.+)",
        "Add room {room}",
        20,
        lambda g: lambda s: consent.add_room(s, g["room"]),
    ),
    Form(
        "remove room",
        r"remove room (?P<room>.+)",
        "Remove room {room}",
        20,
        lambda g: lambda s: consent.remove_room(s, g["room"]),
    ),
    Form(
        "connect",
        r"connect (?P<one>.+?) (?:and|with|to) (?P<two>.+)",
        "Connect {one} and {two}",
        25,
        lambda g: lambda s: consent.connect(s, g["one"], g["two"]),
    ),
    Form(
        "disconnect",
        r"disconnect (?P<one>.+?) (?:and|from) (?P<two>.+)",
        "Disconnect {one} and {two}",
        20,
        lambda g: lambda s: consent.disconnect(s, g["one"], g["two"]),
    ),
    Form(
        "toll",
        r"toll (?P<toll>.+?) of (?P<value>-?\d+) on (?P<room>.+)",
        "Toll {toll} of {value} on {room}",
        43,
        lambda g: lambda s: consent.set_toll(s, g["room"], g["toll"], int(g["value"])),
    ),
    Form(
        "tax haven",
        r"tax haven (?P<room>.+)",
        "Tax haven {room}",
        68,
        lambda g: lambda s: consent.set_tax_haven(s, g["room"]),
    ),
    Form(
        "high-security area",
        r"high-security area (?P<room>.+)",
        "High-security area {room}",
        74,
        lambda g: lambda s: consent.set_high_security(s, g["room"]),
    ),
    Form(
        "rename game",
        r"rename the game to (?P<name>.+)",
        "Rename the game to {name}",
        37,
        lambda g: lambda s: consent.rename_game(s, g["name"]),
    ),
    Form(
        "add dark gift",
        r"add dark gift (?P<gift>[^:]+?): (?P<what>.+)",
        "Add dark gift {gift}: {what}",
        127,
        lambda g: lambda s: consent.add_dark_gift(s, g["gift"], g["what"]),
    ),
    Form(
        "remove dark gift",
        r"remove dark gift (?P<gift>.+)",
        "Remove dark gift {gift}",
        127,
        lambda g: lambda s: consent.remove_dark_gift(s, g["gift"]),
    ),
    Form(
        "add token",
        r"add token (?P<token>.+)",
        "Add token {token}",
        54,
        lambda g: lambda s: consent.add_token(s, Token.parse(g["token"])),
    ),
    Form(
        "remove token",
        r"remove token (?P<name>[^|]+)",
        "Remove token {name}",
        54,
        lambda g: lambda s: consent.remove_token_named(s, g["name"]),
    ),
    Form(
        "change token",
        # The name ends at its first ' to ': if the token does not read from there, it
        # reads from no later ' to ' either (its text before the first '|' only shrinks), so
        # the name is not tried again at each one (quadratic in a line of ' to ').
        r"change token (?>(?P<name>[^|]+?) to )(?P<token>[^|]+ \| .+)",
        "Change token {name} to {token}",
        54,
        lambda g: lambda s: consent.change_token(s, g["name"], Token.parse(g["token"])),
    ),
    Form(
        "remove synonyms",
        r"remove synonyms (?P<words>.+)",
        "Remove synonyms {words}",
        72,
        lambda g: lambda s: consent.remove_synonyms(s, _words(g["words"])),
    ),
    Form(
        "synonyms",
        r"synonyms (?P<words>.+)",
        "Synonyms {words}",
        72,
        lambda g: lambda s: consent.add_synonyms(s, _words(g["words"])),
    ),
    Form(
        "add player",
        r"add player (?P<player>.+)",
        "Add player {player}",
        12,
        lambda g: lambda s: consent.add_player(s, g["player"]),
    ),
    Form(
        "demerit",
        r"demerit for (?P<player>.+?)(?: for (?P<why>.+))?",
        "Demerit for {player}",
        22,
        lambda g: (
            lambda s: consent.give_demerit(s, g["player"], g.get("why") or "agreed by consent")
        ),
        optional=(("why", " for {why}"),),
    ),
    Form(
        "passive voter",
        r"passive voter (?P<player>.+)",
        "Passive voter {player}",
        40,
        lambda g: lambda s: consent.add_passive_voter(s, g["player"]),
    ),
    Form(
        "name servant",
        r"name the servant of (?P<owner>[^:]+?): (?P<name>.+), (?:a |an |the )?(?P<species>.+)",
        "Name the servant of {owner}: {name}, {species}",
        45,
        lambda g: lambda s: consent.name_servant(s, g["owner"], g["name"], g["species"]),
    ),
)
"""The forms of agreement, most specific first (``remove synonyms`` before ``synonyms``)."""

_COMPILED = tuple((form, re.compile(form.pattern, re.IGNORECASE)) for form in FORMS)
BY_NAME = {form.name: form for form in FORMS}


@dataclass(frozen=True)
class Agreement:
    """One agreed change: its form and its arguments by name, as the proposal wrote them
    (unset optional ones are absent)."""

    form: str
    args: tuple[tuple[str, str], ...] = ()

    @property
    def rule(self) -> int:
        """The rule that puts this change to the players' consent."""
        return BY_NAME[self.form].rule

    def render(self) -> str:
        form, args = BY_NAME[self.form], dict(self.args)
        text = form.template.format(**args)
        for name, suffix in form.optional:
            if name in args:
                text += suffix.format(**args)
        return text

    def apply(self, state: GameState) -> GameState:
        """The state with this change made (:class:`ValueError` saying why it cannot be)."""
        return BY_NAME[self.form].make(dict(self.args))(state)


def parse_agreement(line: str) -> Agreement | None:
    """The change ``line`` states, or None when it states none of the forms. Spacing is
    folded and a final full stop dropped, so a change may be written as a sentence."""
    text = " ".join(line.strip().rstrip(".").split())
    for form, pattern in _COMPILED:
        match = pattern.fullmatch(text)
        if match:
            args = tuple((k, v.strip()) for k, v in match.groupdict().items() if v is not None)
            return Agreement(form.name, args)
    return None


def parse_agreements(text: str) -> list[tuple[str, Agreement]]:
    """Every change a proposal's text states, with its line."""
    found = []
    for line in text.splitlines():
        agreement = parse_agreement(line)
        if agreement is not None:
            found.append((line.strip(), agreement))
    return found


def apply_agreements(state: GameState, text: str) -> tuple[GameState, list[str]]:
    """The state once every change ``text`` states is made, in order, and a line per change
    saying it was made or why it could not be (a change that cannot be made is skipped; the
    rest still take effect, as the players agreed them one by one). What a change set off
    (the state's news after it, such as a Quest lost with its room, rule 151) follows its line
    as ``then:`` lines; the state keeps the news it had."""
    said = []
    news = state.news
    for line, agreement in parse_agreements(text):
        try:
            state = agreement.apply(replace(state, news=()))
            said.append(f"made: {line}")
            said += [f"then: {happened}" for happened in state.news]
        except (ValueError, KeyError) as error:
            said.append(f"not made: {line} ({error})")
    return replace(state, news=news), said
