"""A game's rules as versions: Volume 1 by reference, then each enactment's amendments.

Version 1 of a game's rules is its ruleset as published (rule numbers and titles from
``titles.toml``, and the tables the engine reads); the project never holds the rule texts.
Each enactment (:class:`~referee.notation.amendments.Change`) makes the next version, and a
version is a pure function of the ruleset and the enactments before it, so the store keeps
only the enactments' texts and every version can be shown again.

Three kinds of amendment, three outcomes (``rules/amendments.md``):

- a table change (a price of rule 1.4.18, an Action's cost or duration in the index of rule
  1.7.2, a new Gambit of rule 1.18.2) changes the tables :func:`amended` hands the engine, so
  adjudication follows it from that version on, without code;
- free text (a new rule, or a rule that now reads otherwise) and a repeal are recorded, and
  any Turn that reaches the changed rule (an Action it defines, a hook carrying its number)
  is answered as changed and not adjudicated, never judged by the old text;
- what cannot be read as written is turned into the change of its rule's text it means, and
  said so (:attr:`Enactment.remarks`), so nothing a ratified proposal says is lost.

Numbers follow ifMUD rule 9 (a new rule is one more than the last of its section, repealed
ones included, since a repealed rule keeps its number as [REMOVED]); what may be amended
follows ifMUD rule 35 as ``rules/amendments.md#rule-35`` reads it.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from pydantic import ValidationError

from referee.engine.registry import HOOK_KINDS, Hooked, Registry
from referee.engine.rulebook import Rule, Rulebook, rule_key
from referee.engine.ruleset import Ruleset
from referee.engine.tables import TableError
from referee.engine.tables.busking import BuskingTable, Way
from referee.engine.tables.colours import Colour
from referee.engine.tables.costs import TokenCost
from referee.engine.tables.gambits import CATEGORIES as GAMBIT_CATEGORIES
from referee.engine.tables.gambits import Gambit, Step
from referee.engine.tables.opening import OpeningTable, Peak, SegmentHours, StationHours
from referee.engine.tables.ruleset_tables import RulesetTables
from referee.engine.tables.stacks import REWARD_SIZE, Capacity, StackReward, StackTable
from referee.engine.tables.token_collection import Bonus, Grade, TokenCollectionTable
from referee.network.names import UnknownStationError
from referee.network.network import Network
from referee.notation.action_index import ActionIndex, ActionSpec
from referee.notation.amendments import (
    COLLECTION_EVENTS,
    HOLY_STATIONS,
    AddGambit,
    Amendment,
    AmendmentError,
    AmendText,
    Change,
    Enact,
    Repeal,
    Schedule,
    SetActionCost,
    SetActionDuration,
    SetBuskingGain,
    SetCollectionBonus,
    SetCurrent,
    SetFigure,
    SetOpening,
    SetPeakHours,
    SetPrice,
    SetSegmentOpening,
    SetStackCapacity,
    SetStackLimit,
    SetStackReward,
    TableAmendment,
    amendment_paragraphs,
    parse_amendment,
    render_schedule,
)

VOLUME = "volume"
AMENDED = "amended"
ENACTED = "enacted"
REMOVED = "removed"


@dataclass(frozen=True)
class RuleEntry:
    """One rule of one version: as published, amended, enacted or [REMOVED]."""

    number: str
    title: str
    status: str = VOLUME
    text: str = ""
    """The players' own text (enacted or amended to read); Volume 1's is by reference."""
    note: str = ""
    """Which proposal last changed it, and when."""


@dataclass(frozen=True)
class RulesVersion:
    """The rules of a game after ``number - 1`` enactments."""

    number: int
    ruleset: str
    rules: Mapping[str, RuleEntry]
    sections: Mapping[str, str]
    tables: RulesetTables
    index: ActionIndex
    change: Change | None = None
    unread: Mapping[str, str] = field(default_factory=dict)
    """Rules whose text changed beyond what the referee reads, with the sentence a Turn
    reaching them is answered with."""
    currents: Mapping[str, int] = field(default_factory=dict)
    """Rule 1.19.1's Currents amended, by Station (the rest are the map's)."""

    def numbers(self) -> list[str]:
        return sorted(self.rules, key=rule_key)

    def rulebook(self) -> Rulebook:
        """The rules violations cite: every number ever in the game, titles as they are."""
        return Rulebook(
            name=self.ruleset,
            rules={n: Rule(n, e.title) for n, e in self.rules.items()},
            sections=dict(self.sections),
        )


class AmendmentRefused(ValueError):
    """An amendment this version cannot take. ``void``: the rules forbid it, so it has no
    effect; otherwise it is a change the referee cannot read and records as text."""

    def __init__(self, why: str, *, void: bool = False) -> None:
        super().__init__(why)
        self.void = void


@dataclass(frozen=True)
class Enactment:
    """What one enactment did: the new version, the amendments applied and what was not
    applied as written (each a sentence for the lounge)."""

    version: RulesVersion
    applied: tuple[Amendment, ...]
    remarks: tuple[str, ...]


def first_version(ruleset: Ruleset) -> RulesVersion:
    """Version 1: the ruleset as published, by reference."""
    book = ruleset.rulebook()
    return RulesVersion(
        number=1,
        ruleset=ruleset.name,
        rules={n: RuleEntry(n, rule.title) for n, rule in book.rules.items()},
        sections=dict(book.sections),
        tables=ruleset.tables(),
        index=ruleset.action_index(),
    )


def next_number(version: RulesVersion, section: str) -> str:
    """ifMUD rule 9: one more than the last rule ever numbered in ``section`` ("1.4"; "" for
    a rulebook numbered 1, 2, 3), repealed ones included."""
    depth = section.count(".") + 2 if section else 1
    last = [
        int(n.rsplit(".", 1)[-1])
        for n in version.rules
        if n.count(".") + 1 == depth and (n.rsplit(".", 1)[0] if section else "") == section
    ]
    last_part = max(last, default=0)
    return f"{section}.{last_part + 1}" if section else str(last_part + 1)


def _section(number: str) -> str:
    return number.rsplit(".", 1)[0] if "." in number else ""


_REFERENCE = re.compile(r"\d+(?:\.\d+)*")


def _only_references(old: str, new: str) -> bool:
    """ifMUD rule 35: whether ``new`` differs from ``old`` only in rule numbers it cites."""
    return _REFERENCE.sub("#", old).split() == _REFERENCE.sub("#", new).split()


def _spec(index: ActionIndex, name: str) -> ActionSpec:
    wanted = name.casefold().strip()
    for spec in index:
        if wanted in (spec.name.casefold(), spec.pattern.casefold()):
            return spec
    raise AmendmentRefused(f"rule 1.7.2's index has no Action [{name}]")


def _with_spec(version: RulesVersion, spec: ActionSpec) -> RulesVersion:
    def swap(index: ActionIndex) -> ActionIndex:
        specs = tuple(spec if s.name == spec.name else s for s in index)
        return ActionIndex(index.ruleset, specs)

    tables = version.tables
    if spec.name in tables.actions:
        tables = replace(tables, actions=swap(tables.actions))
    return replace(version, tables=tables, index=swap(version.index))


class _Apply:
    """Applies one amendment to a version (raising AmendmentRefused)."""

    def __init__(
        self,
        version: RulesVersion,
        change: Change,
        stations: Callable[[str], str],
        published_amendable: bool = True,
    ):
        self.version = version
        self.change = change
        self.stations = stations
        self.published_amendable = published_amendable
        self.note = f"by proposal {change.proposal} on {change.at:%Y-%m-%d}"

    def entry(self, number: str) -> RuleEntry:
        entry = self.version.rules.get(number)
        if entry is None:
            raise AmendmentRefused(f"the game has no rule {number}", void=True)
        if entry.status == REMOVED:
            raise AmendmentRefused(f"rule {number} was repealed ({entry.note})", void=True)
        return entry

    def changeable(self, number: str) -> RuleEntry:
        """The rule ``number``, if ifMUD rule 35 lets its content change (as the game's
        ``published_rules_amendable`` setting reads it for the published rules)."""
        entry = self.entry(number)
        if entry.status == VOLUME and not self.published_amendable:
            raise AmendmentRefused(
                f"by ifMUD rule 35, as this game reads it, rule {number} may only have its "
                "rule numbers amended, or be repealed",
                void=True,
            )
        return entry

    def touched(self, version: RulesVersion, number: str, **changes: Any) -> RulesVersion:
        entry = version.rules[number]
        status = changes.pop("status", AMENDED if entry.status == VOLUME else entry.status)
        rules = dict(version.rules)
        rules[number] = replace(entry, status=status, note=self.note, **changes)
        return replace(version, rules=rules)

    def unread(self, version: RulesVersion, number: str, what: str) -> RulesVersion:
        sentence = (
            f"rule {number} was {what} {self.note} and the referee does not adjudicate "
            f"the new text yet"
        )
        return replace(version, unread={**version.unread, number: sentence})

    def __call__(self, amendment: Amendment) -> RulesVersion:
        version = self.version
        if isinstance(amendment, SetPrice):
            self.changeable(amendment.rule)
            emporium = version.tables.emporium
            try:
                item = emporium.lookup(amendment.possession).possession
            except TableError as error:
                raise AmendmentRefused(str(error)) from None
            priced = item.model_copy(update={"cost": amendment.price})
            rows = tuple(priced if p.name == item.name else p for p in emporium.possession)
            shop = emporium.model_copy(update={"possession": rows})
            tables = replace(version.tables, emporium=shop)
            return self.touched(replace(version, tables=tables), amendment.rule)
        if isinstance(amendment, SetActionCost):
            self.changeable(amendment.rule)
            spec = _spec(version.index, amendment.action)
            if amendment.cost:
                try:
                    TokenCost.parse(amendment.cost)
                except ValueError as error:
                    why = f"[{spec.name}] cannot cost {amendment.cost!r}: {error}"
                    raise AmendmentRefused(why) from None
            return self.touched(_with_spec(version, replace(spec, cost=amendment.cost)), "1.7.2")
        if isinstance(amendment, SetActionDuration):
            self.changeable(amendment.rule)
            spec = _spec(version.index, amendment.action)
            if spec.duration_varies:
                raise AmendmentRefused(f"the player chooses how long [{spec.name}] takes")
            changed = _with_spec(version, replace(spec, duration=amendment.minutes))
            return self.touched(changed, "1.7.2")
        if isinstance(amendment, SetCurrent):
            self.changeable(amendment.rule)
            try:
                station = self.stations(amendment.station)
            except UnknownStationError as error:
                raise AmendmentRefused(str(error)) from None
            currents = {**version.currents, station: amendment.current}
            return self.touched(replace(version, currents=currents), amendment.rule)
        if isinstance(amendment, AddGambit):
            return self.gambit(amendment)
        if isinstance(amendment, SetFigure):
            self.changeable(amendment.rule)
            try:
                figures = version.tables.figures.with_value(
                    amendment.name, amendment.rule, amendment.value
                )
            except (TableError, ValidationError) as error:
                raise AmendmentRefused(_why(error)) from None
            tables = replace(version.tables, figures=figures)
            return self.touched(replace(version, tables=tables), amendment.rule)
        if isinstance(amendment, TableAmendment):
            self.changeable(amendment.rule)
            try:
                tables = _table_change(version.tables, amendment, self.stations)
            except (TableError, UnknownStationError, ValidationError) as error:
                raise AmendmentRefused(_why(error)) from None
            return self.touched(replace(version, tables=tables), amendment.rule)
        if isinstance(amendment, Repeal):
            self.entry(amendment.rule)
            gone = self.touched(version, amendment.rule, status=REMOVED, text="")
            return self.unread(gone, amendment.rule, "repealed")
        if isinstance(amendment, Enact):
            return self.enact(amendment)
        return self.amend_text(amendment)

    def gambit(self, amendment: AddGambit) -> RulesVersion:
        version = self.version
        self.changeable(amendment.rule)
        table = version.tables.gambits
        if any(g.name.casefold() == amendment.name.casefold() for g in table.gambit):
            raise AmendmentRefused(f"rule 1.18.2 already has a Gambit named {amendment.name}")
        try:
            steps = tuple(self.step(s) for s in amendment.steps)
            gambit = Gambit(
                name=amendment.name, word=amendment.word, cost=amendment.cost, steps=steps
            )
        except (UnknownStationError, ValueError) as error:
            raise AmendmentRefused(f"the {amendment.name} {amendment.word}: {error}") from None
        gambits = table.model_copy(update={"gambit": (*table.gambit, gambit)})
        tables = replace(version.tables, gambits=gambits)
        return self.touched(replace(version, tables=tables), amendment.rule)

    def step(self, text: str) -> Step:
        """One step of a Gambit as an amendment writes it: ``Quadrant N`` (rule 1.17.2), a
        Station category of rule 1.17.6 (``Holy``), else a Station's name."""
        quadrant = re.fullmatch(r"quadrant\s+(\d)", text.strip(), re.IGNORECASE)
        if quadrant:
            return Step(quadrant=int(quadrant.group(1)))
        for category in GAMBIT_CATEGORIES:
            if category.casefold() == text.strip().casefold():
                return Step(category=category)
        return Step(station=self.stations(text))

    def enact(self, amendment: Enact) -> RulesVersion:
        version = self.version
        section = _section(amendment.rule)
        if section and section not in version.sections:
            raise AmendmentRefused(f"there is no section {section} to enact rule "
                                   f"{amendment.rule} in")  # fmt: skip
        expected = next_number(version, section)
        if amendment.rule != expected:
            raise AmendmentRefused(
                f"by ifMUD rule 9 the next rule{f' of section {section}' if section else ''} "
                f"is {expected}, not {amendment.rule}"
            )
        rules = dict(version.rules)
        rules[amendment.rule] = RuleEntry(
            amendment.rule, amendment.title, ENACTED, amendment.text, self.note
        )
        return self.unread(replace(version, rules=rules), amendment.rule, "enacted")

    def amend_text(self, amendment: AmendText) -> RulesVersion:
        entry = self.entry(amendment.rule)
        if entry.status == VOLUME and not self.published_amendable:
            raise AmendmentRefused(
                f"by ifMUD rule 35, as this game reads it, rule {amendment.rule} may only have "
                "its rule numbers amended, or be repealed; the published text is not held "
                "here, so the referee cannot tell a change of numbers alone",
                void=True,
            )
        if entry.status == ENACTED and not _only_references(entry.text, amendment.text):
            raise AmendmentRefused(
                f"rule {amendment.rule} was enacted in this game, and by ifMUD rule 35 such a "
                "rule may only have its rule numbers amended, or be repealed",
                void=True,
            )
        changed = self.touched(self.version, amendment.rule, text=amendment.text)
        return self.unread(changed, amendment.rule, "changed")


