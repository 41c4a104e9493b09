"""Section 1.14 (Token Stacks) and rules 1.4.9 (Hoarding), 1.4.34 (Inverting), 1.7.57 (Helsinki)."""

from __future__ import annotations

from referee.engine.result import TurnResult
from referee.engine.turn import adjudicate
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from tests.engine.builder import game, play, row, rules_broken
from tests.engine.luggage_builder import luggage, stack, with_luggage


def _with(stacks: dict[str, str], tokens: str = "3 Re, 2 Bk, 1 Gr", rack: str = "",
          home: str | None = None, lv: int = 1) -> GSD:  # fmt: skip
    gsd = game({"Rushton": "Holborn (CN)"}, lv={"Rushton": lv}, tokens={"Rushton": tokens})
    return with_luggage(gsd, {"Rushton": rack} if rack else {}, stacks=stacks,
                        home={"Rushton": home} if home else None)  # fmt: skip


def _message(result: TurnResult) -> str:
    return " ".join(v.message for v in result.violations)


def test_1_14_3_a_token_dropped_on_a_station_of_the_move() -> None:
    """Rule 1.14.3: after moving Holborn -> Tottenham Court Road, a Red onto Holborn's Stack."""
    result = play(_with({"Holborn": "BkBk"}),
                  "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]")  # fmt: skip
    assert result.legal, result.violations
    assert stack(result, "Holborn") == "BkBkRe"
    assert row(result.state, "Rushton").tokens.re == 3  # one paid, one collected (1.4.20)


def test_1_14_3_a_new_stack_is_made_with_its_quadrant() -> None:
    """Rules 1.14.3 and 1.4.19: a Drop where no Stack stands starts one, Quadrant appended."""
    text = "Rushton : Tottenham Court Road (CN) [Red Token on Tottenham Court Road]"
    result = play(_with({}), text)
    assert result.legal, result.violations
    found = [s for s in result.state.stacks if s.station == "Tottenham Court Road"]
    assert found and found[0].tokens and found[0].quadrant is not None


def test_1_14_3_dropping_breaks() -> None:
    """Rule 1.14.3: a Station of the Move; a Token held; six at most (not at Euston)."""
    far = play(_with({}), "Rushton : Tottenham Court Road (CN) [Red Token on Bank]")
    assert rules_broken(far) == ["1.14.3"] and "Bank" in _message(far)
    none = play(_with({}), "Rushton : Tottenham Court Road (CN) [Blue Token on Holborn]")
    assert rules_broken(none) == ["1.14.3"] and "Blue" in _message(none)
    full = play(_with({"Holborn": "BkBkBkBkBkBk"}),
                "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]")  # fmt: skip
    assert rules_broken(full) == ["1.14.3"] and "6 Tokens" in _message(full)


def test_1_14_2_six_reds_are_rewarded_with_four_blue() -> None:
    """Rule 1.14.2: five Red before the Turn, a sixth dropped: the Stack goes, 4 Blue gained."""
    result = play(_with({"Holborn": "ReReReReRe"}),
                  "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]")  # fmt: skip
    assert result.legal, result.violations
    assert stack(result, "Holborn") == ""
    assert row(result.state, "Rushton").tokens.bu == 4


def test_1_14_2_no_reward_for_an_unlisted_sequence() -> None:
    """Rule 1.14.2: six Tokens in no listed sequence stay."""
    result = play(_with({"Holborn": "ReReReReBk"}),
                  "Rushton : Tottenham Court Road (CN) [Red Token on Holborn]")  # fmt: skip
    assert stack(result, "Holborn") == "ReReReReBkRe"
    assert row(result.state, "Rushton").tokens.bu == 0


def test_1_14_4_claiming_the_top_token() -> None:
    """Rule 1.14.4: the top Token of a Stack of the Move, named by colour."""
    text = "Rushton : Tottenham Court Road (CN) [Claiming a Gold Token from Holborn]"
    result = play(_with({"Holborn": "BkGo"}), text)
    assert result.legal, result.violations
    assert stack(result, "Holborn") == "Bk"
    assert row(result.state, "Rushton").tokens.go == 1


