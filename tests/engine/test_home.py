"""Section 1.12 - Home Stations: declaring, going home, Tolls and Rent (DATC style)."""

from __future__ import annotations

from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.variants import find_variant
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.test_blocks import legal, message


def with_home(gsd: GSD, **homes: str) -> GSD:
    players = tuple(p.model_copy(update={"home": homes.get(p.name, p.home)}) for p in gsd.players)
    return gsd.model_copy(update={"players": players})


def at_arnos_grove(**kw: object) -> GSD:
    """Rushton at Arnos Grove (PD), LV 1: one stop from Southgate and from Bounds Green; no
    player has a Home Station yet."""
    at = {"Rushton": "Arnos Grove (PD)", **kw.pop("at", {})}  # type: ignore[dict-item]
    kw.setdefault("homes", {})
    return game(at, lv={"Rushton": 1}, **kw)  # type: ignore[arg-type]


# -- Rule 1.12.2 - Declaring a Home Station -----------------------------------------------------


def test_1_12_2_declaring_a_home_station() -> None:
    """Rule 1.12.2: a player with no Home Station declares a valid one, taking no time."""
    result = play(at_arnos_grove(), "Rushton : [Home: Cockfosters (PD)] Southgate (PD)")
    state = legal(result)
    assert row(state, "Rushton").home == "Cockfosters"
    assert state.time is not None and state.time.minute == 10  # the Move's ten minutes only