def _why(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in error.errors())
    return str(error)


def _bonus(text: str) -> Bonus:
    """``2Bu`` as the Token Collection table's bonus."""
    [(colour, count)] = TokenCost.parse(text).fixed().items()
    return Bonus(colour=colour, count=count)


def _windows(schedule: Schedule) -> dict[str, tuple[str, ...]]:
    """An amendment's hours as ``opening.toml`` writes them."""
    words = {"all day": "all", "peak hours": "peak"}
    return {days: tuple(words.get(w.casefold(), w) for w in ws) for days, ws in schedule}


def _collection(table: TokenCollectionTable, change: SetCollectionBonus) -> TokenCollectionTable:
    """Rule 1.4.20: the table with one Event's bonus changed; a graded row must exist (the
    table's last row is "or more", so a larger number is that row's, not a new one)."""
    bonus = _bonus(change.bonus)
    if change.event in ("interchange", "passed"):
        name = "destination_interchange" if change.event == "interchange" else "interchanges_passed"
        grades: tuple[Grade, ...] = getattr(table, name)
        if change.lines not in {g.lines for g in grades}:
            rows = ", ".join(str(g.lines) for g in grades)
            what = COLLECTION_EVENTS[change.event].format(lines=change.lines)
            raise TableError(f"rule 1.4.20 has no row for {what}; its rows are for {rows}")
        rows_now = tuple(
            Grade(lines=g.lines, colour=bonus.colour, count=bonus.count)
            if g.lines == change.lines
            else g
            for g in grades
        )
        return table.model_copy(update={name: rows_now})
    field_name = {"zone pass": "zone_pass", "no line change": "no_line_change", "hat": "hat_match"}
    return table.model_copy(update={field_name[change.event]: bonus})


