"""What each reader may see of a game: the lounge's public view and each player's own.

Hidden information stays hidden by construction: :func:`public_view` is built only from the
public parts of the state (the discard piles' top cards, the size of the draw pile, whose
turn it is, how far setup has gone, the record of moves, which names slots and piles but never
a rack card), never from a rack. :func:`private_view` adds one player's rack, the card they
are to place during setup and the card they hold in their turn. :func:`final_reveal` shows
every rack and the seed, and only once the game is over (the rules' Game End, and the
commitment scheme of ``shuffle.py``); :func:`revealed` is the same facts as values, for the
web page of an ended game.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.one_day_in_london.cards import Edition, card_faces
from referee.games.one_day_in_london.journey import RACK_SIZE, JourneyCheck, check_journey
from referee.games.one_day_in_london.shuffle import commitment
from referee.games.one_day_in_london.state import GameState, Phase


@dataclass(frozen=True)
class PublicView:
    """The lounge's view."""

    players: tuple[str, ...]
    resigned: tuple[str, ...]
    phase: Phase
    turn: str
    pile_tops: tuple[str | None, ...]
    draw_pile: int
    placed: tuple[int, ...]
    taken: str | None
    winner: str | None
    commitment: str
    record: tuple[str, ...]
    edition: Edition
    """Which deck was dealt: a setting of the game, shown with its settings, not each post."""

    def render(self) -> str:
        lines = [f"One Day in London: {', '.join(self.players)}"]
        if self.phase is Phase.SETUP:
            progress = ", ".join(
                f"{name} {count}/{RACK_SIZE}"
                for name, count in zip(self.players, self.placed, strict=True)
            )
            lines.append(f"Setup: cards placed: {progress}")
        elif self.phase is Phase.OVER:
            lines.append(f"Game over: {self.winner} won")
        else:
            doing = {
                Phase.TAKE: "to take a card",
                Phase.HOLD: "holding the card taken from "
                + ("the deck" if self.taken == "deck" else str(self.taken)),
                Phase.DISCARD: "to discard",
            }[self.phase]
            lines.append(f"Turn: {self.turn}, {doing}")
        for n, top in enumerate(self.pile_tops, start=1):
            lines.append(f"Pile {n}: {top or 'empty'}")
        lines.append(f"Draw pile: {self.draw_pile} cards")
        if self.resigned:
            lines.append(f"Resigned: {', '.join(self.resigned)}")
        lines.append(f"Deal commitment (SHA-256 of the seed): {self.commitment}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class PrivateView:
    """One player's view: the public one plus their own cards."""

    player: str
    rack: tuple[str | None, ...]
    to_place: str | None
    hand: str | None

    def render(self) -> str:
        faces = card_faces()
        lines = [f"Your rack, {self.player}:"]
        for slot, card in enumerate(self.rack, start=1):
            lines.append(f"  {slot:>2}. {faces[card].render() if card else '(empty)'}")
        if self.to_place:
            lines.append(f"Your next card to place: {faces[self.to_place].render()}")
        if self.hand:
            lines.append(f"You hold: {faces[self.hand].render()}")
        return "\n".join(lines) + "\n"


def public_view(state: GameState) -> PublicView:
    return PublicView(
        players=tuple(seat.name for seat in state.seats),
        resigned=tuple(seat.name for seat in state.seats if seat.resigned),
        phase=state.phase,
        turn=state.mover.name,
        pile_tops=state.pile_tops(),
        draw_pile=len(state.deck),
        placed=tuple(RACK_SIZE - len(seat.slots_free()) for seat in state.seats),
        taken=state.taken,
        winner=state.winner,
        commitment=commitment(state.seed),
        record=state.record,
        edition=state.edition,
    )


def private_view(state: GameState, player: str) -> PrivateView:
    seat = state.seat(player)
    mine = state.phase in (Phase.HOLD, Phase.DISCARD) and state.mover.name == player
    return PrivateView(
        player=player,
        rack=seat.rack,
        to_place=seat.dealt[0] if state.phase is Phase.SETUP and seat.dealt else None,
        hand=state.hand if mine else None,
    )


def final_reveal(state: GameState) -> str:
    """Every rack, the winner's journey and the seed, for the last post (game over only)."""
    if state.phase is not Phase.OVER:
        raise ValueError("racks are revealed only when the game is over")
    lines = [f"Game over: {state.winner} won.", ""]
    for seat in state.seats:
        cards = [card for card in seat.rack if card]
        lines.append(f"{seat.name}: {'; '.join(card or '-' for card in seat.rack)}")
        check = check_journey(cards, rules=state.rules, length=None)
        if seat.name == state.winner and len(cards) == RACK_SIZE and check.journey:
            lines.append(f"  {check.describe()}")
    lines += [
        "",
        f"Seed: {state.seed}",
        f"Its SHA-256, committed at the start: {commitment(state.seed)}",
        f"Deck edition: {state.edition} cards",
        "Anyone can deal the game again from the seed and the deck's edition "
        "(rules/one-day-in-london/README.md).",
    ]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Revealed:
    """What the final post reveals once the game is over, as values for a page: every rack
    in seat order, the winner's journey checked (None when the winner did not complete one,
    as a last player left wins), and the seed with its commitment."""

    racks: tuple[tuple[str, tuple[str | None, ...]], ...]
    winner: str | None
    journey: JourneyCheck | None
    seed: str
    commitment: str
    edition: Edition


def revealed(state: GameState) -> Revealed:
    """The facts :func:`final_reveal` prints (game over only, like it)."""
    if state.phase is not Phase.OVER:
        raise ValueError("racks are revealed only when the game is over")
    journey = None
    for seat in state.seats:
        cards = [card for card in seat.rack if card]
        if seat.name == state.winner and len(cards) == RACK_SIZE:
            check = check_journey(cards, rules=state.rules, length=None)
            journey = check if check.journey else None
    return Revealed(
        racks=tuple((seat.name, seat.rack) for seat in state.seats),
        winner=state.winner,
        journey=journey,
        seed=state.seed,
        commitment=commitment(state.seed),
        edition=state.edition,
    )