def test_1_14_4_claiming_breaks() -> None:
    """Rule 1.14.4: the top colour; a Station of the Move; once a Station; not one's own."""
    text = "Rushton : Tottenham Court Road (CN) [Claiming a Black Token from Holborn]"
    wrong = play(_with({"Holborn": "BkGo"}), text)
    assert rules_broken(wrong) == ["1.14.4"] and "Gold" in _message(wrong)
    far = play(_with({"Bank": "Go"}),
               "Rushton : Tottenham Court Road (CN) [Claiming a Gold Token from Bank]")  # fmt: skip
    assert rules_broken(far) == ["1.14.4"] and "to Bank" in _message(far)
    twice = play(
        _with({"Holborn": "BkGo"}),
        "Rushton : Tottenham Court Road (CN) "
        "[Claiming a Gold Token from Holborn] [Claiming a Black Token from Holborn]",
    )
    assert rules_broken(twice) == ["1.14.4"] and "Gloves" in _message(twice)
    own = play(
        _with({"Holborn": "Bk"}),
        "Rushton : Tottenham Court Road (CN) "
        "[Red Token on Holborn] [Claiming a Red Token from Holborn]",
    )
    assert rules_broken(own) == ["1.14.4"] and "you placed" in _message(own)


def test_1_14_4_gloves_claim_twice_a_station() -> None:
    """Rule 1.14.4: Wearing Gloves, two claims from one Station."""
    result = play(
        _with({"Holborn": "BkGo"}, rack="*Gloves*"),
        "Rushton : Tottenham Court "
        "Road (CN) [Claiming a Gold Token from Holborn] "
        "[Claiming a Black Token from Holborn]",
    )
    assert result.legal, result.violations
    assert stack(result, "Holborn") == ""


def test_1_4_9_hoarding_onto_the_home_stack() -> None:
    """Rule 1.4.9: Tokens from the Table onto the Home Station's Stack, one at a time."""
    result = play(_with({"Euston": "Bk"}, home="Euston", lv=0),
                  "Rushton : Pass Holborn (CN) [Hoarding 2 Re, 1 Gr]")  # fmt: skip
    assert result.legal, result.violations
    assert len(stack(result, "Euston")) == 8
    assert row(result.state, "Rushton").tokens.re == 1


def test_1_4_9_hoarding_breaks() -> None:
    """Rule 1.4.9: a Home Station is needed, and room on its Stack."""
    nowhere = game({"Rushton": "Holborn (CN)"}, tokens={"Rushton": "3 Re"}, homes={})
    homeless = play(nowhere, "Rushton : Pass Holborn (CN) [Hoarding 1 Re]")
    assert rules_broken(homeless) == ["1.4.9", "1.12.2"] and "Home Station" in _message(homeless)
    full = play(_with({"Bank": "BkBkBkBkBk"}, home="Bank", lv=0),
                "Rushton : Pass Holborn (CN) [Hoarding 2 Re]")  # fmt: skip
    assert rules_broken(full) == ["1.4.9"] and "room for 1" in _message(full)


def test_1_4_34_inverting_a_stack() -> None:
    """Rule 1.4.34: bottom becomes top; a Green pays for it."""
    text = "Rushton : Pass Holborn (CN) [Inverting Stack at Bank]"
    result = play(_with({"Bank": "BkReGo"}, lv=0), text)
    assert result.legal, result.violations
    assert stack(result, "Bank") == "GoReBk"
    none = play(_with({}, lv=0), "Rushton : Pass Holborn (CN) [Inverting Stack at Bank]")
    assert rules_broken(none) == ["1.4.34"] and "no Token Stack" in _message(none)


def test_1_7_57_a_double_helsinki_sinks_two_from_every_stack() -> None:
    """Rule 1.7.57: the bottom two Tokens of every Stack go; a Stack of two is gone."""
    gsd = _with({"Bank": "BkReGo", "Euston": "ReRe"}, tokens="6 Bu", lv=0)
    result = play(gsd, "Rushton : Pass Holborn (CN) [Double Helsinki]")
    assert result.legal, result.violations
    assert stack(result, "Bank") == "Go" and stack(result, "Euston") == ""


def test_1_7_57_one_helsinki_a_turn() -> None:
    """Rule 1.7.57: not more than one Helsinki Action per Turn."""
    gsd = _with({"Bank": "BkReGo"}, tokens="9 Bu", lv=0)
    result = play(gsd, "Rushton : Pass Holborn (CN) [Single Helsinki] [Double Helsinki]")
    assert rules_broken(result) == ["1.7.57"]