def test_1_12_2_only_one_home_station() -> None:
    """Rule 1.12.2: not if the Player already has a Home Station."""
    gsd = with_home(at_arnos_grove(), Rushton="Oakwood")
    result = play(gsd, "Rushton : [Home: Cockfosters (PD)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "you already have a Home Station, Oakwood" in message(result)


def test_1_12_2_no_interchange() -> None:
    """Rule 1.12.2: Interchange Stations may not be chosen."""
    result = play(at_arnos_grove(), "Rushton : [Home: Finsbury Park (PD)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "Finsbury Park may not be your Home Station: it is an Interchange" in message(result)


def test_1_12_2_not_six_or_fewer_from_the_crescent() -> None:
    """Rule 1.12.2: not six Stations or fewer from Mornington Crescent."""
    result = play(at_arnos_grove(), "Rushton : [Home: East Finchley (NT)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "6 Stations from Mornington Crescent" in message(result)


def test_1_12_2_not_in_zone_1() -> None:
    """Rule 1.12.2: not in Zone 1 (Borough is eight Stations from the Crescent, but Zone 1)."""
    result = play(at_arnos_grove(), "Rushton : [Home: Borough (NT)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "Borough may not be your Home Station: it is in Zone 1" in message(result)


def test_1_12_2_not_where_a_piece_stands() -> None:
    """Rule 1.12.2: not a Station containing Players."""
    gsd = at_arnos_grove(at={"Garden": "Cockfosters (PD)"})
    result = play(gsd, "Rushton : [Home: Cockfosters (PD)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "a Piece stands there" in message(result)


def test_1_12_2_not_another_players_home() -> None:
    """Rule 1.12.2: not another Player's Home Station."""
    gsd = with_home(at_arnos_grove(), Garden="Cockfosters")
    result = play(gsd, "Rushton : [Home: Cockfosters (PD)] Southgate (PD)")
    assert rules_broken(result) == ["1.12.2"]
    assert "Garden's Home Station" in message(result)


# -- Rule 1.12.4 - Going Home ------------------------------------------------------------------


def test_1_12_4_going_home_is_a_special_move() -> None:
    """Rule 1.12.4: [Home] permits a Special Move to the Home Station (30 minutes, LV 0)."""
    gsd = with_home(game({"Rushton": "Bank (CN)"}, lv={"Rushton": 3}), Rushton="Cockfosters")
    state = legal(play(gsd, "Rushton : [Home] Cockfosters (PD)"))
    assert row(state, "Rushton").lv == 0
    assert state.time is not None and state.time.minute == 40


def test_1_12_4_home_naming_the_station() -> None:
    """Rule 1.12.4: [Home: <Station>] does the same, Pre-Move."""
    gsd = with_home(game({"Rushton": "Bank (CN)"}, lv={"Rushton": 3}), Rushton="Cockfosters")
    legal(play(gsd, "Rushton : [Home: Cockfosters (PD)] Cockfosters (PD)"))
    result = play(gsd, "Rushton : Pass Bank (CN) [Home: Cockfosters (PD)]")
    assert rules_broken(result) == ["1.12.4"]
    assert "write it before your Move" in message(result)


def test_1_12_4_going_home_goes_home_only() -> None:
    """Rule 1.12.4: the Special Move is to eir Home Station, not elsewhere."""
    gsd = with_home(game({"Rushton": "Bank (CN)"}, lv={"Rushton": 3}), Rushton="Cockfosters")
    result = play(gsd, "Rushton : [Home] Oakwood (PD)")
    assert rules_broken(result) == ["1.12.4"]
    assert "a Special Move to Cockfosters only, not to Oakwood" in message(result)


def test_1_5_0_home_and_wild_each_permit_the_special_move() -> None:
    """Rules 1.12.4, 1.11.1 and 1.5.0: [Home] permits a Special Move Home and [Wild] one to a
    Wild Station; played together (with a Long Lunch, rule 1.7.51, for the hour they take),
    the Move may go to either, and nowhere else."""
    gsd = with_home(game({"Rushton": "Bank (CN)"}, lv={"Rushton": 3},
                         tokens={"Rushton": "1Bk, 1Bu"}), Rushton="Cockfosters")  # fmt: skip
    gsd = gsd.model_copy(update={"wild": ("Epping",)})
    lunch = "Rushton : [Duration: +0100] "
    legal(play(gsd, lunch + "[Home] [Wild] Epping (CN)"))
    legal(play(gsd, lunch + "[Wild] [Home] Epping (CN)"))
    legal(play(gsd, lunch + "[Wild] [Home] Cockfosters (PD)"))
    legal(play(gsd, lunch + "[Wild] [Home: Cockfosters (PD)] Cockfosters (PD)"))
    elsewhere = play(gsd, lunch + "[Home] [Wild] Oakwood (PD)")
    assert rules_broken(elsewhere) == ["1.11.1", "1.12.4"]


def test_1_12_4_no_home_to_go_to() -> None:
    """Rule 1.12.4: without a Home Station there is nowhere to go."""
    gsd = game({"Rushton": "Bank (CN)"}, lv={"Rushton": 3}, homes={})
    result = play(gsd, "Rushton : [Home] Oakwood (PD)")
    assert "1.12.4" in rules_broken(result)
    assert "you have no Home Station" in message(result)


# -- Rule 1.12.3 - Home Station Tolls ----------------------------------------------------------


def tolled(play_text: str) -> tuple[GSD, str]:
    gsd = with_home(at_arnos_grove(tokens={"Rushton": "8Br"}), Rushton="Cockfosters",
                    Garden="Southgate")  # fmt: skip
    return gsd, play_text


def test_1_12_3_a_home_is_blocked_to_others() -> None:
    """Rule 1.12.3: during a Player's Turn, other Players' Home Stations are Blocked."""
    gsd, text = tolled("Rushton : Southgate (PD)")
    result = play(gsd, text)
    assert rules_broken(result) == ["1.12.3"]
    assert "Southgate is Garden's Home Station and Blocked" in message(result)


def test_1_12_3_rent_opens_the_home_and_pays_its_owner() -> None:
    """Rule 1.12.3: [Rent to <Player>] pays em the cost (8 Br) and makes eir Home Open."""
    gsd, text = tolled("Rushton : [Rent to Garden] Southgate (PD)")
    state = legal(play(gsd, text))
    assert row(state, "Garden").tokens.br == 2 + 8
    assert row(state, "Rushton").tokens.br == 0


def test_1_12_3_a_toll_leaves_the_home_closed() -> None:
    """Rule 1.12.3: after [Toll to <Player>] the Home is Closed: pass through, not end there."""
    gsd, text = tolled("Rushton : [Toll to Garden] Southgate (PD)")
    result = play(gsd, text)
    assert rules_broken(result) == ["1.12.3"]
    assert "Closed after your Toll" in message(result)
    gsd = with_home(game({"Rushton": "Bounds Green (PD)"}, lv={"Rushton": 2},
                         tokens={"Rushton": "4Br"}), Garden="Arnos Grove")  # fmt: skip
    state = legal(play(gsd, "Rushton : [Toll to Garden] Southgate (PD)"))
    assert row(state, "Garden").tokens.br == 2 + 4


def test_1_12_3_a_toll_needs_a_home_to_pay_for() -> None:
    """Rule 1.12.3: the cited Player must have a Home Station."""
    result = play(with_home(at_arnos_grove(tokens={"Rushton": "4Br"}), Rushton="Cockfosters"),
                  "Rushton : [Toll to Garden] Southgate (PD)")  # fmt: skip
    assert rules_broken(result) == ["1.12.3"]
    assert "Garden has no Home Station" in message(result)


def test_1_12_2_a_player_without_a_home_must_declare_one() -> None:
    """Rule 1.12.2: with no Home Station, e *must* perform [Home: <Station>] in eir Turn; a
    Timeout allows no Actions. The setting home_declaration_required=False lets it be."""
    lenient = find_variant("vanilla")().with_settings(home_declaration_required=False)
    gsd = at_arnos_grove()

    def judge(text: str) -> list[str]:
        return rules_broken(play(gsd, text))

    refused = play(gsd, "Rushton : Southgate (PD)")
    assert rules_broken(refused) == ["1.12.2"]
    assert "[Home: <Station (Line)>]" in message(refused)
    assert judge("Rushton : [Home: Cockfosters (PD)] Southgate (PD)") == []
    assert judge("Rushton : Southgate (PD) [Home: Cockfosters (PD)]") == []
    assert judge("Rushton : Timeout") == []
    off = adjudicate(gsd, Play.parse("Rushton : Southgate (PD)", players=gsd.player_names),
                     lenient, check_order=False)  # fmt: skip
    assert rules_broken(off) == []


def test_1_15_1_the_drone_declares_no_home() -> None:
    """Rule 1.15.1 with rule 1.12.2: the Drone has no Home Station and declares none."""
    gsd = game({"Drone": "Arnos Grove (PD)"})
    result = play(gsd, "Drone : [Home: Cockfosters (PD)] Pass Arnos Grove (PD)")
    assert rules_broken(result) == ["1.15.1"]
    assert "the Drone" in message(result)


def test_1_12_3_rent_opens_the_home_only_against_its_own_block() -> None:
    """Rule 1.12.3: Rent makes the Home "Open instead of Blocked or Closed", the states the
    Toll rule gives it; a Closure from elsewhere still stands: Light Damage (rule 1.11.3)."""
    damaged = with_home(at_arnos_grove(tokens={"Rushton": "8Br"},
                                       disruptions=("Southgate (Damage)",)),
                        Rushton="Cockfosters", Garden="Southgate")  # fmt: skip
    result = play(damaged, "Rushton : [Rent to Garden] Southgate (PD)")
    assert rules_broken(result) == ["1.11.3"]


def test_1_12_3_rent_does_not_open_a_home_outside_its_opening_hours() -> None:
    """Rules 1.12.3 and 1.13.5: St. Paul's, a Holy Station, is Closed on Sunday; Renting
    Garden's Home there pays Garden but does not open it. On a Wednesday it does."""

    def home_at_st_pauls(time: str) -> GSD:
        return with_home(
            game(
                {"Rushton": "Holborn (CN)"}, lv={"Rushton": 2}, tokens={"Rushton": "8Br"}, time=time
            ),
            Garden="St. Paul's",
        )

    sunday = play(home_at_st_pauls("Sunday 1200"), "Rushton : [Rent to Garden] St. Paul's (CN)")
    assert rules_broken(sunday) == ["1.13.4"]
    legal(play(home_at_st_pauls("Wednesday 1200"), "Rushton : [Rent to Garden] St. Paul's (CN)"))