def _stacks(table: StackTable, change: SetStackReward | SetStackCapacity | SetStackLimit,
            stations: Callable[[str], str]) -> StackTable:  # fmt: skip
    """Rules 1.14.2 and 1.14.3: the Token Stacks table with one reward or limit changed."""
    if isinstance(change, SetStackCapacity):
        capacity = Capacity.model_validate(
            {"tokens": change.tokens, "unlimited": table.capacity.unlimited}
        )
        return table.model_copy(update={"capacity": capacity})
    if isinstance(change, SetStackLimit):
        station = stations(change.station)
        unlimited = tuple(s for s in table.capacity.unlimited if s != station)
        if change.unlimited:
            unlimited = (*unlimited, station)
        capacity = table.capacity.model_copy(update={"unlimited": unlimited})
        return table.model_copy(update={"capacity": capacity})
    sequence = tuple(Colour(code) for code in change.sequence)
    if len(sequence) != REWARD_SIZE:
        raise TableError(
            f"rule 1.14.2 rewards a Stack of exactly {REWARD_SIZE} Tokens, not {len(sequence)}"
        )
    kept = tuple(r for r in table.reward if r.sequence != sequence)
    if not change.reward:
        if len(kept) == len(table.reward):
            raise TableError(f"rule 1.14.2 rewards no sequence {' '.join(change.sequence)}")
        return table.model_copy(update={"reward": kept})
    bonus = _bonus(change.reward)
    made = StackReward(sequence=sequence, colour=bonus.colour, count=bonus.count)
    rows = tuple(made if r.sequence == sequence else r for r in table.reward)
    return table.model_copy(update={"reward": rows if len(kept) < len(rows) else (*rows, made)})


