"""The action index of rule 1.7.2 - Actions, as rules/vanilla/actions.toml records it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.notation.action_index import (
    PLACEHOLDERS,
    STANDARD_DURATION,
    ActionIndexError,
    Phase,
    load_action_index,
    placeholders_of,
    read_action_index,
)
from referee.resources import data_dir

# Every row of the index as the seed prints it: the bracketed text with its angle-bracket
# placeholders lost in conversion. Each must be found in actions.toml, by name or by its
# pattern with the placeholders taken out.
INDEX_ROWS = """
[Anti-Narg] [Applauding ] [Attracting] [Begging] [Bifurcating to ] [Blocking ] [Blonking ]
[Blue to Gold] [Bonanza] [Bridges Up] [Bridges Down] [Bronze to Gold] [Bronze to Silver]
[Bulkheading ] [Busking] [Cascade Kill] [Cascade Sidestep] [Cascade Steal] [Cashing In Hats]
[Catching Pigeon] [Catching Rat] [Charge Spiral] [Charge Tunneling] [Claiming a Token from ]
[Claiming Drone Stick] [Collecting Parcel] [Collection Plate] [Collecting PoID]
[Collecting Tithe] [ Wormhole to ] [Constructing Generator] [Courier Call (Fixed)]
[Courier Call (Random)] [Cowering] [Craze Sidestep] [Dead-End Shunting to ]
[Declaring Gambit] [Declaring Manoeuvre] [Declension] [Defaming ] [Defusing Package]
[Degreening] [De-Knidding] [De-Radiating] [De-Toffing] [Delivering Parcel] [Denying Gambit]
[Denying Manoeuvre] [Detonating Package] [Discarding ] [Dollis Sidestep] [Dollis Escape]
[Double Helsinki] [Double-Shunting to ] [Dropping Package at ] [Duration] [Eating ]
[Eating Overpriced Baguette] [Electroplating] [fFrobisher fFlourish] [Finding] [Fire at ]
[Forging PoID] [Freeming ] [Freem-away!] [Freewheeling] [Generating Token] [Ghosting]
[Giving Tokens to ] [Gold Rush] [Gold to Blue] [Gold to Silver] [Gold to Bronze] [Greening ]
[Hoarding ] [Home] [Home: ] [Huffing ] [Hyde Transformation] [Ignore the Gap] [Into Knip]
[Inverting Stack at ] [Knerdling] [Knidding ] [Ladder Sidestep] [Late Arrival from ]
[Line Change] [: Normal] [: One Way: ] [: Electrified] [: Power Failure!] [: Soaped]
[: Speed Limit: ] [LV+X] [LV-X] [Maelberging ] [Magnify] [Magno-Clamping ] [Magno-Gone]
[Mind the Gap] [Narging ] [Night Train] [Opening MC] [Out of Knip] [Parks and Greens Cascade]
[Pegging from to ] [Pegging ] [PoID on ] [Poll Tax] [ Off] [ On] [Power-Shunting to ]
[Purchasing Hat] [Purchasing ] [Radiating ] [Radio Clamp LV+X] [Radio Clamp LV-X]
[Radio Clamp to ] [Rebounding] [Recycling] [Releasing Pigeons] [Releasing Rat]
[Removing Bulkhead at ] [Removing ] [Removing Velocity Bomb] [Rent to ] [Reshuffling]
[Selling ] [Sgronk!] [Shadowing ] [Shunting to ] [Single Helsinki] [Silver to Bronze]
[Silver to Gold] [Speed Craze] [Spooning ] [ Wild] [Stationary-Shunting to ] [Straddling to ]
[Streaking] [Striling to ] [Stub Link] [Taking a Bow] [Terminate Craze] [Terminating Cascade]
[Terminating Ladder] [Tithe ] [Toffing ] [Token Cascade] [ Bock] [ Token on ] [Toll to ]
[Topple to ] [Triple Helsinki] [Un-Bock ] [Un-Bock] [Un-Maelberging] [Unpegging ] [Unspoon]
[Upcoming Holiday] [Using Gambit] [Using Manoeuvre] [Vacuuming ] [Velocity-Bombing ]
[Venbacker Ladder] [Visiting ] [Waiting] [Walking to ] [Wearing ] [Wild]
"""

# The Declaring, Denying and Using rows each stand for a Gambit and a Manoeuvre form (rules
# 1.18.1, 1.18.3, 1.18.4) and are listed twice above; the rest are one row each.
ROWS = re.findall(r"\[([^\]]*)\]", INDEX_ROWS)


def _squash(text: str) -> str:
    return " ".join(text.replace("{", " {").split()).casefold()


def _bare(pattern: str) -> str:
    return _squash(re.sub(r"\{[^{}]*\}", " ", pattern))


def _find(row: str) -> bool:
    """Found by name, by pattern, or by an alias (where the rule's wording is the pattern)."""
    wanted = _squash(row)
    return any(
        wanted in (_squash(spec.name), _bare(spec.pattern), *map(_bare, spec.aliases))
        for spec in load_action_index()
    )


@pytest.mark.parametrize("row", ROWS)
def test_1_7_2_every_action_of_the_index_is_present(row: str) -> None:
    assert _find(row), f"[{row}] of the rule 1.7.2 index has no entry in actions.toml"


def test_1_7_2_count() -> None:
    """The printed index has 168 rows: 170 once the three Gambit/Manoeuvre rows are split in
    two and the two rows of [Fire at <Station>] (Interchange, other) are one Action.

    The file adds the Actions the rule texts define but the index omits, each marked ``added``.
    """
    index = load_action_index()
    added = {spec.name for spec in index if spec.added}
    assert len(ROWS) == 170
    assert added == {
        "Charge Spiral Inwards",
        "Charge Spiral Outwards",
        "Eating Marmalade Sandwich",
        "Release Rat",
    }
    assert len(index) == len(ROWS) + len(added)


def test_1_7_2_names_and_patterns_are_unique() -> None:
    """Two entries whose texts differ only in their placeholders' kinds could not be told apart."""
    index = load_action_index()
    skeletons = [re.sub(r"\{[^{}]*\}", "<>", spec.pattern).casefold() for spec in index]
    assert len(set(skeletons)) == len(skeletons)
    assert len({spec.name for spec in index}) == len(index)


def test_1_7_2_every_placeholder_is_known() -> None:
    for spec in load_action_index():
        assert set(spec.placeholders) <= set(PLACEHOLDERS), spec.name
        assert spec.placeholders == placeholders_of(spec.pattern)


def test_1_7_2_every_rule_cited_is_in_the_rulebook() -> None:
    """The rule text wins over the index's 1.7.x, 1.4.x, 1.10.x and missing numbers."""
    from referee.engine.rulebook import load_rulebook

    rulebook = load_rulebook()
    for spec in load_action_index():
        if spec.rule.startswith("0."):
            assert "Volume 0" in spec.note, spec.name
        else:
            assert spec.rule in rulebook, f"{spec.name} cites {spec.rule}"


# (name, phase, rule, duration) for a representative set, as the rule texts give them.
RULE_TEXT = [
    ("Blocking", Phase.POST, "1.9.1", STANDARD_DURATION),  # 1.9.1: post-Move Action
    ("Shunting", Phase.POST, "1.10.1", STANDARD_DURATION),
    ("LV+X", Phase.PRE, "1.6.3", STANDARD_DURATION),  # 1.6.3, not the index's 1.6.1
    ("LV-X", Phase.PRE, "1.6.3", STANDARD_DURATION),
    ("Gold Rush", Phase.POST, "1.7.47", STANDARD_DURATION),  # index: 1.7.x
    ("Inverting Stack", Phase.NEUTRAL, "1.4.34", STANDARD_DURATION),  # index: 1.4.x
    ("Power-Shunting", Phase.POST, "1.10.18", STANDARD_DURATION),  # index: 1.10.x
    ("Removing Velocity Bomb", Phase.NEUTRAL, "1.4.38", STANDARD_DURATION),  # index: 1.10.6
    ("De-Radiating", Phase.NEUTRAL, "1.4.46", STANDARD_DURATION),  # index: 1.10.18
    ("Attracting", Phase.NEUTRAL, "1.4.45", STANDARD_DURATION),  # index: 1.10.14
    ("Claiming Drone Stick", Phase.NEUTRAL, "1.15.2", STANDARD_DURATION),  # index: 1.15.1
    ("Detonating Package", Phase.NEUTRAL, "1.7.30", 20),  # 1.7.30: neutral; index: Post
    ("Pegging", Phase.POST, "1.11.4", STANDARD_DURATION),  # 1.11.4: post-Move; index: Neut
    ("Line: Soaped", Phase.POST, "1.20.6", STANDARD_DURATION),  # 1.20.6: post-Move
    ("Home:", Phase.NEUTRAL, "1.12.2", 0),  # 1.12.2: the zero-duration Neutral Action
    ("Home", Phase.PRE, "1.12.4", 30),
    ("Purchasing", Phase.NEUTRAL, "1.4.18", 10),  # 1.4.18: the ten-minute neutral Action
    ("Finding", Phase.POST, "1.7.53", 30),  # 1.7.53: the 30-minute Post-Move Action
    ("Opening MC", Phase.NEUTRAL, "1.7.28", STANDARD_DURATION),
    ("Collection Plate", Phase.NEUTRAL, "1.11.7", STANDARD_DURATION),
    ("Walking", Phase.PRE, "1.7.10", 30),
    ("Line Change", Phase.PRE, "1.5.11", 0),
    ("Rebounding", Phase.PRE, "1.5.6", 0),
    ("Charge Spiral Inwards", Phase.NEUTRAL, "1.8.11", STANDARD_DURATION),
    ("Release Rat", Phase.NEUTRAL, "1.4.35", STANDARD_DURATION),
]


@pytest.mark.parametrize(("name", "phase", "rule", "duration"), RULE_TEXT)
def test_1_7_2_phase_rule_and_duration_follow_the_rule_text(
    name: str, phase: Phase, rule: str, duration: int
) -> None:
    spec = load_action_index()[name]
    assert (spec.phase, spec.rule, spec.duration) == (phase, rule, duration)


def test_1_7_2_every_departure_from_the_index_is_noted() -> None:
    """Where the rule text overrides the index, the entry says so."""
    index = load_action_index()
    for name in ("Gold Rush", "Removing Velocity Bomb", "Line: Soaped", "Blue to Gold", "LV+X"):
        assert index[name].note, name


def test_1_7_21_bureau_rates_both_ways() -> None:
    """Rule 1.7.21: the reverse exchanges keep the same rates (3 Blue buy a Gold)."""
    index = load_action_index()
    assert (index["Gold to Blue"].cost, index["Gold to Blue"].gain) == ("1Go", "3Bu")
    assert (index["Blue to Gold"].cost, index["Blue to Gold"].gain) == ("3Bu", "1Go")
    assert all(index[n].repeatable for n in ("Gold to Silver", "Silver to Gold"))


def test_1_5_13_translocations_and_1_5_0_special_moves() -> None:
    index = load_action_index()
    translocations = {spec.name for spec in index if spec.translocation}
    assert translocations == {"Wormhole", "Straddling", "Charge Tunneling"}
    special = {spec.name for spec in index if spec.special_move}
    assert {"Walking", "Striling", "Declension", "Ghosting", "Wild", "Home", "Stub Link"} <= special
    assert "Shunting" not in special


def test_1_7_2_patterns_give_typed_placeholders() -> None:
    index = load_action_index()
    assert index["Shunting"].placeholders == ("player", "destination")
    assert index["Token on"].placeholders == ("colour", "station")
    assert index["Line: One Way"].pattern == "{line}: One Way: {direction}"
    assert index["Blocking"].literal is False and index["Sgronk!"].literal is True


def test_1_7_2_unknown_name_says_which(tmp_path: Path) -> None:
    with pytest.raises(KeyError, match="Sgronkle"):
        load_action_index()["Sgronkle"]


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "actions.toml"
    path.write_text(body)
    return path


RULES = frozenset({"1.9.1"})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[action]]\nname="B"\npattern="Blocking {stn}"\nphase="post"\nrule="1.9.1"', "{stn}"),
        ('[[action]]\nname="B"\npattern="Blocking"\nphase="later"\nrule="1.9.1"', "later"),
        ('[[action]]\nname="B"\npattern="Blocking"\nphase="post"\nrule="1.9.9"', "1.9.9"),
        ('[[action]]\nname="B"\npattern="Blocking"\nphase="post"\nrule="1.9.x"', "1.9.x"),
        ('[[action]]\nname="B"\npattern="Blocking"\nphase="post"\nrule="1.9.1"\nduration=-5', "-5"),
        (
            '[[action]]\nname="B"\npattern="Blocking"\nphase="post"\nrule="1.9.1"\ncots="1Re"',
            "cots",
        ),
        ('[[action]]\nname="B"\nphase="post"\nrule="1.9.1"', "'pattern'"),
        ('[[action]]\nname="B"\npattern="[Blocking]"\nphase="post"\nrule="1.9.1"', "bare"),
        ("title = 'nothing'", "no [[action]]"),
    ],
)
def test_1_7_2_bad_entries_are_refused_by_file_and_entry(
    tmp_path: Path, body: str, message: str
) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(ActionIndexError, match=re.escape(message)) as error:
        read_action_index(path, "test", RULES)
    assert str(path) in str(error.value)


