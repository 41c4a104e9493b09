"""Reading whole GSDs as players post them (rules 1.2.0, 1.3.1) and the referee's header."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from referee.notation import clear_caches
from referee.notation.action_index import ActionIndex, load_action_index
from referee.notation.errors import NotationError
from referee.notation.gsd import GSD, Comment, read_posting
from referee.notation.tokens import TokenCounts
from referee.resources import data_dir

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "notation"


def _canonical() -> str:
    return (GOLDEN / "every_section.canonical").read_text(encoding="utf-8")


def test_1_2_0_token_table_order_status_home_lv_charge_tokens() -> None:
    gsd = GSD.parse((GOLDEN / "rule_1_2_0_example.gsd").read_text(encoding="utf-8"))
    assert gsd.player_names == ("Drone", "Rushton", "Cryer", "Brooke-Taylor", "Garden")
    drone, rushton = gsd.players[:2]
    assert drone.inactive and not rushton.inactive
    assert (rushton.home, rushton.lv, rushton.charge) == ("Balham", 3, 17)
    assert rushton.tokens == TokenCounts(bk=2, br=7, gr=4)


def test_token_table_colour_row_sets_the_column_order() -> None:
    text = _canonical().replace("Bk Bu Br Go Gr Re Si", "Si Re Gr Gd Br Bu Bl")
    rushton = GSD.parse(text).players[1]
    # The numbers stay where they were, so read by the new header they mean other colours.
    assert rushton.tokens == TokenCounts(si=2, gr=7, br=4)


def test_1_3_1_signature_and_text_around_the_gsd_are_not_part_of_it() -> None:
    text = "Hello all,\nmy turn:\n\n" + _canonical() + "\n-- \nRushton\nRushton : nonsense\n"
    assert GSD.parse(text) == GSD.parse(_canonical())


def test_quoted_crlf_tabs_and_mixed_case_read_the_same() -> None:
    untidy = "\r\n".join("> " + line.replace("  ", "\t") for line in _canonical().splitlines())
    assert GSD.parse(untidy) == GSD.parse(_canonical())


def test_rewrapped_play_line_is_joined() -> None:
    text = _canonical().replace(
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)",
        "Rushton : [LV+3] Mornington\nCrescent (NT via: VC)",
    )
    assert GSD.parse(text) == GSD.parse(_canonical())


def test_rewrapped_table_row_is_joined() -> None:
    text = _canonical().replace("|  0  0  0  0  0  0  0 |", "|  0  0  0  0\n0  0  0 |", 1)
    assert GSD.parse(text) == GSD.parse(_canonical())


def test_1_2_0_player_may_send_only_the_play_line() -> None:
    posting = read_posting("Hi!\n\nRushton : [LV+3] Mornington Crescent (NT via: VC)\n\nR.\n")
    assert posting.gsd is None
    assert [p.render() for p in posting.plays] == [
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    ]


def test_1_2_0_appended_play_joins_the_record() -> None:
    text = _canonical() + "Cryer : Pass Holborn (CN)\n"
    gsd = GSD.parse(text)
    assert gsd.plays[-1].render() == "Cryer : Pass Holborn (CN)"
    assert isinstance(gsd.record[-2], Comment)


def test_error_names_line_and_column_and_the_fix() -> None:
    text = _canonical().replace("Wild Stations: Epping", "Wild Stations: Eppng")
    with pytest.raises(NotationError) as caught:
        GSD.parse(text)
    line = _canonical().splitlines().index("Wild Stations: Epping, Morden, Upminster") + 1
    assert caught.value.line == line
    assert caught.value.column == len("Wild Stations: ") + 1
    assert str(caught.value).startswith(f"line {line}, column 16: 'Eppng' is not a station")


def test_error_in_a_quoted_line_counts_the_quote_prefix() -> None:
    text = "\n".join("> " + line for line in _canonical().splitlines())
    text = text.replace("| Susp Package |", "| Sup Pkg      |")
    with pytest.raises(NotationError) as caught:
        GSD.parse(text)
    assert caught.value.column is not None and caught.value.column > 40


def test_stray_text_inside_the_gsd_is_an_error_not_skipped() -> None:
    text = _canonical().replace("Token Stacks:", "I moved the stacks around.\n\nToken Stacks:")
    with pytest.raises(NotationError, match=r"I cannot read 'I moved the stacks around\.'"):
        GSD.parse(text)


def test_play_by_an_unknown_player_is_refused_with_a_suggestion() -> None:
    with pytest.raises(NotationError, match="did you mean Rushton"):
        GSD.parse(_canonical() + "Rushtn : Euston (VC)\n")


def test_two_token_tables_are_refused() -> None:
    with pytest.raises(NotationError, match="two"):
        GSD.parse(_canonical() + "\n" + _canonical())


def test_1_2_2_unknown_disruption_is_placed_on_its_row() -> None:
    text = _canonical().replace("Gapminding", "Gapmending")
    with pytest.raises(NotationError) as caught:
        GSD.parse(text)
    rows = _canonical().splitlines()
    assert caught.value.line == rows.index(next(r for r in rows if "Gapminding" in r)) + 1


def test_state_hash_ignores_whitespace_and_comments() -> None:
    gsd = GSD.parse(_canonical())
    respaced = GSD.parse(_canonical().replace(" : ", ":").replace("{The Bridges", "{Bridges"))
    assert respaced.state_hash() == gsd.state_hash()


def test_state_hash_changes_with_the_state() -> None:
    gsd = GSD.parse(_canonical())
    moved = GSD.parse(_canonical() + "Cryer : Pass Holborn (CN)\n")
    assert moved.state_hash() != gsd.state_hash()


def test_header_declares_the_hash_of_the_rendered_state() -> None:
    gsd = GSD.parse(_canonical())
    posting = read_posting(gsd.render())
    assert posting.declared_hash == gsd.state_hash()
    assert (gsd.game, gsd.turn) == (12, 37)


def test_1_8_3_bridges_line_is_read_into_disruptions() -> None:
    text = _canonical().replace("Bridges Up, ", "").replace("Game Time:", "Bridges: Up\nGame Time:")
    assert GSD.parse(text).bridges_up
    assert GSD.parse(_canonical()).in_knip


def test_1_19_2_charge_is_a_signed_percentage_within_999() -> None:
    text = _canonical().replace("| -17 |", "| -17%|")
    assert GSD.parse(text).players[1].charge == -17
    with pytest.raises(NotationError, match="beyond the 999%"):
        GSD.parse(_canonical().replace("| 140 |", "|1400 |"))


def test_1_1_3_older_plays_may_name_resigned_players() -> None:
    # Garden resigned: eir old play and a shunt of em stay in the record.
    text = _canonical().replace(
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)",
        "Garden : Amersham (MP)\nrushton : Euston (VC) [Shunting garden to Moorgate (NT)]\n"
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)",
    )
    plays = GSD.parse(text).plays
    assert [p.player for p in plays] == ["Garden", "Rushton", "Rushton"]
    assert plays[1].actions[0].args[0] == "garden"


def test_the_newest_play_must_target_a_player_of_the_table() -> None:
    with pytest.raises(NotationError, match="'Garden' is not a player in this game"):
        GSD.parse(_canonical() + "Cryer : Euston (VC) [Shunting Garden to Moorgate (NT)]\n")


def test_1_2_2_one_disruption_a_row_without_commas() -> None:
    text = _canonical().replace(
        "| Charge In                                                             |",
        "| Charge In                                                             |\n"
        "| Euston (Peg)                                                          |",
    )
    disruptions = GSD.parse(text).disruptions
    assert [d.render() for d in disruptions[-2:]] == ["Charge In", "Euston (Peg)"]


def test_reply_quoting_the_previous_gsd_reads_the_players_own() -> None:
    mine = _canonical() + "Cryer : Pass Holborn (CN)\n"
    quoted = "\n".join("> " + line for line in _canonical().splitlines())
    top_posted = f"{mine}\n-- \nCryer\n\nOn Tuesday, Rushton wrote:\n{quoted}\n"
    bottom_posted = f"Rushton wrote:\n{quoted}\n\n{mine}"
    for text in (top_posted, bottom_posted):
        assert GSD.parse(text).plays[-1].render() == "Cryer : Pass Holborn (CN)"


def test_play_only_posting_wrapped_by_the_mail_client() -> None:
    posting = read_posting("> Rushton : [LV+3] Mornington\n> Crescent (NT via: VC)\n")
    assert posting.plays[0].render() == "Rushton : [LV+3] Mornington Crescent (NT via: VC)"


def test_token_table_with_a_column_per_colour() -> None:
    text = """+--------+--------+----+----+----+----+----+----+----+----+----+
