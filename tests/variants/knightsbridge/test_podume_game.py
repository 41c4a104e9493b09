"""A scripted game under the 1965 amendments that creates and uses every Podume of section 4.2,
played Turn by Turn in order of play, replayed whole from its opening tables
(``referee.engine.replay``), and through ``referee replay --variant knightsbridge-1965``.

What the script shows, Turn by Turn (Rushton, Garden and Cryer in order of play):

- Rushton creates the A to Z Podume (laid at Liverpool Street) and the British Rail Podume
  (laid at Moorgate, claimed there), earns the British Rail Podume's Black at Liverpool Street,
  claims the A to Z Podume, claims the Terminus Podume at Bank and cashes the three in for two
  Gold; later he creates the Compass Podume at Lambeth North (laid at Clapham North).
- Garden creates the Hyde Podume and the Verdant Podume (laid at Green Park) at Hyde Park
  Corner and Cowers free as Dr. Jekyll; as Mr. Hyde raises LV by four free and claims the
  Verdant Podume; claims the Spanger Podume at Arsenal; transforms again (two Red, three
  counters), lowers LV by five for a Black, Shunts Cryer free of the Spanger's cost but paying
  the Shield's Red, steals the Shield Podume, which Mr. Hyde may not hold (destroyed), keeps
  half eir LV and earns the Verdant Podume's Green at Green Park; then drops the Verdant Podume.
- Cryer creates the Terminus Podume (laid at Bank) and the Spanger Podume (laid at Arsenal) at
  Aldgate, the Shield Podume at St. James's Park and the Speed Podume at Tower Hill with LV 8,
  moves at LV 12 with it, and loses it by Passing.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli import main
from referee.engine.replay import replay
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.podumes import PODUMES
from referee.notation.stacks import TokenStack
from tests.engine.builder import game
from tests.variants.knightsbridge.kb import KB, states
from tests.variants.knightsbridge.test_podumes import lying, rack

TOKENS = "9Bk,9Re,9Bu,9Gr,4Go,4Si"
PLAYERS = ("Rushton", "Garden", "Cryer")
TURNS = tuple(
    line
    for line in (Path(__file__).parent / "podume_game.txt").read_text("utf-8").splitlines()
    if line.strip()
)
"""The game's plays in order, one a line (tests/variants/knightsbridge/podume_game.txt)."""


def opening() -> GSD:
    """Three players off the Map with no Home yet, and four Token Stacks holding every colour
    (rule 4.2.1.4's Station Podumes need three other Stations with Tokens of their colour)."""
    gsd = game({}, tokens=dict.fromkeys(PLAYERS, TOKENS), players=PLAYERS)
    homeless = tuple(row.model_copy(update={"home": None}) for row in gsd.players)
    gsd = gsd.model_copy(update={"players": homeless})  # each declares a Home (rule 1.12.2)
    stacks = tuple(
        TokenStack.parse_cells(station, "ReBkGrBuSi")
        for station in ("Upminster (2)", "Morden (3)", "Amersham (4)", "Epping (1)")
    )
    return gsd.model_copy(update={"stacks": stacks})


def played() -> list[tuple[GSD, list[str]]]:
    """Every state after each Turn, judged in order of play, with the Turn's event kinds."""
    gsd, states_ = opening(), []
    for text in TURNS:
        play = Play.parse(text, players=gsd.player_names, index=KB.action_index())
        result = adjudicate(gsd, play, KB)
        assert result.legal, (text, result.messages())
        gsd = result.state
        states_.append((gsd, [f"{e.kind}: {e.text}" for e in result.events]))
    return states_


def test_every_podume_is_created_and_used() -> None:
    turns = played()
    events = [text for _, texts in turns for text in texts]
    created = {
        name
        for name in PODUMES
        for text in events
        if text.startswith("podume_created") and f"the {name}" in text
    }
    assert created == set(PODUMES)
    assert any("British Rail Podume at Liverpool Street" in t for t in events)
    assert any("[Cashing in Podumes]: gained 2 Go" in t for t in events)
    assert any("Verdant Podume at Green Park (rule 4.2.1.4): gained 1 Gr" in t for t in events)
    assert any("claimed Shield Podume from Cryer" in t for t in events)
    speed = turns[TURNS.index("Cryer : [LV+4] Green Park (PD via: CL)")][1]
    assert "lv: LV 8 -> 12" in speed  # four up free, and a Move at 12, past the usual 10
    spanged = next(texts for _, texts in turns if any("claimed Shield Podume" in t for t in texts))
    paid = [t for t in spanged if t.startswith("tokens_paid")]
    assert paid == [
        "tokens_paid: [Hyde Transformation]: paid 2 Re",
        "tokens_paid: [LV-5]: paid 1 Bk",
        "tokens_paid: [Shunting Cryer to Knightsbridge (PD)] targets Cryer, who has the Shield "
        "Podume: paid 1 Re",
    ]  # the Spanger's Shunt is free; the Shield's Red is not
    assert "lv: LV 0 -> 1" in spanged  # half of the Shunt's LV 2 kept
    destroyed = [t for t in events if t.startswith("podume_destroyed")]
    assert any("Shield Podume is destroyed: Garden is Mr. Hyde" in t for t in destroyed)
    assert any("Speed Podume is destroyed: Cryer, its holder, played Pass" in t for t in destroyed)
    final = turns[-1][0]
    assert lying(final) == [("Clapham North", "Compass Podume"), ("Green Park", "Verdant Podume")]
    assert rack(final, "Garden") == ["Hyde Podume (3 Hyde Counters)", "Spanger Podume"]
    assert states(final) == []


def test_the_podume_game_replays_to_its_end() -> None:
    final = played()[-1][0]
    report = replay(opening().model_copy(update={"record": final.record}), KB)
    assert report.ok and report.legal_turns == len(TURNS)
    assert report.final == final


def test_the_cli_replays_the_podume_game(tmp_path: Path) -> None:
    path = tmp_path / "podumes.gsd"
    start = opening().model_copy(update={"record": played()[-1][0].record})
    path.write_text(start.render(KB.action_index()), "utf-8")
    runner = CliRunner()
    replayed = runner.invoke(main, ["replay", str(path), "--variant", "knightsbridge-1965"])
    assert replayed.exit_code == 0, replayed.output
    assert f"all {len(TURNS)} turns are legal" in replayed.output