def _opening(table: OpeningTable, change: SetOpening | SetSegmentOpening | SetPeakHours,
             stations: Callable[[str], str]) -> OpeningTable:  # fmt: skip
    """Rules 1.13.5 and 1.13.6: the opening table with one Station's, one Line Segment's or
    Peak Hours' hours changed. A Station not restricted before is restricted from now on; a
    Line Segment must be one of rule 1.13.6's (a new one is a stretch of Line the referee
    would have to find on the map first)."""
    if isinstance(change, SetPeakHours):
        peak = Peak.model_validate({"days": change.days, "start": change.start, "end": change.end})
        return table.model_copy(update={"peak": peak})
    schedule = _windows(change.schedule)
    if isinstance(change, SetSegmentOpening):
        ends = {stations(change.start), stations(change.end)}
        found = next(
            (h for h in table.segment if h.line == change.line and {h.from_, h.to} == ends), None
        )
        if found is None:
            raise TableError(
                f"rule 1.13.6 lists no Line Segment {change.start} to {change.end} "
                f"({change.line}); it lists "
                + ", ".join(f"{h.from_} to {h.to} ({h.line})" for h in table.segment)
            )
        made = SegmentHours.model_validate(
            {"from": found.from_, "to": found.to, "line": found.line, "schedule": schedule}
        )
        segments = tuple(made if h is found else h for h in table.segment)
        return table.model_copy(update={"segment": segments})
    if change.place.casefold() == HOLY_STATIONS.casefold():
        key: dict[str, str] = {"category": "Holy"}
    else:
        name, line = station_and_line(change.place)
        key = {"name": stations(name), "line": line}
    made_hours = StationHours.model_validate({**key, "schedule": schedule})

    def same(hours: StationHours) -> bool:
        return (hours.name, hours.category, hours.line) == (
            made_hours.name, made_hours.category, made_hours.line)  # fmt: skip

    rows = tuple(made_hours if same(h) else h for h in table.station)
    if not any(same(h) for h in table.station):
        rows = (*rows, made_hours)
    return table.model_copy(update={"station": rows})


