"""Each kind of game names its games in mail by its own short tag (``referee.games.tags``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import (
    IFMUD_NOMIC,
    MORNINGTON,
    GameTag,
    Kinds,
    Unregistered,
    read_tag,
    tag_of,
    tags,
)
from referee.games.ifmud.kind import IfmudNomic
from referee.games.kind import GameView, Judgement, Owed, PlayerView, Wording
from referee.games.mornington import MorningtonNomic
from referee.games.one_day_in_london.kind import NAME as ONE_DAY_IN_LONDON
from referee.games.one_day_in_london.kind import OneDayInLondon

KNOWN = ("MC", "ODL", "ifMUD")


def test_each_kind_shipped_has_its_own_tag_and_mornington_keeps_mc() -> None:
    shipped = (MorningtonNomic.tag, OneDayInLondon.tag, IfmudNomic.tag)
    assert MorningtonNomic.tag == "MC"
    assert len({tag.upper() for tag in shipped}) == len(shipped)
    assert set(shipped) <= set(tags())


def test_a_stored_game_is_named_by_its_kinds_tag() -> None:
    assert str(tag_of(MORNINGTON, 12)) == "MC 12"
    assert str(tag_of(ONE_DAY_IN_LONDON, 14)) == "ODL 14"
    assert str(tag_of(IFMUD_NOMIC, 15)) == "ifMUD 15"


def test_a_game_of_a_kind_not_hosted_still_has_a_tag_its_subjects_can_be_read_by() -> None:
    tag = tag_of("croquet", 9)
    assert tag.kind == Unregistered("croquet").tag
    assert read_tag(tag.subject("Turn 3: mallet")) == tag


def test_subject_and_render_put_the_tag_in_brackets_first() -> None:
    assert GameTag("ODL", 14).render() == "[ODL 14]"
    assert GameTag("ODL", 14).subject("The cards are dealt") == "[ODL 14] The cards are dealt"


def test_a_tag_is_read_in_any_case_and_spelled_as_its_kind_spells_it() -> None:
    assert GameTag.parse("Re: [IFMUD 3] look", KNOWN) == GameTag("ifMUD", 3)
    assert GameTag.parse("Re: [odl3] look", KNOWN) == GameTag("ODL", 3)


def test_a_tag_no_kind_uses_names_no_game() -> None:
    assert GameTag.parse("[PATCH 3] fix", KNOWN) is None
    assert GameTag.parse("[MC 3] fix", ()) is None


def test_the_first_known_tag_in_a_subject_decides() -> None:
    assert GameTag.parse("[PATCH 1] Re: [ODL 4] Re: [MC 5]", KNOWN) == GameTag("ODL", 4)


@given(
    st.sampled_from(KNOWN),
    st.integers(min_value=0, max_value=10**9),
    st.text(alphabet=st.characters(blacklist_characters="[]"), max_size=40),
)
def test_a_rendered_subject_reads_back_as_its_tag(kind: str, number: int, text: str) -> None:
    tag = GameTag(kind, number)
    assert GameTag.parse(tag.subject(text), KNOWN) == tag
    assert GameTag.parse(tag.render(), KNOWN) == tag


@given(
    st.sampled_from(KNOWN),
    st.sampled_from(KNOWN),
    st.integers(min_value=0, max_value=10**6),
    st.text(alphabet=st.characters(blacklist_characters="[]"), max_size=40),
)
def test_retag_leaves_one_own_tag_whatever_kind_the_player_wrote(
    own: str, written: str, number: int, text: str
) -> None:
    tag = GameTag(own, number)
    subject = tag.retag(f"{GameTag(written, number).render()} {text}", KNOWN)
    assert GameTag.parse(subject, KNOWN) == tag
    assert len([k for k in KNOWN if f"[{k} {number}]" in subject]) == 1


class _Pebbles:
    name = "pebbles"
    title = "Pebbles"
    tag = "MC"
    wording = Wording(move="a pebble", state="a pile", latest="pile", resend="")
    dealt_at_start = True
    players = (2, 2)
    wins_are_final = True
    legislature = False
    started = "The game begins"
    choices: Mapping[str, tuple[str, ...]] = {}

    def read(self, game: GameView, text: str) -> object:
        return text

    def judge(
        self, game: GameView, player: PlayerView, move: object, rng: random.Random
    ) -> Judgement:
        return Judgement("not_adjudicated")

    def public_view(self, game: GameView) -> str:
        return ""

    def private_view(self, game: GameView, player: str) -> str | None:
        return None

    def owed(self, game: GameView) -> Sequence[Owed]:
        return ()

    def opening(
        self,
        number: int,
        players: Sequence[str],
        rng: random.Random,
        settings: Mapping[str, str] | None = None,
    ) -> str:
        return ""

    def leave(self, game: GameView, player: str) -> str | None:
        return None


def test_a_kind_taking_another_kinds_tag_is_refused() -> None:
    with pytest.raises(ValueError, match="both tag their games 'MC'"):
        Kinds([_Pebbles()])