| Player | Home   | LV | Ch | Bk | Bu | Br | Gd | Gr | Re | Si |
+--------+--------+----+----+----+----+----+----+----+----+----+
| Cryer  | Angel  | 1  | 14 | 2  | 8  | 6  | 3  | 1  | 4  | 1  |
+--------+--------+----+----+----+----+----+----+----+----+----+
"""
    (cryer,) = GSD.parse(text).players
    assert cryer.tokens == TokenCounts(bk=2, bu=8, br=6, go=3, gr=1, re=4, si=1)


def test_play_only_posting_is_checked_against_the_known_players() -> None:
    players = ["Rushton", "Cryer"]
    text = "rushton : Euston (VC) [Shunting cryer to Angel (NT)]\n"
    posting = read_posting(text, players=players)
    assert posting.plays[0].render() == "Rushton : Euston (VC) [Shunting Cryer to Angel (NT)]"
    with pytest.raises(NotationError, match="did you mean Rushton"):
        read_posting("Rushtn : Euston (VC)\n", players=players)


def test_rendering_again_or_under_another_index_draws_each_play_afresh() -> None:
    """Play lines are remembered between renders; another index's wording still shows, the
    header's hash stays the vanilla wording's, and a cleared cache draws the same text."""
    gsd = GSD.parse(_canonical() + "Cryer : [Into Knip] Pass Holborn (CN)\n")
    vanilla = load_action_index()
    variant = ActionIndex("variant", tuple(
        replace(s, pattern="Into the Knip") if s.name == "Into Knip" else s for s in vanilla
    ))  # fmt: skip
    first = gsd.render()
    assert "Cryer : [Into Knip] Pass Holborn (CN)" in first
    worded = gsd.render(variant)
    assert "Cryer : [Into the Knip] Pass Holborn (CN)" in worded
    assert (
        worded.splitlines()[0]
        == first.splitlines()[0]
        == (f"Mornington Crescent - Game 12 - Turn 37 - State {gsd.state_hash()}")
    )
    assert gsd.render() == first
    clear_caches()
    assert gsd.render() == first


@pytest.fixture
def reworded_vanilla(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The vanilla ruleset as a later release might reword [LV+X] and [Into Knip] in its
    actions.toml, keeping the old wordings as aliases so stored GSDs still read (the real
    loader reads the real, edited file)."""
    import shutil

    from referee.notation import action_index

    rules = tmp_path / "rules"
    shutil.copytree(data_dir("rules"), rules)
    path = rules / "vanilla" / "actions.toml"
    text = path.read_text(encoding="utf-8")
    for old, new in (("LV+{n}", "Line Velocity +{n}"), ("Into Knip", "Entering Knip")):
        text = text.replace(f'pattern = "{old}"', f'pattern = "{new}"\naliases = ["{old}"]')
    path.write_text(text)
    monkeypatch.setattr(action_index, "data_dir", lambda folder: rules)
    load_action_index.cache_clear()
    yield
    monkeypatch.undo()
    load_action_index.cache_clear()


