"""The rules of One Day in London applied to a state: the deal, setup, turns and the end.

Each function takes a :class:`~referee.games.one_day_in_london.state.GameState` and returns a
new one, or raises :class:`MoveRefused` naming what to fix; a refused move changes nothing.
Sections of the rules are cited by their headings (Setup, The Play, Game End); the readings
where the rules are silent are R2-R6 of ``rules/one-day-in-london/README.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from referee.games.one_day_in_london.cards import CURRENT, Edition, full_deck
from referee.games.one_day_in_london.journey import (
    DEFAULT_RULES,
    RACK_SIZE,
    JourneyRules,
    check_journey,
)
from referee.games.one_day_in_london.moves import (
    Action,
    Claim,
    Discard,
    Exchange,
    Move,
    Place,
    Resign,
    Take,
    parse_move,
)
from referee.games.one_day_in_london.shuffle import check_seed, shuffled
from referee.games.one_day_in_london.state import PILES, GameState, Phase, Seat

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""The rules: "The game is for 2-4 players"."""


class MoveRefused(ValueError):
    """A move the rules do not allow now. The message says what to fix; ``section`` names
    the part of the rules broken. ``private`` marks a message that names cards of the
    player's own rack: it may go to that player only, never to the lounge."""

    def __init__(self, section: str, message: str, private: bool = False) -> None:
        self.section = section
        self.private = private
        super().__init__(f"{message} ({section})")


def new_game(
    players: Sequence[str],
    seed: str,
    rules: JourneyRules = DEFAULT_RULES,
    edition: Edition = CURRENT,
) -> GameState:
    """Shuffle the deck of ``edition`` by ``seed`` (purpose ``deal``) and deal each player, in
    seat order, the next 10 cards to place during setup (R2). The discard piles are dealt
    when setup ends."""
    names = [name.strip() for name in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"One Day in London is for 2-4 players, not {len(names)}")
    if len(set(names)) != len(names) or any(not name or set(name) & set(",;:\n") for name in names):
        raise ValueError("each player needs a distinct name without commas, semicolons or colons")
    deck = shuffled(full_deck(edition=edition), check_seed(seed), "deal")
    seats = tuple(
        Seat(name, dealt=deck[at * RACK_SIZE : (at + 1) * RACK_SIZE])
        for at, name in enumerate(names)
    )
    rest = deck[len(names) * RACK_SIZE :]
    piles = ((),) * PILES
    return GameState(seed=seed, seats=seats, deck=rest, piles=piles, rules=rules, edition=edition)


def apply(state: GameState, player: str, move: Move) -> GameState:
    """The state after ``player`` makes ``move`` (the actions of one mail), or MoveRefused."""
    if state.phase is Phase.OVER:
        raise MoveRefused("Game End", f"the game is over; {state.winner} won")
    try:
        seat = state.seat(player)
    except KeyError:
        raise MoveRefused("Players", f"{player} is not a player of this game") from None
    if seat.resigned:
        raise MoveRefused("Resignation, reading R6", f"{player} has resigned from this game")
    recorded: list[Action] = []
    if state.phase is Phase.SETUP:
        after = _setup(state, seat, move.actions, recorded)
    else:
        after = state
        for action in move.actions:
            after = _act(after, player, action, recorded)
    line = f"{player}: {Move(tuple(recorded)).render()}"
    return replace(after, record=(*after.record, line))


def replay(
    players: Sequence[str],
    seed: str,
    record: Iterable[str],
    rules: JourneyRules = DEFAULT_RULES,
    edition: Edition = CURRENT,
) -> GameState:
    """Deal again from the seed and the game's own deck ``edition``, and apply every
    recorded move: the same game, card for card."""
    state = new_game(players, seed, rules, edition)
    for line in record:
        player, _, text = line.partition(":")
        state = apply(state, player.strip(), parse_move(text))
    return state


def _setup(
    state: GameState, seat: Seat, actions: Sequence[Action], recorded: list[Action]
) -> GameState:
    if [type(action) for action in actions] == [Resign]:
        recorded.append(Resign())
        return _finish_setup_if_done(_resign(state, seat))
    places = [action for action in actions if isinstance(action, Place)]
    if len(places) != len(actions) or not places:
        raise MoveRefused(
            "Setup",
            "during setup the only action is placing the card you were dealt: write 'place N' "
            "with N an empty slot of your rack",
        )
    if len(places) > 1:
        raise MoveRefused(
            "Setup",
            "during setup each card is placed as it is drawn, one at a time: send one "
            "'place N' per mail, and the referee then shows you your next card",
        )
    slot = places[0].slot
    if not seat.dealt:
        raise MoveRefused("Setup", "you have placed all 10 of your cards; wait for the others")
    _check_slot(slot)
    if seat.rack[slot - 1] is not None:
        free = ", ".join(map(str, seat.slots_free()))
        raise MoveRefused(
            "Setup",
            f"slot {slot} already holds a card, and during setup a placed card never moves: "
            f"choose an empty slot ({free})",
        )
    rack = list(seat.rack)
    rack[slot - 1] = seat.dealt[0]
    recorded.append(places[0])
    placed = replace(seat, rack=tuple(rack), dealt=seat.dealt[1:])
    return _finish_setup_if_done(state.with_seat(placed))