_LINE_CODE = re.compile(r"\(([A-Za-z]{2})\)\Z")


def station_and_line(place: str) -> tuple[str, str]:
    """Rule 1.13.5's place, ``Bank (NT)`` or ``Bank``: the station's name and the two-letter
    Line whose platforms the hours are for ("" for every Line). The Line is looked for only at
    the end and the name is cut there, so a place padded with a long run of spaces is read in
    one pass (a lazy name before optional spaces re-scanned every run of them)."""
    code = _LINE_CODE.search(place)
    head = place[: code.start()] if code else ""
    if code is None or not head:
        return place, ""
    return head.rstrip() or head[:1], code.group(1).upper()


def _busking(table: BuskingTable, change: SetBuskingGain) -> BuskingTable:
    """Rule 1.7.20: the list with one way's gain changed (fixed Tokens only)."""
    way = table.way_of(change.way)
    made = Way.model_validate({**way.model_dump(), "gain": change.gain})
    return table.model_copy(update={"way": tuple(made if w is way else w for w in table.way)})


def _table_change(
    tables: RulesetTables, change: TableAmendment, stations: Callable[[str], str]
) -> RulesetTables:
    """``tables`` with ``change`` made (TableError, UnknownStationError or a ValidationError
    saying why it cannot be)."""
    if isinstance(change, SetCollectionBonus):
        return replace(tables, token_collection=_collection(tables.token_collection, change))
    if isinstance(change, SetBuskingGain):
        return replace(tables, busking=_busking(tables.busking, change))
    if isinstance(change, SetStackReward | SetStackCapacity | SetStackLimit):
        return replace(tables, stacks=_stacks(tables.stacks, change, stations))
    return replace(tables, opening=_opening(tables.opening, change, stations))


