"""A stored game judged again turn by turn (referee.service.replaying), across the referee's
own changes of the GSD between turns: a resignation (rule 1.1.3) is no play, so the turn after
it is judged from the state it was judged on then, and every turn must still reach the very
state the referee posted after it. (A game amended mid-way by its chamber, replayed under each
turn's version: tests/service/test_rulebook_chamber.py.) Games whose plays leave facts the
record does not show (a skid, a one-Round Line State, a Prison Clamp's term) replay the same
way, by the service and by `referee replay`."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner
from sqlalchemy import Engine, func, select

from referee.cli import main
from referee.engine.fair_dice import derive, label
from referee.engine.ruleset import VANILLA
from referee.notation.gsd import GSD
from referee.service.replaying import applied_turns, replay_game
from referee.store.models import Game, InboxMessage, Turn
from tests.engine.test_replay_line_states_and_prison import PLAYERS, POWER_FAILURE, PRISON, SKID
from tests.service.harness import Table
from tests.service.test_seats import LOUNGE, _address, _game, _people_in_order, _play, _started


def test_rule_1_1_3_a_game_with_a_resignation_between_turns_replays_turn_by_turn(
    sqlite_engine: Engine,
) -> None:
    table = _started(sqlite_engine)
    first, second, third = _people_in_order(table)
    _play(table, first, "Euston (VC)")
    _play(table, second, "Bank (NT)")
    table.mail(_address(third), "nomic resign", to=LOUNGE)
    _play(table, first, "[LV+1] Warren Street (VC)")
    assert _game(table).turn_number == 3
    with table.factory() as session:
        game = session.get_one(Game, _game(table).id)
        again = replay_game(session, game)
    assert again.agrees, again.illegal or again.differs_at
    assert (again.legal_turns, again.edits, again.versions) == (3, 1, (1, 1, 1))
    assert again.replayed == again.live


def test_a_turn_whose_posted_state_the_rules_do_not_reach_is_named(sqlite_engine: Engine) -> None:
    """The replay compares each turn with what the referee posted after it: a stored state
    that the turn's play does not make (here, edited by hand) is found at that turn."""
    table = _started(sqlite_engine)
    first, second, _ = _people_in_order(table)
    _play(table, first, "Euston (VC)")
    _play(table, second, "Bank (NT)")
    with table.factory.begin() as session:
        turn = session.scalars(select(Turn).where(Turn.number == 1)).one()
        posted = turn.state or ""
        clock = next(line for line in posted.splitlines() if line.startswith("Game Time: "))
        turn.state = posted.replace(clock, "Game Time: Wednesday 0101", 1)
        assert turn.state != posted
    with table.factory() as session:
        again = replay_game(session, session.get_one(Game, _game(table).id))
    assert not again.agrees and again.differs_at == 1


def _by_mail(table: Table, script: Sequence[str], start: int = 0) -> list[str]:
    """Play ``script`` from play ``start`` (from 0) on by mail: its parts are Rushton, Cryer
    and Garden in that order of play (tests/engine/test_replay_line_states_and_prison.py),
    taken by the seated players in theirs, each declaring eir own Home; every play must be
    applied. The plays as written for them (without the Home declaration ``_play`` adds to a
    first play)."""
    names = dict(zip(PLAYERS, _people_in_order(table), strict=True))
    mailed = []
    for number, line in enumerate(script[start:], start + 1):
        player, text = (part.strip() for part in line.split(":", 1))
        text = re.sub(r"^\[Home: [^]]*\] ", "", text)
        for part, name in names.items():
            text = text.replace(part, name)
        _play(table, names[player], text)
        assert _turns(table) == number, (line, [str(m.get_payload()) for _, m in table.sent()])
        mailed.append(f"{names[player]} : {text}")
    return mailed


def _disrupted(state: str) -> list[str]:
    return [d.render() for d in GSD.parse(state).disruptions]


def _turns(table: Table) -> int:
    with table.factory() as session:
        return len(applied_turns(session, session.get_one(Game, _game(table).id)))


def _replays_in_the_store_and_by_the_command(table: Table, url: str) -> Turn:
    """``replay_game`` and ``referee replay --game 1`` both reach the posted state, turn by
    turn; the last turn, returned."""
    with table.factory() as session:
        game = session.get_one(Game, _game(table).id)
        again = replay_game(session, game)
        last = session.scalars(select(Turn).order_by(Turn.number.desc()).limit(1)).one()
        session.expunge(last)
    assert again.agrees, again.illegal.messages() if again.illegal else again.differs_at
    assert again.replayed == again.live and again.edits == 0
    cli = CliRunner(env={"REFEREE_DATABASE_URL": url})
    replayed = cli.invoke(main, ["replay", "--game", "1"])
    assert replayed.exit_code == 0, replayed.output
    assert "each reaches the state the referee posted for MC 1" in replayed.output
    return last


def _replays_from_its_file(table: Table, url: str, tmp_path: Path) -> dict[str, object]:
    """``referee replay FILE --game 1 --json`` on the game's opening GSD carrying the record
    posted last (each play judged with the dice its turn threw): what it reports."""
    live = GSD.parse(_game(table).state or "")
    with table.factory() as session:
        opening = session.scalars(select(Turn).where(Turn.number == 1)).one().state_before
    game_file = tmp_path / "mc1.txt"
    start = GSD.parse(opening or "")
    game_file.write_text(start.model_copy(update={"record": live.record}).render(), "utf-8")
    replayed = CliRunner(env={"REFEREE_DATABASE_URL": url}).invoke(
        main, ["replay", str(game_file), "--game", "1", "--json"]
    )
    report: dict[str, object] = json.loads(replayed.output)
    assert report["final_state"] == live.state_hash(), report
    return report