class _Fixed:
    """Dice that roll the given numbers in order (the lode's Venbacker Number)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[tuple[int, str]] = []

    def roll(self, sides: int, why: str) -> int:
        self.asked.append((sides, why))
        return self.values.pop(0)


def _rush(stacks: dict[str, str], number: int) -> tuple[TurnResult, _Fixed]:
    gsd = _with(stacks, tokens="1 Gr", lv=0)
    dice = _Fixed(number)
    text = "Rushton : Pass Holborn (CN) [Gold Rush]"
    return adjudicate(gsd, Play.parse(text, players=gsd.player_names), dice=dice,
                      check_order=False), dice  # fmt: skip


def test_1_7_47_gold_rush_fills_the_gaps_of_the_rolled_station() -> None:
    """Rule 1.7.47: a d295 of 100 is Great Portland Street; its Stack of two gains four Gold."""
    result, dice = _rush({"Great Portland Street": "BkRe"}, 100)
    assert result.legal, result.violations
    assert dice.asked == [(295, "rule 1.7.47 Gold Rush")]
    assert stack(result, "Great Portland Street") == "BkReGoGoGoGo"


def test_1_7_47_gold_rush_makes_a_stack_where_none_is() -> None:
    """Rule 1.7.47: a new Stack is created if none exists (Acton Town, Venbacker 1)."""
    result, _ = _rush({}, 1)
    assert stack(result, "Acton Town") == "GoGoGoGoGoGo"


def test_1_7_47_gold_rush_costs_a_green() -> None:
    """Rule 1.7.47 (index cost 1 Green): without one, no Gold Rush."""
    gsd = _with({}, tokens="1 Re", lv=0)
    result = adjudicate(gsd, Play.parse("Rushton : Pass Holborn (CN) [Gold Rush]",
                                        players=gsd.player_names), dice=_Fixed(1),
                        check_order=False)  # fmt: skip
    assert rules_broken(result) == ["1.7.1"] and "Green" in _message(result)


def test_1_14_2_paid_tokens_placed_on_a_stack_earn_its_reward() -> None:
    """Rule 1.14.2: the three Red of a [Late Arrival] placed on Brixton's three Red (rule
    1.4.19's `stack:`) make six Red: the Stack goes and four Blue are gained."""
    gsd = game({"Rushton": "Euston (NT)"}, tokens={"Rushton": "3 Re"})
    gsd = with_luggage(gsd, {}, stacks={"Brixton (2)": "ReReRe"})
    result = play(gsd, "Rushton : [Late Arrival from York] Pass Euston (NT) {stack: Brixton}")
    assert result.legal, result.violations
    assert stack(result, "Brixton") == ""
    assert row(result.state, "Rushton").tokens.bu == 4


def test_1_4_49_vacuuming_takes_the_whole_stack_and_fills_the_cleaner() -> None:
    """Rule 1.4.49: the Vacuum Cleaner takes all of Holborn's Tokens and gains an asterisk."""
    gsd = _with({"Holborn": "BkGoGo"}, rack="Vacuum Cleaner (Off)")
    result = play(gsd, "Rushton : Tottenham Court Road (CN) [Vacuuming Holborn]")
    assert result.legal, result.violations
    assert stack(result, "Holborn") == ""
    assert row(result.state, "Rushton").tokens.go == 2
    assert luggage(result, "Rushton") == ["Vacuum Cleaner (Off)*"]


def test_1_4_49_the_third_asterisk_destroys_the_cleaner() -> None:
    """Rule 1.4.49: with three asterisks the Cleaner is full and destroyed."""
    gsd = _with({"Holborn": "Go"}, rack="Vacuum Cleaner (Off)**")
    result = play(gsd, "Rushton : Tottenham Court Road (CN) [Vacuuming Holborn]")
    assert result.legal and luggage(result, "Rushton") == []


def test_1_4_49_vacuuming_breaks() -> None:
    """Rule 1.4.49: a Cleaner carried; a Station of the Move; never with [Claiming]."""
    bare = play(_with({"Holborn": "Go"}), "Rushton : Tottenham Court Road (CN) [Vacuuming Holborn]")
    assert rules_broken(bare) == ["1.4.49"] and "carry none" in _message(bare)
    gsd = _with({"Holborn": "Go", "Bank": "Go"}, rack="Vacuum Cleaner (Off)")
    far = play(gsd, "Rushton : Tottenham Court Road (CN) [Vacuuming Bank]")
    assert rules_broken(far) == ["1.4.49"] and "Bank" in _message(far)
    both = play(_with({"Holborn": "BkGo", "Tottenham Court Road": "Re"},
                      rack="Vacuum Cleaner (Off)"),
                "Rushton : Tottenham Court Road (CN) [Claiming a Red Token from Tottenham "
                "Court Road] [Vacuuming Holborn]")  # fmt: skip
    assert rules_broken(both) == ["1.4.49"] and "[Claiming]" in _message(both)