def enact(
    version: RulesVersion,
    change: Change,
    stations: Callable[[str], str] = str,
    *,
    published_amendable: bool = True,
) -> Enactment:
    """The version ``change`` makes of ``version``, reading its text as leniently as the rules
    allow: an amendment of rule N that cannot be read or applied as written becomes rule N's
    new text (recorded, not adjudicated); one the rules forbid, or naming no rule of the game,
    has no effect. Either way a remark says so. ``stations`` resolves a Station's name;
    ``published_amendable`` is the game's reading of ifMUD rule 35 for the published rules."""
    current = replace(version, number=version.number + 1, change=change)
    applied: list[Amendment] = []
    remarks: list[str] = []
    for paragraph in amendment_paragraphs(change.text):
        try:
            amendment: Amendment = parse_amendment(paragraph)
        except AmendmentError as error:
            if error.rule is None or error.rule not in current.rules:
                remarks.append(f"not applied: {error.line!r} names no rule of this game")
                continue
            amendment = AmendText(error.rule, error.line)
            remarks.append(
                f"could not read {error.line!r} as an amendment, so it is recorded as the new "
                f"text of rule {error.rule}, which the referee does not adjudicate yet"
            )
        try:
            current = _Apply(current, change, stations, published_amendable)(amendment)
        except AmendmentRefused as refused:
            if refused.void or isinstance(amendment, AmendText | Repeal):
                remarks.append(f"not applied: {amendment.render()!r}: {refused}")
                continue
            if isinstance(amendment, Enact):
                renumbered = replace(amendment, rule=next_number(current, _section(amendment.rule)))
                if _section(amendment.rule) and _section(amendment.rule) not in current.sections:
                    remarks.append(f"not applied: {amendment.render()!r}: {refused}")
                    continue
                current = _Apply(current, change, stations, published_amendable)(renumbered)
                applied.append(renumbered)
                remarks.append(f"enacted as rule {renumbered.rule}: {refused}")
                continue
            as_text = AmendText(amendment.rule, amendment.render())
            try:
                current = _Apply(current, change, stations, published_amendable)(as_text)
            except AmendmentRefused as void:
                remarks.append(f"not applied: {amendment.render()!r}: {refused}; {void}")
                continue
            applied.append(as_text)
            remarks.append(
                f"{amendment.render()!r} could not be applied ({refused}), so it is recorded "
                f"as the new text of rule {amendment.rule}, which the referee does not "
                "adjudicate yet"
            )
            continue
        applied.append(amendment)
    return Enactment(current, tuple(applied), tuple(remarks))


def versions(
    ruleset: Ruleset, changes: Sequence[Change], *, published_amendable: bool = True
) -> list[RulesVersion]:
    """Every version of a game's rules: Volume 1, then one per enactment, in order."""
    network = ruleset.network()
    found = [first_version(ruleset)]
    for change in changes:
        done = enact(found[-1], change, network.resolve, published_amendable=published_amendable)
        found.append(done.version)
    return found


# -- showing ---------------------------------------------------------------------------------


def _table_lines(version: RulesVersion, number: str) -> list[str]:
    """The rows of the tables the amendment grammar can change, under their rule."""
    if number == "1.4.18":
        return [f"price of {p.name}: {p.cost}" for p in version.tables.emporium.possession]
    if number == "1.7.2":
        return [
            f"[{s.name}] costs {s.cost or 'nothing'}, takes {s.duration} minutes"
            + (" (or as chosen)" if s.duration_varies else "")
            for s in version.index
        ]
    if number == "1.19.1" and version.currents:
        return ["Currents as the map gives them, except:"] + [
            f"Current of {station}: {current}"
            for station, current in sorted(version.currents.items())
        ]
    if number == "1.4.20":
        table = version.tables.token_collection
        rows = [("zone pass", 0, table.zone_pass)]
        rows += [("interchange", g.lines, g) for g in table.destination_interchange]
        rows += [("passed", g.lines, g) for g in table.interchanges_passed]
        rows += [("no line change", 0, table.no_line_change), ("hat", 0, table.hat_match)]
        return [
            f"bonus for {COLLECTION_EVENTS[event].format(lines=lines)}: "
            f"{bonus.count}{bonus.colour.value}"
            for event, lines, bonus in rows
        ]
    if number == "1.7.20":
        return [f"{way.name} earns {way.gain}" for way in version.tables.busking.way]
    if number == "1.13.5":
        return [
            f"{_place(hours)}: {render_schedule(_schedule_of(hours.schedule))}"
            for hours in version.tables.opening.station
        ]
    if number == "1.13.6":
        opening = version.tables.opening
        peak = opening.peak
        return [f"Peak Hours: {peak.days} {peak.start}-{peak.end}"] + [
            f"Line Segment {h.from_} to {h.to} ({h.line}): "
            f"{render_schedule(_schedule_of(h.schedule))}"
            for h in opening.segment
        ]
    if number == "1.14.2":
        return [
            f"sequence {' '.join(c.value for c in r.sequence)} earns {r.count}{r.colour.value}"
            for r in version.tables.stacks.reward
        ]
    if number == "1.14.3":
        capacity = version.tables.stacks.capacity
        return [f"a Stack holds at most {capacity.tokens} Tokens"] + [
            f"a Stack at {station} has no limit" for station in capacity.unlimited
        ]
    if number == "1.18.2":
        return [
            f"{g.name} {g.word}: "
            + ", ".join(s.station or s.category or f"Quadrant {s.quadrant}" for s in g.steps)
            + f" for {g.cost}"
            for g in version.tables.gambits.gambit
        ]
    return [
        f"the {figure.name} is {figure.value}"
        for figure in version.tables.figures.figure
        if figure.rule == number
    ]