def _checked(url: str, tmp_path: Path, before: str, play: str) -> str:
    """``referee check BEFORE --play PLAY --game 1``: the GSD it prints."""
    posted = tmp_path / "before.txt"
    posted.write_text(before, "utf-8")
    checked = CliRunner(env={"REFEREE_DATABASE_URL": url}).invoke(
        main, ["check", str(posted), "--play", play, "--game", "1"]
    )
    assert checked.exit_code == 0, checked.output
    return checked.stdout


def test_rule_1_20_6_a_game_with_a_skid_replays_and_check_agrees(
    sqlite_engine: Engine, sqlite_url: str, tmp_path: Path
) -> None:
    """Rule 1.20.6 (with rule 1.3.0's Round): a Shunt along the Line its Shunter Soaped in eir
    previous Turn carries em with the Shunted; the referee notes the skid in the play, and the
    stored game replays turn by turn to the state posted, by the service and by `referee
    replay --game`; `referee check` of the Shunt on the state before it prints that state."""
    table = _started(sqlite_engine)
    mailed = _by_mail(table, SKID[:7])
    with table.factory() as session:
        shunt = session.scalars(select(Turn).where(Turn.number == 7)).one()
        before, after = shunt.state_before or "", shunt.state or ""
    assert mailed[-1] + " {skidded: Bethnal Green (CN)}" in after
    assert _disrupted(before) == ["CN: Soaped"] and _disrupted(after) == []
    _replays_in_the_store_and_by_the_command(table, sqlite_url)
    assert _replays_from_its_file(table, sqlite_url, tmp_path)["legal_turns"] == 7
    assert _checked(sqlite_url, tmp_path, before, mailed[-1]) == after


def test_rule_1_20_5_a_power_failure_through_its_makers_next_turn_replays_by_mail(
    sqlite_engine: Engine, sqlite_url: str, tmp_path: Path
) -> None:
    """Rules 1.20.5 and 1.3.0: the Power Failure lasts through its maker's next Turn (a Move
    of eir own along the Line then is refused) and Cryer's part Moves along it after; the
    stored game replays to the posted state and `referee check` agrees on the last Move."""
    table = _started(sqlite_engine)
    first = _people_in_order(table)[0]
    mailed = _by_mail(table, POWER_FAILURE[:6])
    table.clock.advance(hours=1)
    refused = table.mail(_address(first), f"{first} : Holborn (CN)", to=LOUNGE,
                         subject="[MC 1] turn")  # fmt: skip
    assert _turns(table) == 6
    assert any("1.20.5" in str(message.get_payload()) for _, message in refused)
    mailed += _by_mail(table, POWER_FAILURE, 6)
    last = _replays_in_the_store_and_by_the_command(table, sqlite_url)
    assert _disrupted(last.state_before or "") == _disrupted(last.state or "") == []
    assert _replays_from_its_file(table, sqlite_url, tmp_path)["legal_turns"] == 9
    assert _checked(sqlite_url, tmp_path, last.state_before or "", mailed[-1]) == last.state


def test_rule_1_4_47_a_prison_clamp_expiring_at_the_third_turn_replays_by_mail(
    sqlite_engine: Engine, sqlite_url: str, tmp_path: Path
) -> None:
    """Rule 1.4.47 (with rule 1.7.53's [Finding]): Sent to the Tower in eir first Turn, the
    first player may only Pass in eir next two Turns (a Move then is refused) and Moves in
    the third, the Clamp destroyed as it starts; the stored game, its roll thrown from the
    game's seed, replays to the posted state, and `referee check` agrees on that Move."""
    table = _started(sqlite_engine)
    first = _people_in_order(table)[0]
    _wait_for_the_tower(table, first)
    mailed = _by_mail(table, PRISON[:6])
    assert "(Sent to the Tower)}" in _posted(table, 1)
    table.clock.advance(hours=1)
    refused = table.mail(_address(first), f"{first} : [LV+1] Aldgate (CL)", to=LOUNGE,
                         subject="[MC 1] turn")  # fmt: skip
    assert _turns(table) == 6
    assert any("1.4.47" in str(message.get_payload()) for _, message in refused)
    mailed += _by_mail(table, PRISON, 6)
    last = _replays_in_the_store_and_by_the_command(table, sqlite_url)
    assert _replays_from_its_file(table, sqlite_url, tmp_path)["legal_turns"] == 10
    assert "Prison Clamp" in (last.state_before or "") and "Prison Clamp" not in (last.state or "")
    assert _checked(sqlite_url, tmp_path, last.state_before or "", mailed[-1]) == last.state


def _posted(table: Table, number: int) -> str:
    with table.factory() as session:
        return session.scalars(select(Turn).where(Turn.number == number)).one().state or ""


def _wait_for_the_tower(table: Table, player: str) -> None:
    """Ask for the game's settings until the next message's d100 for rule 1.7.53, derived
    from the game's seed (engine/fair_dice.py), finds the Tower in rule 1.7.53's table, so
    that the first Turn's [Finding] sends em there."""
    finds = VANILLA.tables().lost_and_found.find
    for _ in range(100):
        with table.factory() as session:
            seed = bytes.fromhex(_game(table).dice_seed or "")
            following = (session.scalar(select(func.max(InboxMessage.id))) or 0) + 1
        text = label(1, f"message {following}", 1, 100, "rule 1.7.53")
        if finds(derive(seed, text, 100)).kind == "tower":
            return
        table.mail(_address(player), "nomic settings", subject="[MC 1]")
    raise AssertionError("no message of a hundred would find the Tower")
