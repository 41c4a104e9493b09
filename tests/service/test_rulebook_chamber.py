"""Issue 15, done when: a Mornington game in which a ratified amendment changes a price and the
next turn is judged with the new price, with the rulebook diff posted.

Everything goes over SMTP to the running service with its own deadline thread and an injected
clock (the chamber's floor of ``tests/service/test_chamber_mail.py``): two turns, a proposal
amending rule 1.4.18's price of a Chocolate Bar (one Bronze in Volume 1, Dispensable, so sold
at any Station), every player's aye, ratification, the hour of ifMUD rule 10, and the next
Turn buying one. Every player joins with two Bronze (rule 1.1.8): at the new price of two the
buyer is left none, where Volume 1's price would leave one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import select

from referee.cli import main
from referee.notation.gsd import GSD
from referee.service.replaying import replay_game
from referee.store.models import Game, RulesChange, Turn
from tests.conftest import MailPath
from tests.service.test_chamber_mail import T0, Floor, _text, open_floor

FIRST = "Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)"
SECOND = "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)"
BUY = "Alice : [Purchasing Chocolate Bar] Pass Holborn (CN)"
PROPOSAL = (
    "propose Dear chocolate [A]\n"
    "Chocolate is too cheap.\n"
    "Amend rule 1.4.18: the price of Chocolate Bar is 2.\n"
)


def _bronze(floor: Floor, name: str) -> int:
    with floor.path.service.factory() as session:
        state = session.scalars(select(Game.state)).one() or ""
    return next(r for r in GSD.parse(state).players if r.name == name).tokens.br


def test_1_4_18_a_ratified_price_takes_effect_and_the_next_turn_pays_it(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    floor = open_floor(tmp_path, mail_path, poll=0.02)
    floor.say("Alice", FIRST)
    floor.say("Bob", SECOND)
    floor.posts()
    assert _bronze(floor, "Alice") == 2

    floor.clock.now = T0 + timedelta(minutes=5)
    floor.say("Alice", PROPOSAL)
    floor.say("Bob", "vote aye Dear chocolate [A]")
    floor.say("Carol", "vote aye Dear chocolate [A]")
    floor.clock.now = T0 + timedelta(minutes=10)
    floor.say("Alice", "ratify Dear chocolate [A]")
    floor.posts()

    floor.tick(T0 + timedelta(minutes=69))
    assert floor.lounge() == [], "not before the hour of ifMUD rule 10 has passed"
    assert _bronze(floor, "Alice") == 2
    floor.tick(T0 + timedelta(minutes=70))
    posts = floor.lounge()
    [version] = [p for p in posts if "Rules version 2: Dear chocolate [A]" in p]
    assert "the rules of game MC 12 are now version 2 (they were version 1)" in version
    assert "- price of Chocolate Bar: 1 + price of Chocolate Bar: 2" in version
    assert any("Dear chocolate [A] is in effect" in p for p in posts)

    floor.clock.now = T0 + timedelta(minutes=80)
    floor.say("Alice", BUY)
    [applied] = floor.lounge()
    assert f"Turn 3: {BUY}" in applied
    assert _bronze(floor, "Alice") == 0
    with floor.path.service.factory() as session:
        [change] = session.scalars(select(RulesChange)).all()
        assert (change.version, change.proposal) == (2, "Dear chocolate [A]")
        assert change.effective_at == T0 + timedelta(minutes=70)


def test_1_4_18_a_game_amended_mid_way_replays_to_its_live_state_turn_by_turn_version(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    """Each turn keeps the rules version that judged it, and a replay of the stored game
    judges each by that version, reaching the state the referee posted; the same replay
    judging every turn by the published rules buys the Chocolate Bar at Volume 1's price, and
    so does not reach it (the check can fail)."""
    floor = open_floor(tmp_path, mail_path, poll=0.02)
    floor.say("Alice", FIRST)
    floor.say("Bob", SECOND)
    floor.clock.now = T0 + timedelta(minutes=5)
    floor.say("Alice", PROPOSAL)
    floor.say("Bob", "vote aye Dear chocolate [A]")
    floor.say("Carol", "vote aye Dear chocolate [A]")
    floor.clock.now = T0 + timedelta(minutes=10)
    floor.say("Alice", "ratify Dear chocolate [A]")
    floor.tick(T0 + timedelta(minutes=70))
    [version] = [p for p in floor.lounge() if "Rules version 2: Dear chocolate [A]" in p]
    assert "The last turn, Turn 2, was judged under version 1; from Turn 3 on" in version
    floor.clock.now = T0 + timedelta(minutes=80)
    floor.say("Alice", BUY)
    [applied] = floor.lounge()
    assert "judged under rules version 2" in applied
    with floor.path.service.factory() as session:
        turns = session.scalars(select(Turn).order_by(Turn.number)).all()
        assert [(t.number, t.rules_version) for t in turns] == [(1, 1), (2, 1), (3, 2)]
        game = session.scalars(select(Game)).one()
        again = replay_game(session, game)
        assert again.versions == (1, 1, 2)
        assert again.agrees, again.illegal or again.differs_at
        assert (again.replayed, again.edits) == (again.live, 0)
        assert _alice_bronze(again.replayed) == 0
        ignored = replay_game(session, game, ignore_versions=True)
        assert not ignored.agrees
        assert ignored.illegal is None and ignored.differs_at == 3
        assert ignored.replayed != again.live
        assert _alice_bronze(ignored.replayed) == 1
        start = turns[0].state_before or ""
        before_buy = turns[2].state_before or ""
        live = game.state or ""
    cli = CliRunner(env={"REFEREE_DATABASE_URL": f"sqlite:///{tmp_path / 'chamber.sqlite3'}"})
    replayed = cli.invoke(main, ["replay", "--game", "12"])
    assert replayed.exit_code == 0, replayed.output
    assert "turn 3: judged under rules version 2" in replayed.output
    assert "each reaches the state the referee posted for MC 12" in replayed.output

    record = live[live.index("Alice : [Home") :]
    game_file = tmp_path / "mc12.txt"
    game_file.write_text(start.rstrip("\n") + "\n" + record, "utf-8")
    final = GSD.parse(live).state_hash()
    by_game = cli.invoke(main, ["replay", str(game_file), "--game", "12", "--json"])
    assert json.loads(by_game.output)["final_state"] == final, by_game.output
    by_volume = cli.invoke(main, ["replay", str(game_file), "--json"])
    assert by_volume.exit_code == 0 and json.loads(by_volume.output)["final_state"] != final

    posted = tmp_path / "before-buy.txt"
    posted.write_text(before_buy, "utf-8")
    play = ["check", str(posted), "--play", BUY, "--game", "12"]
    now = cli.invoke(main, play)
    assert now.exit_code == 0 and _alice_bronze(now.output) == 0
    then = cli.invoke(main, [*play, "--version", "1"])
    assert then.exit_code == 0 and _alice_bronze(then.output) == 1
    wrong = cli.invoke(main, [*play, "--version", "3"])
    assert wrong.exit_code != 0 and "versions 1 to 2, not 3" in wrong.output

    for name in ("Alice", "Bob", "Carol"):
        floor.say(name, "nomic stalemate")
    ended = cli.invoke(main, ["speaker", "stalemate", "12"])
    assert ended.exit_code == 0, ended.output
    archived = cli.invoke(main, ["archive", "12"])
    assert archived.exit_code == 0, archived.output
    assert f"  3. {BUY} (rules version 2)" in archived.output
    assert f"  2. {SECOND} (rules version 1)" in archived.output


def _alice_bronze(state: str) -> int:
    return next(r for r in GSD.parse(state).players if r.name == "Alice").tokens.br


def test_a_proposer_is_told_at_once_which_amendments_would_not_apply_as_written(
    tmp_path: Path, mail_path: Callable[..., MailPath]
) -> None:
    """Bad input gets a clear answer: an amendment that breaks the grammar, or names what the
    tables do not hold, is pointed out to its proposer when the proposal is posted, before
    anyone votes; a proposal in prose alone is not."""
    floor = open_floor(tmp_path, mail_path, poll=0.02)
    floor.say(
        "Alice",
        "propose Unicorns [A]\nAmend rule 1.4.18: the price of Unicorn is 4.\n"
        "Amend rule 1.7.2: Anti-Narg costs 2Bk.",
    )
    [warning] = [
        m for m in floor.posts() if m["Subject"] == "[MC 12] Unicorns [A]: amendments to check"
    ]
    assert warning["To"] == "alice@example.org"
    words = _text(warning)
    assert "'Unicorn' is not sold at the Emporium (rule 1.4.18)" in words
    assert "rules/amendments.md" in words
    floor.say("Bob", "propose Be kind [B]\nEveryone is kind to the Drone.")
    assert not [m for m in floor.posts() if "amendments to check" in m["Subject"]]