def _finish_setup_if_done(state: GameState) -> GameState:
    """Setup: once every rack is full, one card face up on each discard pile; the rest is the
    draw pile. Then the first player's turn begins, unless a rack is already a journey: Game
    End lets play go on only until some player has one, so that player has won before anyone
    plays (R4: when several have, the first of them in the order of play)."""
    if state.phase is not Phase.SETUP or any(
        seat.dealt for seat in state.seats if not seat.resigned
    ):
        return state
    piles = tuple((card,) for card in state.deck[:PILES])
    state = replace(state, piles=piles, deck=state.deck[PILES:], phase=Phase.TAKE, turn=0)
    if state.mover.resigned:
        state = replace(state, turn=_next_seat(state, 0))
    for seat in state.seats:
        if not seat.resigned and check_journey(_full_rack(seat), rules=state.rules).journey:
            return replace(state, phase=Phase.OVER, winner=seat.name, turn=state.index(seat.name))
    return state


def _full_rack(seat: Seat) -> tuple[str, ...]:
    return tuple(card for card in seat.rack if card is not None)


def _check_slot(slot: int) -> None:
    if not 1 <= slot <= RACK_SIZE:
        raise MoveRefused("Setup", f"slot {slot} is not a rack slot; slots are 1 to {RACK_SIZE}")


def _check_pile(pile: int) -> None:
    if not 1 <= pile <= PILES:
        raise MoveRefused("The Play", f"pile {pile} is not a discard pile; piles are 1 to {PILES}")


def _act(state: GameState, player: str, action: Action, recorded: list[Action]) -> GameState:
    if state.phase is Phase.OVER:
        raise MoveRefused("Game End", f"the game ended with {state.winner}'s win before this")
    mover = state.mover
    if isinstance(action, Resign):
        if player == mover.name and state.phase is not Phase.TAKE:
            state = _put_back(state)
        recorded.append(action)
        return _resign(state, state.seat(player))
    if player != mover.name:
        raise MoveRefused("The Play", f"it is {mover.name}'s turn, not {player}'s")
    if isinstance(action, Claim):
        if state.phase is not Phase.TAKE:
            raise MoveRefused(
                "Game End",
                "claim at the start of your turn; your rack is checked anyway when you discard",
            )
        check = check_journey(_full_rack(mover), rules=state.rules)
        if not check.journey:
            assert check.broken is not None
            message = f"your rack is not yet a journey: {check.broken.message}"
            raise MoveRefused("Continuous Journey", message, private=True)
        recorded.append(action)
        return replace(state, phase=Phase.OVER, winner=player)
    if isinstance(action, Take):
        return _take(state, action, recorded)
    if isinstance(action, Place | Exchange):
        return _place(state, action, recorded)
    return _discard(state, action, recorded)


def _take(state: GameState, action: Take, recorded: list[Action]) -> GameState:
    if state.phase is not Phase.TAKE:
        raise MoveRefused(
            "The Play",
            f"you already took a card this turn ({_source(state.taken)}): place it with "
            "'place N' or discard it with 'discard pile N'",
        )
    if action.pile is None:
        if not state.deck:
            raise MoveRefused("The Play", "the draw pile is empty; take the top of a discard pile")
        card, deck, piles = state.deck[0], state.deck[1:], state.piles
        taken = "deck"
    else:
        _check_pile(action.pile)
        pile = state.piles[action.pile - 1]
        if not pile:
            raise MoveRefused(
                "The Play", f"pile {action.pile} is empty; take from another pile or the deck"
            )
        card, deck = pile[-1], state.deck
        piles = tuple(p[:-1] if n == action.pile else p for n, p in enumerate(state.piles, start=1))
        taken = f"pile {action.pile}"
    recorded.append(action)
    return replace(state, deck=deck, piles=piles, hand=card, taken=taken, phase=Phase.HOLD)


def _source(taken: str | None) -> str:
    return "from the deck" if taken == "deck" else f"from {taken}"