def test_state_hash_survives_a_reworded_action_index(reworded_vanilla: None) -> None:
    """A stored GSD keeps its hash when the index's wording changes: the hash covers each
    Action's index name and values, not the pattern (else every posting would be stale)."""
    before = GSD.parse(_canonical() + "Cryer : [Into Knip] Pass Holborn (CN)\n")
    stored = before.render()
    load_action_index.cache_clear()  # now the reworded file
    after = GSD.parse(stored)
    assert after.record[-1].render().startswith("Cryer : [Entering Knip]")
    assert "[Line Velocity +3]" in after.render()
    assert after.state_hash() == before.state_hash()
    assert read_posting(after.render()).declared_hash == before.state_hash()


def test_state_hash_still_sees_every_value_of_an_action() -> None:
    gsd = GSD.parse(_canonical())
    lv4 = GSD.parse(_canonical().replace("[LV+3]", "[LV+4]"))
    lv_minus = GSD.parse(_canonical().replace("[LV+3]", "[LV-3]"))
    assert len({gsd.state_hash(), lv4.state_hash(), lv_minus.state_hash()}) == 3


# The header the referee wrote on every_section.canonical before the formula named its version
# (tests/golden/notation/every_section.canonical in git history, state-hash 1).
STATE_HASH_1 = "90497ee5"


def test_a_hash_of_the_first_formula_still_names_its_state() -> None:
    """GSDs issued before the hash changed carry the old one; a reply to them is not stale."""
    gsd = GSD.parse(_canonical())
    assert gsd.state_hash() != STATE_HASH_1
    assert gsd.is_state(STATE_HASH_1) and gsd.is_state(STATE_HASH_1.upper())
    assert gsd.is_state(gsd.state_hash())
    assert not gsd.is_state("90497ee6")
    moved = GSD.parse(_canonical() + "Cryer : Pass Holborn (CN)\n")
    assert not moved.is_state(STATE_HASH_1) and not moved.is_state(gsd.state_hash())


def test_1_3_1_a_play_followed_by_a_long_paragraph_is_the_play() -> None:
    """The paragraph under a play is tried as its wrapped tail only up to WRAP_LIMIT
    characters (reading stays linear: bench/reading.py); the play itself is still read."""
    prose = "\n".join(f"and then I thought about line {n} of the Northern" for n in range(3000))
    posting = read_posting(f"Rushton : [LV+3] Mornington Crescent (NT via: VC)\n{prose}\n")
    assert [p.render() for p in posting.plays] == [
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    ]


def test_a_play_wrapped_over_many_short_lines_within_the_limit_is_joined() -> None:
    lines = ["Rushton : [LV+3]", "Mornington", "Crescent", "(NT", "via:", "VC)"]
    posting = read_posting("\n".join(lines) + "\n")
    assert [p.render() for p in posting.plays] == [
        "Rushton : [LV+3] Mornington Crescent (NT via: VC)"
    ]


def test_a_page_of_unbordered_rows_is_not_a_gsd() -> None:
    posting = read_posting("| x\n" * 20000 + "Rushton : [LV+3] Mornington Crescent (NT via: VC)\n")
    assert posting.gsd is None and len(posting.plays) == 1
