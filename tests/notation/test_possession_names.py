"""Every name a Possession may have (rules 1.4.18, 1.7.53 and the rules that bring the others
into play), and a new purchase held to them while what a GSD records is kept as written."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from referee.notation.errors import NotationError
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.possession_names import (
    PossessionNamesError,
    load_possession_names,
    read_possession_names,
)
from referee.notation.possessions import Possession
from referee.resources import data_dir

VANILLA = data_dir("rules") / "vanilla"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "notation"


def _toml(name: str) -> dict[str, list[dict[str, object]]]:
    with (VANILLA / name).open("rb") as handle:
        return tomllib.load(handle)


def test_1_4_18_every_line_of_the_emporium_is_a_possession() -> None:
    names = load_possession_names()
    for entry in _toml("emporium.toml")["possession"]:
        written = str(entry["name"]).replace("{zone}", "4").replace("{station}", "Euston")
        names.check(Possession.parse(written).name)  # raises if unknown
    assert names.spelling("zone 1 pass") == "Zone 1 Pass"


def test_1_7_53_everything_the_lost_and_found_holds_is_a_possession() -> None:
    names = load_possession_names()
    items = [r for r in _toml("lost_and_found.toml")["row"] if r.get("kind") == "possession"]
    assert items
    for row in items:
        names.check(str(row["item"]).split(" (")[0])
    assert names.spelling("glove") == "Glove"  # 'Glove (Left Hand)' of rule 1.7.53


@pytest.mark.parametrize(
    ("written", "spelled"),
    [
        ("Spoon Clamp", "Spoon Clamp"),  # rule 1.4.39
        ("magno clamp", "Magno-Clamp"),  # rule 1.4.45 writes both
        ("Radio Clamp", "Radio Clamp"),  # rule 1.4.46
        ("Podume of Infinite Darkness", "Podume of Infinite Darkness"),  # rule 1.4.24
        ("Hyde Mask", "Hyde Mask"),  # rule 1.7.38
        ("Drone Stick", "Drone Stick"),  # rule 1.15.2
    ],
)
def test_possessions_other_rules_bring_into_play(written: str, spelled: str) -> None:
    assert load_possession_names().spelling(written) == spelled


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("Scraf", "'Scraf' is not a Possession; did you mean Scarf?"),
        ("Overcot", "did you mean Overcoat?"),
        ("Brolly", "'Brolly' is not a Possession; the Emporium's list is in rule 1.4.18"),
        ("Zone Pass", "did you mean Zone"),
    ],
)
def test_an_unknown_name_is_refused_with_the_closest(written: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("?", r"\?")):
        load_possession_names().check(written)


def test_1_4_18_a_zone_pass_of_any_number_is_left_to_the_engine() -> None:
    """Which Zones are sold is rule 1.4.18's price list, judged where the rule is: the name
    'Zone 7 Pass' is still a Zone Pass, so the engine can say 'not 7'."""
    load_possession_names().check("Zone 7 Pass")


def _folder(tmp_path: Path, extra: str) -> Path:
    folder = tmp_path / "vanilla"
    shutil.copytree(VANILLA, folder)
    with (folder / "possessions.toml").open("a", encoding="utf-8") as handle:
        handle.write(extra)
    return folder


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('\n[[possession]]\nname = "Brolly"\nrule = "1.99.1"\n', "rule 1.99.1 is not in titles"),
        ('\n[[possession]]\nname = "Brolly"\n', "exactly 'name' and 'rule'"),
        ("\n[[possession\n", "possessions.toml"),
    ],
)
def test_a_bad_names_file_is_refused_naming_file_and_entry(
    tmp_path: Path, extra: str, message: str
) -> None:
    with pytest.raises(PossessionNamesError, match=message):
        read_possession_names(_folder(tmp_path, extra), "test")


def test_a_variant_may_add_a_possession(tmp_path: Path) -> None:
    folder = _folder(tmp_path, '\n[[possession]]\nname = "Umbrella"\nrule = "1.4.18"\n')
    names = read_possession_names(folder, "test")
    names.check("umbrella")
    with pytest.raises(NotationError, match="did you mean Umbrella"):
        names.check("Umbrela")


PLAYERS = ["Rushton", "Cryer"]


def test_1_4_18_a_new_purchase_must_name_a_possession() -> None:
    with pytest.raises(NotationError) as caught:
        Play.parse("Rushton : Euston (VC) [Purchasing Scraf]", players=PLAYERS)
    assert "did you mean Scarf?" in caught.value.reason
    assert caught.value.column == len("Rushton : Euston (VC) [Purchasing ") + 1
    bought = Play.parse("Rushton : Euston (VC) [purchasing scarf]", players=PLAYERS)
    assert bought.render() == "Rushton : Euston (VC) [Purchasing Scarf]"


def test_an_older_play_keeps_the_name_it_wrote() -> None:
    """A record may hold a purchase from before a rules change: read leniently, as a resigned
    player's name is (rule 1.1.3); the newest, posted play is held to the names."""
    assert Play.parse("Rushton : Euston (VC) [Purchasing Brolly]", strict=False).actions[0].args
    canonical = (GOLDEN / "every_section.canonical").read_text(encoding="utf-8")
    older = canonical.replace(
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)",
        "Rushton : [LV+3] Mornington Crescent (NT via: VC) [Purchasing Brolly]\n"
        "Cryer : Pass Holborn (CN)",
    )
    gsd = GSD.parse(older)
    assert gsd.plays[0].render().endswith("[Purchasing Brolly]")
    with pytest.raises(NotationError, match="'Brolly' is not a Possession"):
        GSD.parse(older + "Brooke-Taylor : Euston (VC) [Purchasing Brolly]\n")


def test_only_a_purchase_is_held_to_the_names() -> None:
    """Discarding, Selling or Wearing name what the player carries, which may be an item kept
    from an older record: the engine judges whether e carries it."""
    play = Play.parse("Rushton : Euston (VC) [Discarding Brolly]", players=PLAYERS)
    assert play.actions[0].args[0].name == "Brolly"  # type: ignore[union-attr]


def test_a_luggage_rack_keeps_an_unknown_name() -> None:
    canonical = (GOLDEN / "every_section.canonical").read_text(encoding="utf-8")
    gsd = GSD.parse(canonical.replace("Spoon Clamp", "Brolly"))
    assert any(p.name == "Brolly" for entry in gsd.rack for p in entry.possessions)
