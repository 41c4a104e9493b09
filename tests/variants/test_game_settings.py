"""The settings a Speaker may set per game: one catalogue, typed from the dataclass fields,
with one parse/render pair (``referee.variants.game_settings``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.life.deadlines import DeadlinePolicy
from referee.network.categories import NameMatching
from referee.network.routes import CoLocatedDirection
from referee.variants import VARIANTS, EarlyDraft, Knightsbridge1965, Ruleset, find_variant
from referee.variants.game_settings import (
    GameSettings,
    Setting,
    SettingError,
    Value,
    catalogue,
)

EVERY = [(variant, setting) for variant in VARIANTS for setting in catalogue(variant).values()]


def values_of(setting: Setting) -> st.SearchStrategy[Value]:
    """Every value ``setting`` takes, as a strategy."""
    if setting.kind is bool:
        return st.booleans()
    if setting.kind is int:
        return st.integers()
    if setting.kind is float:
        return st.floats(0.0, 45.0, allow_nan=False)
    return st.sampled_from([setting.parse(word) for word in setting.choices])


def test_every_documented_setting_is_in_the_catalogue() -> None:
    names = set(catalogue(Knightsbridge1965))
    documented = {
        "route_choice",
        "pass_earns_zone_bonus",
        "first_move_is_special",
        "paid_token_default",
        "via_lists_every_portion",
        "route_revisits",
        "narg_tolerance_degrees",
        "home_declaration_required",
        "name_matching",
        "co_located_direction",
        "weekend_exempt_buzzes",
        "buzz_mode",
        "published_rules_amendable",
        "fuse_burns_when_created",
    }
    assert documented <= names
    assert "fuse_burns_when_created" not in catalogue(Ruleset), "a Knightsbridge setting only"


@pytest.mark.parametrize(("variant", "setting"), EVERY, ids=lambda x: getattr(x, "name", ""))
def test_every_setting_says_what_it_reads_and_what_it_takes(
    variant: type[Ruleset], setting: Setting
) -> None:
    assert "ule" in setting.doc, f"{setting.name} cites no rule"
    assert setting.valid(), setting.name
    assert setting.parse(setting.render(setting.default)) == setting.default


@given(data=st.data())
def test_a_value_renders_and_parses_back(data: st.DataObject) -> None:
    _variant, setting = data.draw(st.sampled_from(EVERY))
    value = data.draw(values_of(setting))
    assert setting.parse(setting.render(value)) == value


@given(data=st.data())
def test_game_settings_render_and_parse_back(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS))
    known = list(catalogue(variant).values())
    chosen = data.draw(st.lists(st.sampled_from(known), unique_by=lambda s: s.name))
    texts = [f"{s.name}={s.render(data.draw(values_of(s)))}" for s in chosen]
    settings = GameSettings.parse(texts, variant)
    assert GameSettings.parse(settings.render().split(), variant) == settings
    assert GameSettings.of_stored(settings.as_stored(), variant) == settings


def test_an_unknown_name_is_refused_with_the_valid_names() -> None:
    with pytest.raises(SettingError) as refused:
        GameSettings.parse(["route_choise=first"])
    for name in catalogue(Ruleset):
        assert name in str(refused.value)


def test_an_unknown_value_is_refused_with_the_valid_values() -> None:
    with pytest.raises(SettingError, match="write best or first"):
        GameSettings.parse(["route_choice=most-tokens"])
    with pytest.raises(SettingError, match="write true or false"):
        GameSettings.parse(["route_revisits=maybe"])
    with pytest.raises(SettingError, match="from 0 to 45"):
        GameSettings.parse(["narg_tolerance_degrees=90"])
    with pytest.raises(SettingError, match="word-edges or literal"):
        GameSettings.parse(["name_matching=fuzzy"])


def test_names_forgive_hyphens_and_case_values_case() -> None:
    settings = GameSettings.parse(["Route-Choice=FIRST", "weekend-exempt-buzzes=yes"])
    assert settings.get("route_choice") == "first"
    assert settings.get("weekend_exempt_buzzes") is True


def test_settings_reach_the_ruleset_the_network_and_the_deadlines() -> None:
    settings = GameSettings.parse(
        [
            "narg_tolerance_degrees=0",
            "name_matching=literal",
            "co_located_direction=reference",
            "weekend_exempt_buzzes=true",
            "buzz_mode=players",
        ]
    )
    rules = settings.rules()
    assert rules.settings.narg_tolerance_degrees == 0.0
    network = rules.network()
    assert network.routes.co_located == CoLocatedDirection.REFERENCE
    assert "Holy" not in {str(c) for c in network.station("Blackfriars").categories}, (
        "rule 1.17.6's literal reading leaves Blackfriars out of Holy"
    )
    assert "Holy" in {str(c) for c in Ruleset().network().station("Blackfriars").categories}
    assert settings.deadlines() == DeadlinePolicy(weekend_exempt_buzzes=True)
    assert settings.buzz_mode == "players"
    assert NameMatching(rules.settings.name_matching) is NameMatching.LITERAL


def test_a_knightsbridge_setting_reaches_its_settings() -> None:
    settings = GameSettings.parse(["fuse_burns_when_created=false"], Knightsbridge1965)
    rules = settings.rules()
    assert isinstance(rules, Knightsbridge1965)
    assert rules.settings.fuse_burns_when_created is False  # type: ignore[attr-defined]
    with pytest.raises(SettingError):
        GameSettings.parse(["fuse_burns_when_created=false"], Ruleset)


def test_an_early_draft_setting_reaches_its_settings_beside_the_drafts_own() -> None:
    """Rule 5's reading is set per game; the draft's own defaults (rules 4 and 5: no
    revisits, paid Tokens discarded) stay as they were."""
    rules = GameSettings.parse(["black_over_ten_discarded=false"], EarlyDraft).rules()
    assert isinstance(rules, EarlyDraft)
    assert rules.settings.black_over_ten_discarded is False  # type: ignore[attr-defined]
    assert rules.settings.paid_token_default == "discard"
    assert rules.settings.route_revisits is False
    with pytest.raises(SettingError):
        GameSettings.parse(["black_over_ten_discarded=false"], Knightsbridge1965)


def test_only_changed_settings_are_shown_and_full_lists_all() -> None:
    settings = GameSettings.parse(["route_choice=first", "route_revisits=false"])
    assert settings.changed().lines() == ["route_choice = first (default best)"]
    assert len(settings.full().lines()) == len(catalogue(Ruleset))


_README_ROW = re.compile(
    r"^\| `(?P<name>[a-z_]+)`(?: \((?P<variant>[\w-]+) only\))? \| `(?P<default>[^`]*)` \|"
)


def _readme_rows() -> list[re.Match[str]]:
    readme = Path(__file__).parents[2] / "README.md"
    return [row for line in readme.read_text().splitlines() if (row := _README_ROW.match(line))]


def test_the_readme_settings_table_gives_each_setting_its_real_default() -> None:
    """The README's table is what a Speaker reads before creating a game: every row must name
    a setting the ruleset has, with the default a game really gets."""
    rows = _readme_rows()
    assert rows, "README.md has no settings table rows"
    for row in rows:
        ruleset = find_variant(row["variant"]) if row["variant"] else Ruleset
        setting = catalogue(ruleset).get(row["name"])
        assert setting is not None, f"README names {row['name']}, which {ruleset.name} lacks"
        assert setting.render(setting.default) == row["default"], row["name"]


def test_the_readme_settings_table_lists_every_setting_of_the_rules_and_deadlines() -> None:
    listed = {row["name"] for row in _readme_rows()}
    for ruleset in VARIANTS:
        for setting in catalogue(ruleset).values():
            if setting.scope in ("rules", "deadlines"):
                assert setting.name in listed, f"README's table lacks {setting.name}"
