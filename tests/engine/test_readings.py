"""The readings documents (rules/<ruleset>/readings.md): every citation of a reading resolves,
and every setting a ruleset has is documented under a rule.

A citation is ``rules/<ruleset>/readings.md#<anchor>`` (or, inside rules/<ruleset>/,
``readings.md#<anchor>`` or ``../<ruleset>/readings.md#<anchor>``); an anchor is
``<a id="r1-13-1"></a>`` in a heading of that file (``general`` or ``settings`` for readings of
no one rule).
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from referee.chamber.settings import ChamberSettings
from referee.engine.ruleset import RuleSettings as Settings
from referee.variants.knightsbridge.ruleset import KnightsbridgeSettings

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("vanilla", "early-draft", "knightsbridge-1965", "ifmud-nomic")
WORDS = ("general", "settings", "roll")
"""Anchors of readings that belong to no one rule; every other anchor is a rule's."""
ANCHOR = re.compile(r'^## <a id="([a-z0-9-]+)"></a>', re.M)
CITED = re.compile(r"(?:rules/|\.\./)?([a-z0-9-]+/)?readings\.md(?:#([A-Za-z0-9-]+))?")
SEARCHED = ("referee", "tests", "rules", "maps", "bench", "templates", "docs", "README.md")


def anchors(ruleset: str) -> list[str]:
    return ANCHOR.findall((ROOT / "rules" / ruleset / "readings.md").read_text("utf-8"))


def cited() -> list[tuple[str, str, str]]:
    """(where, ruleset, anchor) for every citation of a readings document in the tree."""
    found: list[tuple[str, str, str]] = []
    for top in SEARCHED:
        base = ROOT / top
        paths = [base] if base.is_file() else sorted(base.rglob("*")) if base.exists() else []
        for path in paths:
            if path.suffix not in {".py", ".md", ".toml", ".j2", ".txt"} or not path.is_file():
                continue
            text = path.read_text("utf-8")
            here = path.relative_to(ROOT).parts
            for match in CITED.finditer(text):
                folder = (match.group(1) or "").rstrip("/")
                if not folder:
                    folder = here[1] if here[0] == "rules" and len(here) > 2 else "vanilla"
                if match.group(2):
                    line = text.count("\n", 0, match.start()) + 1
                    found.append((f"{path.relative_to(ROOT)}:{line}", folder, match.group(2)))
    return found


def test_every_ruleset_has_a_readings_document_ordered_by_rule_number() -> None:
    for ruleset in RULESETS:
        numbered = [a for a in anchors(ruleset) if a not in WORDS]
        assert len(numbered) == len(set(numbered)), f"{ruleset}: a rule has two headings"
        keys = [tuple(int(p) for p in a[1:].split("-")) for a in numbered]
        assert keys == sorted(keys), f"{ruleset}: headings are not in rule order"


def test_every_citation_of_a_reading_names_an_anchor() -> None:
    found = cited()
    assert len(found) > 40, "the code cites its readings"
    missing = [(where, f"rules/{folder}/readings.md#{anchor}")
               for where, folder, anchor in found
               if folder not in RULESETS or anchor not in anchors(folder)]  # fmt: skip
    assert missing == []


def test_no_code_cites_the_old_changelog() -> None:
    """rules/choices.md is an index now; a reading is cited where it lives."""
    offenders = [where for where, _, _ in _mentions("choices.md")]
    assert offenders == []


def _mentions(word: str) -> list[tuple[str, str, str]]:
    found = []
    for top in ("referee", "tests", "maps", "bench", "templates"):
        for path in sorted((ROOT / top).rglob("*.py")) + sorted((ROOT / top).rglob("*.md")):
            if path.name == Path(__file__).name:
                continue
            text = path.read_text("utf-8")
            if word in text:
                found.append((str(path.relative_to(ROOT)), "", ""))
    return found


def _section_of(text: str, name: str) -> str | None:
    """The anchor of the heading whose section mentions the setting ``name``."""
    current = None
    for line in text.splitlines():
        heading = ANCHOR.match(line)
        if heading:
            current = heading.group(1)
        elif f"`{name}`" in line and current is not None:
            return current
    return None


@pytest.mark.parametrize("name", [f.name for f in fields(Settings)])
def test_every_setting_of_volume_1_has_its_reading(name: str) -> None:
    text = (ROOT / "rules/vanilla/readings.md").read_text("utf-8")
    assert _section_of(text, name) is not None, f"no reading documents the setting {name}"


@pytest.mark.parametrize(
    "name",
    sorted({f.name for f in fields(KnightsbridgeSettings)} - {f.name for f in fields(Settings)}),
)
def test_every_setting_of_knightsbridge_has_its_reading(name: str) -> None:
    text = (ROOT / "rules/knightsbridge-1965/readings.md").read_text("utf-8")
    assert _section_of(text, name) is not None, f"no reading documents the setting {name}"


@pytest.mark.parametrize("name", [f.name for f in fields(ChamberSettings)])
def test_every_setting_of_the_chamber_has_its_reading(name: str) -> None:
    text = (ROOT / "rules/ifmud-nomic/readings.md").read_text("utf-8")
    assert _section_of(text, name) is not None, f"no reading documents the setting {name}"