ENTRY = '[[action]]\nname="B"\npattern="{p}"\nphase="pre"\nrule="1.9.1"\n{extra}aliases={a}'


@pytest.mark.parametrize(
    ("pattern", "extra", "aliases", "message"),
    [
        ("Blocking {station}", "", '"Block {station}"', "must be a list"),
        ("Blocking {station}", "", '["[Block {station}]"]', "bare"),
        ("Blocking {station}", "", '["Block"]', "placeholders in order ({station})"),
        ("Shunting {player} to {destination}", "", '["Shunt to {destination} {player}"]', "order"),
        ("Walking", "", '["Walking to {station}"]', "only a Special Move may add {station}"),
        ("Walking", "special_move=true\n", '["Walking to {player}"]', "placeholders in order"),
        ("Walking", "special_move=true\n", '["Walking {station} to {station}"]', "in order"),
    ],
)
def test_1_7_2_bad_aliases_are_refused(
    tmp_path: Path, pattern: str, extra: str, aliases: str, message: str
) -> None:
    """An alias fills the same canonical form, so it must carry the same values; only a
    Special Move's alias may name the station its Move already names."""
    body = ENTRY.format(p=pattern, extra=extra, a=aliases)
    with pytest.raises(ActionIndexError, match=re.escape(message)):
        read_action_index(_write(tmp_path, body), "test", RULES)


