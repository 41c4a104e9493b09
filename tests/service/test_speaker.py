"""Speaker commands by mail (rules 1.1.2, 1.1.8, 1.1.11, 1.1.12), through the runner."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest
from sqlalchemy import Engine, select

from referee import variants
from referee.engine.life.order_of_play import follows
from referee.engine.ruleset import VANILLA
from referee.notation.gsd import GSD
from referee.store.db import sessions
from referee.store.models import Deadline, Game, InboxMessage, Membership
from tests.service.harness import SPEAKER, HandClock, Table, text, to

LOUNGE = "mc1@lounge.example.org"
FRIDAY_10AM = datetime(2026, 11, 20, 10, 0)


@pytest.fixture
def table(engine: Engine) -> Table:
    """The runner on SQLite and on PostgreSQL."""
    return Table(sessions(engine), HandClock(FRIDAY_10AM))


def _game(table: Table, number: int = 1) -> Game:
    with table.factory() as session:
        return session.scalars(select(Game).where(Game.number == number)).one()


def _join(table: Table, name: str, number: int = 1) -> None:
    address = f"{name.lower()}@example.org"
    table.mail(address, f"nomic join {name}", subject=f"[MC {number}] joining")
    table.speaker(f"approve {number} {name}")


def test_1_1_2_a_new_game_is_numbered_on_from_the_last_with_the_drone_and_a_random_time(
    table: Table,
) -> None:
    sent = table.speaker(f"new-game {LOUNGE}")
    assert to(sent) == [SPEAKER, LOUNGE]
    assert "Game MC 1 is open" in text(sent[0][1])
    table.speaker("new-game mc2@lounge.example.org")
    first, second = _game(table, 1), _game(table, 2)
    assert (first.status, first.ruleset, first.variants) == ("forming", "normal", [])
    gsd = GSD.parse(first.state or "")
    assert gsd.player_names == ("Drone",) and gsd.game == 1 and gsd.time is not None
    times = {GSD.parse(g.state or "").time for g in (first, second)}
    assert second.number == 2 and len(times) == 2, "each game draws its own Game Time"


def test_1_1_2_a_special_rules_game_names_known_variants(table: Table) -> None:
    sent = table.speaker(f"new-game {LOUNGE} special KB65 buzz-mode=players")
    assert "Special Rules game with knightsbridge-1965" in text(sent[0][1])
    game = _game(table)
    assert (game.ruleset, game.variants, game.buzz_mode) == (
        "special",
        ["knightsbridge-1965"],
        "players",
    )
    [(_, refusal)] = table.speaker("new-game mc9@lounge.example.org special")
    assert "names its variants (rule 1.1.2)" in text(refusal)


def test_1_1_2_a_special_rules_game_under_the_early_draft_judges_its_turns(table: Table) -> None:
    """Rule 1.1.2: ``special early-draft`` opens a Special Rules game under the registered
    early-draft variant, and the turns mailed to its lounge are judged under it by the
    EngineDesk: a Move paid by the step in Black and a [Block <Station> x] (neither of which
    Volume 1 would accept; rules/early-draft/README.md)."""
    sent = table.speaker(f"new-game {LOUNGE} special early-draft")
    assert "Special Rules game with early-draft" in text(sent[0][1])
    for name in ("Alice", "Bob"):
        _join(table, name)
    table.speaker("start 1")
    game = _game(table)
    assert (game.ruleset, game.variants) == ("special", ["early-draft"])
    first, second = (n for n in game.order_of_play if n != "Drone")
    block = "[Block Chancery Lane 2] Tottenham Court Road (CN) {paying: 2 Re}"
    plays = [(first, "Holborn (CN)"), (second, "Chancery Lane (CN)"), (first, block)]
    for name, written in plays:
        table.clock.advance(hours=1)
        sent = table.mail(f"{name.lower()}@example.org", f"{name} : {written}", to=LOUNGE,
                          subject="[MC 1]")  # fmt: skip
        assert to(sent) == [LOUNGE], f"{name}'s turn was applied: {text(sent[0][1])}"
    draft = variants.find_variant("early-draft")()
    gsd = GSD.parse(_game(table).state or "", index=draft.action_index())
    row = next(r for r in gsd.players if r.name == first)
    assert (row.tokens.bk, row.tokens.re) == (2 - 1 + 1, 2 - 2 + 1), "1 step, then Zone 1 and Re"
    assert [p.render(draft.action_index()) for p in gsd.plays][-1].startswith(
        f"{first} : [Block Chancery Lane 2] Tottenham Court Road (CN)"
    )
    with table.factory() as session:
        turn = session.scalars(
            select(Deadline).where(Deadline.kind == "turn", Deadline.closed_at.is_(None))
        ).one()
        assert turn.owed_by == second, "whose Turn is read from a record holding a Block"


@pytest.mark.parametrize(
    ("named", "why"),
    [
        ("finchley-49", "there is no variant 'finchley-49'"),
        ("vanilla", "'vanilla' is the Normal game itself"),
        ("normal", "'normal' is the Normal game itself"),
    ],
)
def test_1_1_2_a_special_rules_game_refuses_variants_the_referee_does_not_know(
    table: Table, named: str, why: str
) -> None:
    [(rcpt, refusal)] = table.speaker(f"new-game {LOUNGE} special {named}")
    assert rcpt == [SPEAKER]
    assert why in text(refusal)
    assert "this referee knows are: early-draft, knightsbridge-1965" in text(refusal), (
        "the known names are listed"
    )
    with table.factory() as session:
        assert session.scalars(select(Game)).all() == [], "no game is opened"


def test_1_1_2_a_speaker_command_from_anyone_else_is_refused_and_reported(
    table: Table,
) -> None:
    sender = "mallory@example.net"
    sent = table.mail(sender, f"speaker new-game {LOUNGE}", secret="gavel and bell")
    assert to(sent) == [sender, SPEAKER]
    assert "taken only from the Speaker's address" in text(sent[0][1])
    assert f"came from {sender}" in text(sent[1][1])
    with table.factory() as session:
        assert session.scalars(select(Game)).first() is None


def test_1_1_2_a_wrong_secret_from_the_speakers_address_is_refused_once(table: Table) -> None:
    sent = table.mail(SPEAKER, f"speaker new-game {LOUNGE}", secret="guess")
    assert to(sent) == [SPEAKER]
    assert "its Secret: line is not the Speaker's secret" in text(sent[0][1])
    with table.factory() as session:
        assert session.scalars(select(Game)).first() is None


def test_1_1_8_a_join_goes_to_the_speaker_and_approval_seats_with_the_joining_tokens(
    table: Table,
) -> None:
    table.speaker(f"new-game {LOUNGE}")
    sent = table.mail("alice@example.org", "nomic join Alice", subject="[MC 1] let me in")
    assert to(sent) == ["alice@example.org", SPEAKER]
    assert "speaker approve 1 Alice" in text(sent[1][1])
    sent = table.speaker("approve 1 Alice")
    assert sorted(to(sent)) == sorted([LOUNGE, "alice@example.org", SPEAKER])
    gsd = GSD.parse(_game(table).state or "")
    alice = gsd.players[1]
    assert alice.name == "Alice" and (alice.tokens.bk, alice.tokens.re, alice.tokens.br) == (
        2,
        2,
        2,
    )
    assert alice.home is None and alice.lv == 0


def test_1_1_8_a_declined_application_must_say_why(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    table.mail("bob@example.org", "nomic join Bob", subject="[MC 1]")
    [(_, refusal)] = table.speaker("decline 1 Bob")
    assert "must say why (rule 1.1.8)" in text(refusal)
    sent = table.speaker("decline 1 Bob: the lounge is full this month")
    assert "bob@example.org" in to(sent)
    declined = next(m for rcpt, m in sent if rcpt == ["bob@example.org"])
    assert "the lounge is full this month" in text(declined)
    with table.factory() as session:
        seat = session.scalars(select(Membership)).one()
        assert (seat.status, seat.note) == ("declined", "the lounge is full this month")


def test_1_1_2_a_game_starts_only_with_three_players_counting_the_drone(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    _join(table, "Alice")
    [(_, refusal)] = table.speaker("start 1")
    assert "has 2 players counting the Drone; it needs 3" in text(refusal)
    _join(table, "Bob")
    sent = table.speaker("start 1")
    assert LOUNGE in to(sent)
    game = _game(table)
    assert game.status == "running" and sorted(game.order_of_play) == ["Alice", "Bob", "Drone"]
    assert GSD.parse(game.state or "").player_names == tuple(game.order_of_play)
    with table.factory() as session:
        turn = session.scalars(select(Deadline).where(Deadline.kind == "turn")).one()
        assert turn.owed_by == next(n for n in game.order_of_play if n != "Drone"), (
            "the Drone starts Inactive, so the first Active player owes the first turn (1.3.2)"
        )
        assert turn.due == datetime(2026, 11, 23, 22, 0), "rule 1.3.5: Friday 10am -> Monday 10pm"


def test_1_1_2_the_speakers_opening_is_the_one_referee_db_new_game_writes(table: Table) -> None:
    """Rules 1.1.2 and 1.1.8: however a game is started, by the Speaker's mail or by
    ``referee db new-game`` (``starting.start_game``, which asks ``Ruleset.new_game``), its
    first GSD is the same: Turn 1, the Inactive Drone, each player with the joining holdings,
    rows in the order of play."""
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob", "Carol"):
        _join(table, name)
    table.speaker("start 1")
    game = _game(table)
    by_mail = GSD.parse(game.state or "")
    assert by_mail.time is not None
    people = [n for n in game.order_of_play if n != "Drone"]
    by_operator = VANILLA.new_game(people, by_mail.time, game=1)
    rows = {row.name: row for row in by_operator.players}
    assert by_mail.turn == by_operator.turn == 1
    assert by_mail.players == tuple(rows[name] for name in game.order_of_play)
    assert by_mail.render().splitlines()[0].startswith("Mornington Crescent - Game 1 - Turn 1 - ")


def test_1_1_12_orders_of_play_spread_who_follows_whom_across_games(table: Table) -> None:
    players = ["Alice", "Bob", "Carol", "Dan"]
    for number in range(1, 5):
        table.speaker(f"new-game mc{number}@lounge.example.org")
        for name in players:
            _join(table, name, number)
        table.speaker(f"start {number}")
    counts: Counter[tuple[str, str]] = Counter()
    for number in range(1, 5):
        counts.update(follows(_game(table, number).order_of_play))
    assert max(counts.values()) <= 2, f"some player kept following the same one: {counts}"


def test_1_1_8_joining_a_running_game_is_seated_by_rule_1_1_12(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    _join(table, "Alice")
    _join(table, "Bob")
    table.speaker("start 1")
    before = _game(table).order_of_play
    _join(table, "Carol")
    after = _game(table).order_of_play
    assert [n for n in after if n != "Carol"] == before, "seated players keep their order"
    assert GSD.parse(_game(table).state or "").player_names == tuple(after)


def test_1_1_2_void_and_1_1_11_stalemate_end_a_game_with_no_winner(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    table.speaker("new-game mc2@lounge.example.org")
    table.speaker("void 1")
    assert _game(table, 1).status == "void"
    [(_, refusal)] = table.speaker("stalemate 2")
    assert "not being played" in text(refusal)
    _join(table, "Alice", 2)
    _join(table, "Bob", 2)
    table.speaker("start 2")
    [(_, refusal)] = table.speaker("void 2")
    assert "only a game that has not begun can be void" in text(refusal)
    for name in ("Alice", "Bob"):
        table.mail(f"{name.lower()}@example.org", "nomic stalemate", subject="[MC 2]")
    table.speaker("stalemate 2")
    game = _game(table, 2)
    assert (game.status, game.winner, sorted(game.finishers)) == (
        "stalemate",
        None,
        ["Alice", "Bob"],
    )
    with table.factory() as session:
        open_rows = session.scalars(select(Deadline).where(Deadline.closed_at.is_(None))).all()
        assert open_rows == [], "an ended game owes nothing"


def test_the_speaker_lists_games_and_is_told_the_commands_on_a_typo(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    _join(table, "Alice")
    [(_, listing)] = table.speaker("games")
    assert f"MC 1: forming, normal, {LOUNGE}: Alice" in text(listing)
    [(_, refusal)] = table.speaker("strat 1")
    assert "'strat' is not a command" in text(refusal) and "speaker start GAME" in text(refusal)


def test_1_1_2_a_speaker_command_relayed_by_a_lounge_list_is_not_taken(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    table.mail(SPEAKER, "nomic join Sam", subject="[MC 1]")
    table.speaker("approve 1 Sam")
    table.sent()
    sent = table.mail(
        SPEAKER,
        "speaker void 1",
        to=LOUNGE,
        secret="gavel and bell",
        headers={"List-Id": f"<{LOUNGE.replace('@', '.')}>", "List-Post": f"<mailto:{LOUNGE}>"},
    )
    assert _game(table).status == "forming"
    with table.factory() as session:
        last = session.scalars(select(InboxMessage).order_by(InboxMessage.id.desc())).first()
    assert last is not None and "Speaker commands are not taken from list mail" in last.note
    # never silent to a known player: said in the lounge, and the secret's owner is warned
    # privately that it went to the list; the secret itself is in no message
    assert sorted(to for to, _ in sent) == [[LOUNGE], [SPEAKER]]
    assert all("gavel" not in message.as_string() for _, message in sent)


def test_1_1_11_stalemate_needs_every_active_player_to_agree_and_moves_no_points(
    table: Table,
) -> None:
    from referee.service.ledger import archive, standing

    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        _join(table, name)
    table.speaker("start 1")
    table.sent()
    [(_, refusal)] = table.speaker("stalemate 1")
    assert "still to agree with 'nomic stalemate': " in text(refusal)
    assert "Alice" in text(refusal) and "Bob" in text(refusal)
    [(rcpt, post)] = table.mail("alice@example.org", "nomic stalemate", subject="[MC 1]")
    assert rcpt == [LOUNGE] and "Still to agree ('nomic stalemate'): Bob" in text(post)
    _join(table, "Carol")
    table.sent()
    table.mail("bob@example.org", "nomic stalemate", subject="[MC 1]")
    [(_, refusal)] = table.speaker("stalemate 1")
    assert "still to agree with 'nomic stalemate': Carol" in text(refusal), "a joiner must agree"
    table.mail("alice@example.org", "nomic stalemate withdraw", subject="[MC 1]")
    sent = table.mail("carol@example.org", "nomic stalemate", subject="[MC 1]")
    assert to(sent) == [LOUNGE], "Alice withdrew, so the Speaker is not told yet"
    [(_, refusal)] = table.speaker("stalemate 1")
    assert "still to agree with 'nomic stalemate': Alice" in text(refusal)
    sent = table.mail("alice@example.org", "nomic stalemate", subject="[MC 1]")
    assert to(sent) == [LOUNGE, SPEAKER]
    assert "speaker stalemate 1" in text(sent[1][1])
    table.speaker("stalemate 1")
    game = _game(table)
    assert (game.status, game.winner) == ("stalemate", None)
    with table.factory() as session:
        assert standing(session).points == {}, "nobody won or lost (rule 1.1.9)"
        [entry] = archive(session)
        assert (entry.number, entry.status, entry.final_gsd) == (1, "stalemate", game.state)


def test_1_1_11_agreeing_twice_or_withdrawing_nothing_is_refused(table: Table) -> None:
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        _join(table, name)
    table.speaker("start 1")
    table.sent()
    [(_, refusal)] = table.mail("alice@example.org", "nomic stalemate withdraw", subject="[MC 1]")
    assert "nothing to withdraw" in text(refusal)
    table.mail("alice@example.org", "nomic stalemate", subject="[MC 1]")
    [(_, refusal)] = table.mail("alice@example.org", "nomic stalemate", subject="[MC 1]")
    assert "already agreed" in text(refusal)
    assert _game(table).stalemate_agreed == ["Alice"]


@pytest.mark.parametrize(
    ("command", "named"),
    [
        ("nomic emergency-proposal reverse the decline", "an Emergency Proposal (rule 1.1.8"),
        ("nomic proposal force Bob to resign", "Type Resignation forcing a player to resign"),
    ],
)
def test_1_1_3_and_1_1_8_proposals_are_answered_as_not_handled_by_name(
    table: Table, command: str, named: str
) -> None:
    table.speaker(f"new-game {LOUNGE}")
    for name in ("Alice", "Bob"):
        _join(table, name)
    table.sent()
    [(rcpt, answer)] = table.mail("alice@example.org", command, subject="[MC 1]")
    assert rcpt == ["alice@example.org"]
    assert named in text(answer) and "recognised but not handled by this referee" in text(answer)


def test_new_games_usage_names_every_other_kind_the_referee_hosts() -> None:
    from referee.games import MORNINGTON
    from referee.service.commands import NewGame
    from referee.service.dealt import console_kinds

    kinds = console_kinds(datetime(2026, 11, 20, 9, 0))
    for name in kinds:
        if name != MORNINGTON:
            assert name in NewGame.argument_description, name