def _place(state: GameState, action: Place | Exchange, recorded: list[Action]) -> GameState:
    if state.phase is Phase.TAKE:
        raise MoveRefused("The Play", "take a card first: 'take deck' or 'take pile N'")
    if state.phase is Phase.DISCARD:
        raise MoveRefused(
            "The Play",
            "you have already exchanged a card this turn; discard the one you hold with "
            "'discard pile N'",
        )
    mover = state.mover
    if isinstance(action, Exchange):
        slot = mover.rack.index(_rack_card(mover, action)) + 1
    else:
        slot = action.slot
        _check_slot(slot)
    rack = list(mover.rack)
    out, rack[slot - 1] = rack[slot - 1], state.hand
    recorded.append(Place(slot))
    state = state.with_seat(replace(mover, rack=tuple(rack)))
    return replace(state, hand=out, phase=Phase.DISCARD)


def _rack_card(mover: Seat, action: Exchange) -> str:
    """The rack card ``action`` names: a name that fits several stations means the one of
    them the rack holds. Refusals name rack cards, so they go to the player alone."""
    held = sorted({card for card in action.among or (action.card,) if card in mover.rack})
    if len(held) == 1:
        return held[0]
    if held:
        raise MoveRefused(
            "The Play",
            f"{action.card!r} fits {' and '.join(held)}, and your rack holds both; name one "
            "in full, or give its slot with 'place N'",
            private=True,
        )
    fits = f" ({' or '.join(action.among)})" if action.among else ""
    raise MoveRefused(
        "The Play",
        f"{action.card}{fits} is not in your rack; name a card you hold, or give its slot "
        "with 'place N'",
        private=True,
    )


def _discard(state: GameState, action: Discard, recorded: list[Action]) -> GameState:
    if state.phase is Phase.TAKE:
        raise MoveRefused("The Play", "take a card first: 'take deck' or 'take pile N'")
    _check_pile(action.pile)
    empty = [n for n, pile in enumerate(state.piles, start=1) if not pile]
    if empty and action.pile not in empty:
        names = " or ".join(f"pile {n}" for n in empty)
        raise MoveRefused(
            "The Play", f"{names} is empty, and while a pile is empty the discard goes there"
        )
    assert state.hand is not None
    piles = tuple(
        (*pile, state.hand) if n == action.pile else pile
        for n, pile in enumerate(state.piles, start=1)
    )
    recorded.append(action)
    state = replace(state, piles=piles, hand=None, taken=None)
    if check_journey(_full_rack(state.mover), rules=state.rules).journey:
        return replace(state, phase=Phase.OVER, winner=state.mover.name)
    state = _reshuffle_if_empty(state)
    return replace(state, phase=Phase.TAKE, turn=_next_seat(state, state.turn))


def _reshuffle_if_empty(state: GameState) -> GameState:
    """R3: when the draw pile runs out, every discard pile but its top card is shuffled
    (purpose ``reshuffle/N``) into a new draw pile, as the source implementation does."""
    if state.deck:
        return state
    under = tuple(card for pile in state.piles for card in pile[:-1])
    if not under:
        return state
    count = state.reshuffles + 1
    deck = shuffled(under, state.seed, f"reshuffle/{count}")
    piles = tuple(pile[-1:] for pile in state.piles)
    return replace(state, deck=deck, piles=piles, reshuffles=count)


def _put_back(state: GameState) -> GameState:
    """R6: the card a resigning mover holds goes back where the card taken came from (the
    top of the draw pile or of its discard pile), so only their rack leaves play with them."""
    held = state.hand
    assert held is not None
    if state.taken == "deck":
        state = replace(state, deck=(held, *state.deck))
    else:
        pile = int(str(state.taken).removeprefix("pile "))
        piles = tuple(
            (*cards, held) if n == pile else cards for n, cards in enumerate(state.piles, start=1)
        )
        state = replace(state, piles=piles)
    return replace(state, hand=None, taken=None, phase=Phase.TAKE)


def _next_seat(state: GameState, after: int) -> int:
    count = len(state.seats)
    for step in range(1, count + 1):
        at = (after + step) % count
        if not state.seats[at].resigned:
            return at
    return after


def _resign(state: GameState, seat: Seat) -> GameState:
    """R6: a resigning player leaves the rotation with their rack; when one player is left,
    they win (the source implementation's rule for two players, extended)."""
    state = state.with_seat(replace(seat, resigned=True))
    left = [s for s in state.seats if not s.resigned]
    if len(left) == 1:
        return replace(state, phase=Phase.OVER, winner=left[0].name)
    if state.phase is not Phase.SETUP and state.mover.name == seat.name:
        return replace(state, turn=_next_seat(state, state.turn))
    return state


def waiting_on(state: GameState) -> tuple[str, ...]:
    """Who the game waits for (for deadlines and reminders): during setup every player with
    cards still to place, then the player whose turn it is, and nobody once it is over."""
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.SETUP:
        return tuple(seat.name for seat in state.seats if seat.dealt and not seat.resigned)
    return (state.mover.name,)