def test_1_7_2_a_special_moves_alias_may_name_the_moves_station(tmp_path: Path) -> None:
    body = ENTRY.format(p="Walking", extra="special_move=true\n", a='["Walking to {station}"]')
    (spec,) = read_action_index(_write(tmp_path, body), "test", RULES)
    assert (spec.pattern, spec.aliases) == ("Walking", ("Walking to {station}",))


def test_1_7_2_aliases_are_not_another_actions_wording() -> None:
    """No alias may read as another entry's pattern, or a play's meaning would depend on it."""
    index = load_action_index()
    patterns = {_squash(re.sub(r"\{[^{}]*\}", "<>", s.pattern)): s.name for s in index}
    for spec in index:
        for alias in spec.aliases:
            found = patterns.get(_squash(re.sub(r"\{[^{}]*\}", "<>", alias)), spec.name)
            assert found == spec.name, f"{alias!r} of {spec.name} is {found}'s pattern"


def test_1_7_2_duplicate_names_are_refused(tmp_path: Path) -> None:
    entry = '[[action]]\nname="B"\npattern="Blocking"\nphase="post"\nrule="1.9.1"\n'
    with pytest.raises(ActionIndexError, match="used twice"):
        read_action_index(_write(tmp_path, entry + entry), "test", RULES)