def _place(hours: StationHours) -> str:
    if hours.category:
        return HOLY_STATIONS
    return f"{hours.name} ({hours.line})" if hours.line else hours.name


def _schedule_of(windows: Mapping[str, tuple[str, ...]]) -> Schedule:
    """``opening.toml``'s hours as an amendment writes them (:data:`Schedule`)."""
    words = {"all": "all day", "peak": "Peak Hours"}
    return tuple((days, tuple(words.get(w, w) for w in ws)) for days, ws in windows.items())


def show(version: RulesVersion) -> str:
    """The rules of ``version`` as ``referee rules show`` prints them: every rule by number
    and title (Volume 1's text is the published one, by reference), the players' own texts,
    [REMOVED] rules, and the rows of the tables an amendment can change."""
    return "\n".join([_heading(version), "", *_body(version)]) + "\n"


def _heading(version: RulesVersion) -> str:
    if version.change is None:
        return f"Version 1: the {version.ruleset} ruleset as published"
    change = version.change
    return (
        f"Version {version.number}: after proposal {change.proposal}, "
        f"in effect from {change.at:%Y-%m-%d %H:%M} UTC"
    )


def _body(version: RulesVersion) -> list[str]:
    lines: list[str] = []
    section = None
    for number in version.numbers():
        entry = version.rules[number]
        here = ".".join(number.split(".")[:2]) if number.count(".") >= 1 else ""
        if here != section and here in version.sections:
            section = here
            lines.append(f"{here} {version.sections[here]}")
        if entry.status == REMOVED:
            lines.append(f"  {number} [REMOVED] ({entry.note})")
            continue
        note = f" ({entry.status} {entry.note})" if entry.note else ""
        lines.append(f"  {number} {entry.title}{note}")
        if number in version.unread:
            lines.append("      not adjudicated: the referee does not read this text yet")
        lines.extend(f"      | {line}" for line in entry.text.splitlines())
        lines.extend(f"      {line}" for line in _table_lines(version, number))
    return lines


def diff(older: RulesVersion, newer: RulesVersion) -> str:
    """What changed between two versions, as a unified diff of what :func:`show` prints."""
    lines = difflib.unified_diff(
        _body(older),
        _body(newer),
        fromfile=f"version {older.number}",
        tofile=f"version {newer.number}",
        lineterm="",
        n=1,
    )
    return "\n".join(lines) + "\n"


# -- judging under a version -------------------------------------------------------------


def _nothing(args: tuple[Any, ...]) -> None:
    return None


def _unchanged(args: tuple[Any, ...]) -> Any:
    return args[1]


def _no_routes(args: tuple[Any, ...]) -> list[Any]:
    return []


_HOOK_PASSES: Mapping[str, Callable[[tuple[Any, ...]], Any]] = {
    "cost_rules": _unchanged,
    "duration_rules": _unchanged,
    "lv_rules": _unchanged,
    "route_sources": _no_routes,
}
"""What a hook of a changed rule hands on in place of its result (it changes nothing)."""

_HISTORY_KINDS = frozenset({"position_settlers", "play_effects"})
"""Hooks that read the record of earlier Turns, judged under the rules of their day."""


def _refusing_handler(sentence: str) -> Callable[..., None]:
    def refuse(ctx: Any, action: Any) -> None:
        ctx.not_adjudicated(action.name, sentence)

    return refuse


def _refusing_hook(kind: str, number: str, sentence: str) -> Callable[..., Any]:
    passes: Callable[[tuple[Any, ...]], Any] = _HOOK_PASSES.get(kind, _nothing)

    def refuse(ctx: Any, *args: Any) -> Any:
        ctx.not_adjudicated(f"rule {number}", sentence)
        return passes(args)

    return refuse