def test_1_7_2_the_shipped_file_is_plain_toml() -> None:
    with (data_dir("rules") / "vanilla" / "actions.toml").open("rb") as handle:
        assert len(tomllib.load(handle)["action"]) == len(load_action_index())


@pytest.mark.parametrize(
    "name",
    [
        "Shunting",
        "Dead-End Shunting",
        "Stationary-Shunting",
        "Power-Shunting",
        "Blonking",
        "Huffing",
        "Shadowing",
        "Magno-Clamping",
        "Velocity-Bombing",
        "Spooning",
        "Narging",
        "Greening",
        "Freeming",
        "Knidding",
        "Toffing",
        "Radiating",
        "Topple",
    ],
)
def test_1_10_0_targeting_actions_require_a_shared_station_and_line(name: str) -> None:
    """Rules 1.10.0 and each Action's own rule: the target shares the Station and the Line."""
    assert load_action_index()[name].fr == "(S0,L0)"


# Detonating: the index prints (S<5); rule 1.7.30 counts by any Lines, and the rule text wins.
@pytest.mark.parametrize(("name", "fr"), [("Blocking", "(S1)"), ("Detonating Package", "(R<5)")])
def test_1_17_9_fosdyke_requirements_of_the_index(name: str, fr: str) -> None:
    assert load_action_index()[name].fr == fr


# Where the index prints another rule number or phase than the defining rule's text gives.
INDEX_DEPARTURES = {
    "Gold Rush": "1.7.x",
    "Inverting Stack": "1.4.x",
    "Power-Shunting": "1.10.x",
    "Removing Velocity Bomb": "1.10.6",
    "Attracting": "1.10.14",
    "De-Radiating": "1.10.18",
    "Claiming Drone Stick": "1.15.1",
    "LV+X": "1.6.1",
    "LV-X": "1.6.1",
    "Detonating Package": "Post",
    "Pegging": "Neut",
    "Line: Soaped": "Pre",
}


@pytest.mark.parametrize(("name", "printed"), INDEX_DEPARTURES.items())
def test_1_7_2_the_rule_text_wins_and_the_note_says_what_the_index_printed(
    name: str, printed: str
) -> None:
    spec = load_action_index()[name]
    assert printed in spec.note
    assert printed not in (spec.rule, spec.phase.value)