PIPELINE_RULES = frozenset(
    {
        "1.1.1", "1.2.0", "1.3.1", "1.3.2", "1.3.4", "1.3.5", "1.4.19", "1.4.20", "1.5.1",
        "1.5.4", "1.5.7", "1.5.11", "1.5.12", "1.6.2", "1.7.1", "1.13.1", "1.13.3", "1.17.9",
        "1.19.2",
    }
)  # fmt: skip
"""Rules the Turn pipeline itself applies to every Turn (``engine/turn.py``, ``moves.py``,
``collection.py``, ``placement.py``), not through a handler or hook: changed beyond reading,
each stops every Turn, as a hook of it would."""


def changed_registry(registry: Registry, version: RulesVersion) -> Registry:
    """``registry`` with every handler and hook of a changed rule answering, instead of
    judging, that the rule changed and is not adjudicated; a changed rule of the pipeline
    itself (:data:`PIPELINE_RULES`) gets such a hook at the start of every Turn."""
    if not version.unread:
        return registry
    changed = registry.copy(f"{registry.name} version {version.number}")
    first: list[str] = []
    for number in sorted(PIPELINE_RULES & set(version.unread), key=rule_key):
        name = f"amended.pipeline_rule_{number.replace('.', '_')}"
        refuse = _refusing_hook("start_of_turn", number, version.unread[number])
        changed.hooks["start_of_turn"][name] = Hooked("start_of_turn", name, number, refuse)
        first.append(name)
    if first:
        changed.order = {
            **changed.order,
            "start_of_turn": (*first, *changed.order.get("start_of_turn", ())),
        }
    for spec in version.index:
        if spec.rule in version.unread and spec.name in changed.handlers:
            changed.handlers[spec.name] = _refusing_handler(version.unread[spec.rule])
    for kind in HOOK_KINDS:
        if kind in _HISTORY_KINDS:
            continue
        for name, hooked in list(changed.hooks[kind].items()):
            if hooked.rule in version.unread:
                refuse = _refusing_hook(kind, hooked.rule, version.unread[hooked.rule])
                changed.hooks[kind][name] = Hooked(kind, name, hooked.rule, refuse)
    return changed.arrange(changed.order)


def with_currents(network: Network, currents: Mapping[str, int]) -> Network:
    """``network`` with rule 1.19.1's Currents of some Stations amended (a copy: the map's
    own network is shared by every game). Routes and distances do not read Currents."""
    changed = copy.copy(network)
    changed.facts = {
        name: replace(facts, current=currents[name]) if name in currents else facts
        for name, facts in network.facts.items()
    }
    return changed


_CLASSES: dict[type[Ruleset], type[Ruleset]] = {}


def _amended_class(base: type[Ruleset]) -> type[Ruleset]:
    """``base`` reading its tables, index, rulebook and registry from a rules version (one
    class per ruleset class, made on first use)."""
    if base in _CLASSES:
        return _CLASSES[base]

    def tables(self: Any) -> RulesetTables:
        return cast(RulesVersion, self.rules_version).tables

    def action_index(self: Any) -> ActionIndex:
        return cast(RulesVersion, self.rules_version).index

    def rulebook(self: Any) -> Rulebook:
        return cast(Rulebook, self.amended_rulebook)

    def registry(self: Any) -> Registry:
        if self.amended_registry is None:
            self.amended_registry = changed_registry(base.registry(self), self.rules_version)
        return cast(Registry, self.amended_registry)

    def network(self: Any) -> Network:
        version = cast(RulesVersion, self.rules_version)
        if not version.currents:
            return base.network(self)
        if self.amended_network is None:
            self.amended_network = with_currents(base.network(self), version.currents)
        return cast(Network, self.amended_network)

    def with_settings(self: Any, **changes: object) -> Ruleset:
        return amended(base.with_settings(self, **changes), self.rules_version)

    methods = {
        "tables": tables,
        "action_index": action_index,
        "rulebook": rulebook,
        "registry": registry,
        "network": network,
        "with_settings": with_settings,
        "__doc__": f"{base.__name__} under an amended version of its rules.",
    }
    made = cast(type[Ruleset], type(f"Amended{base.__name__}", (base,), methods))
    return _CLASSES.setdefault(base, made)


def amended(ruleset: Ruleset, version: RulesVersion) -> Ruleset:
    """``ruleset`` judging under ``version`` of a game's rules (itself for version 1). Every
    table, the index and the registry are built once here, so a Turn costs what it did."""
    if version.number == 1:
        return ruleset
    cls = _amended_class(type(ruleset))
    judged = cls.__new__(cls)
    judged.__dict__.update(ruleset.__dict__)
    judged.__dict__.update(
        rules_version=version,
        amended_rulebook=version.rulebook(),
        amended_registry=None,
        amended_network=None,
    )
    judged.registry()
    return judged
