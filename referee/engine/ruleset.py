"""A ruleset: the data and the named hooks one variant of the game adjudicates with.

python-chess's ``chess/variant.py`` is the model: :class:`Ruleset` is the vanilla game of
Volume 1, and a variant is a subclass overriding a few named hooks or settings
(:mod:`referee.variants` lists them and picks one by name). The Ruleset lives in the engine
because the engine's pipeline is written against it: the engine never imports a variant.

Besides the Turn, the Ruleset answers for the changes the life of a game makes to a GSD
outside any play (a new game, a joiner, a resignation, a forced Timeout), so a variant can
change those rules as it changes any other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from referee.engine.drone import DRONE, drone_active, is_drone
from referee.engine.registry import Registry, load_sections
from referee.engine.rulebook import Rulebook, load_rulebook
from referee.engine.tables.ruleset_tables import RulesetTables, load_tables
from referee.engine.tables.token_collection import TokenCollectionTable
from referee.network.categories import NameMatching
from referee.network.network import Network, load_network
from referee.network.routes import CoLocatedDirection
from referee.notation.action_index import ActionIndex, load_action_index
from referee.notation.gametime import GameTime
from referee.notation.gsd import GSD
from referee.notation.plays import Play
from referee.notation.table import PlayerRow
from referee.notation.tokens import TokenCounts

if TYPE_CHECKING:
    from referee.engine.context import TurnContext
    from referee.engine.history import Position
    from referee.engine.result import TurnResult


class RouteChoice:
    """Which of several valid routes counts for Token Collection
    (rules/vanilla/readings.md#r1-4-20)."""

    BEST = "best"
    """The route that earns the most Tokens; ties go to the fewest Portions, then map order."""
    FIRST = "first"
    """The first valid route the search finds (fewest Portions first, then map order)."""


@dataclass(frozen=True)
class RuleSettings:
    """Readings of ambiguous rules that players could reasonably set differently."""

    route_choice: str = RouteChoice.BEST
    pass_earns_zone_bonus: bool = True
    """Rule 1.4.20: whether a Pass counts as a Valid Move for the Zone Pass bonus."""
    first_move_is_special: bool = True
    """Rules 1.1.8/1.5.0: a Piece not yet on the Map enters at its first Move's station as a
    Special Move (LV not checked); nothing else in the rules can place it."""
    paid_token_default: str = "stack"
    """Rule 1.4.19, when the play's comment names no ``stack: <Station>``: "stack" puts paid
    Tokens on the first qualifying Token Stack of the GSD (else discards them); "discard"
    always discards them."""
    via_lists_every_portion: bool = True
    """Rule 1.2.0: when ``via:`` already ends with the destination's code, also read it as
    listing every portion (the move is valid if either reading fits)."""
    route_revisits: bool = False
    """Rules 1.5.4 and 1.4.20: whether a Move's route may come back to a Station it has already
    visited, by changing Line at an Interchange (never straight back along one Line, which
    needs rule 1.5.6). Off: a route visits each Station once (rules/vanilla/readings.md#r1-5-4)."""
    narg_tolerance_degrees: float = 22.5
    """Rule 1.4.40: a section of Line is "horizontal or vertical" when the straight line between
    its two Stations' map coordinates lies within this many degrees of east-west or
    north-south. 22.5 follows the schematic map's 45-degree grid (a section is drawn level or
    upright when its true bearing is nearer an axis than a diagonal); 0 asks for exact."""
    home_declaration_required: bool = True
    """Rule 1.12.2: a player without a Home Station *must* declare one during eir Turn, so such
    a Turn that does not is refused (not a Timeout or Farkle, which allow no Actions; not the
    Drone, rule 1.15.1). False lets Homeless players play on."""
    special_move_collects: bool = True
    """Rules 1.4.20 and 1.5.0: a Special Move is a Move of the Movement phase and earns the
    Token Collection rows about where it ends (Interchange, Hat, Zone Pass, no change of
    Line); it passes through nothing, so no row about Interchanges passed. False: a Special
    Move earns nothing."""
    name_matching: NameMatching = NameMatching.WORD_EDGES
    """Rule 1.17.6: how a Station Category's strings are looked for in a station's name:
    "word-edges" (case-insensitive, at the start or end of a word, so every listed string
    names a Station: Blackfriars and Whitechapel are Holy, Northwood is Plant) or "literal"
    (case-sensitive, anywhere)."""
    co_located_direction: CoLocatedDirection = CoLocatedDirection.TRACK
    """Rule 1.5.4: what "not changing Line Direction" means at a Co-Located station."""
    payments_target: bool = True
    """Rules 1.11.7, 1.4.47 and 1.13.1: whether an Action that names a player only to pay em
    (Toll and Rent, rule 1.12.3; a Token Gift, rule 1.7.27) targets em. On, rule 1.11.7's
    letter (a target is the Player any Action names): no one at a Holy Station, no prisoner,
    and no one in the small hours is paid so, and no one pays from a Holy Station. Off: only
    the Actions done to a player target em (rules/vanilla/readings.md#r1-11-7)."""


STARTING_SPEED_LIMIT = 10
"""Rule 1.20.0: the Speed Limit every Line and Line Segment starts with."""

STARTING_TOKENS = TokenCounts(bk=2, re=2, br=2)
"""Rule 1.1.8 - Joining In: two Black, two Red and two Bronze."""


class Ruleset:
    """The vanilla ruleset of Volume 1; variants override the hooks below."""

    name: ClassVar[str] = "vanilla"
    aliases: ClassVar[tuple[str, ...]] = ("normal", "volume 1")
    rules_name: ClassVar[str] = "vanilla"
    """The folder of ``rules/`` holding this ruleset's data."""
    map_name: ClassVar[str] = "london-1999"
    moves_by_lv: ClassVar[bool] = True
    """Rule 1.6.2: a Move's length is the player's LV (a ruleset without LV says False)."""
    has_charge: ClassVar[bool] = True
    """Rule 1.19.2: a Piece's movement changes its Charge (a ruleset without Charge says False)."""

    def __init__(self, settings: RuleSettings | None = None) -> None:
        self.settings = settings or RuleSettings()

    def with_settings(self, **changes: object) -> Ruleset:
        """This ruleset with some settings changed."""
        return type(self)(replace(self.settings, **changes))  # type: ignore[arg-type]

    # -- data ------------------------------------------------------------------------------

    def network(self) -> Network:
        return load_network(
            self.map_name, self.settings.name_matching, self.settings.co_located_direction
        )

    def tables(self) -> RulesetTables:
        """Every table of ``rules/<rules_name>/`` (the action index among them), read and
        checked together once: handlers reach a table through here, so the one a variant
        names is the one they read."""
        return load_tables(self.rules_name)

    def action_index(self) -> ActionIndex:
        return load_action_index(self.rules_name)

    def registry(self) -> Registry:
        """Handlers, hooks and move checks (a variant returns a modified copy)."""
        return load_sections()

    def rulebook(self) -> Rulebook:
        """The rules violations cite by number (a variant adds its own to Volume 1's)."""
        return load_rulebook(self.rules_name)

    def token_collection(self) -> TokenCollectionTable:
        return self.tables().token_collection

    def prepare(self) -> None:
        """Load and check everything a Turn reads, as a server does at start-up: every table
        (a broken one stops it here, naming the file and entry), the registry and its
        declared hook order, the rulebook and the route search's per-destination bounds."""
        self.tables()
        self.action_index()
        self.rulebook()
        self.registry()
        self.network().routes.prepare()

    # -- hooks -----------------------------------------------------------------------------

    def move_lengths(self, ctx: TurnContext, start: Position) -> tuple[int, ...]:
        """Rule 1.6.2 - Getting There: an ordinary Move goes exactly LV stations. A ruleset
        that lets the player choose the length lists the lengths to try, shortest first."""
        return (ctx.players[ctx.player].lv,)

    def starting_speed_limit(self, ctx: TurnContext) -> int:
        """Rule 1.20.0: every Line starts with a Speed Limit of 10, which binds the mover until
        a player sets another (rule 1.20.4). A ruleset that lets some movers past it on such a
        Line (Knightsbridge '65's "maximum LV of 13 instead of the usual 10", rule 4.2.1.1)
        returns their limit here."""
        return STARTING_SPEED_LIMIT

    def cite(self, number: str) -> str:
        """The rule of this ruleset that the engine's core means by Volume 1's ``number``
        (a variant whose own rules are numbered differently maps them here)."""
        return number

    def may_win(self, player: str) -> bool:
        """Rule 1.15.1: the Drone never Wins."""
        return not is_drone(player)

    def winning_station(self) -> str:
        """Rule 1.1.1 - How to Win: rest at Mornington Crescent at the end of one's Turn."""
        return "Mornington Crescent"

    def new_player(self, name: str) -> PlayerRow:
        """Rule 1.1.8 - Joining In: no Home, LV zero, the starting Tokens, no Possessions
        (the Piece is off the Map until eir first Move)."""
        return PlayerRow(name=name, tokens=STARTING_TOKENS)

    def new_game(self, players: list[str], time: GameTime, game: int = 1) -> GSD:
        """Rule 1.1.2 - A New Game: the Drone plus the players in the given Order of Play,
        the Speaker's Game Time, no Wild Stations, Bridges Down, not in Knip, no Disruptions.
        The Drone starts Inactive (no one carries the Drone Stick, rule 1.15.1) with no
        Tokens (our reading, rules/vanilla/readings.md#r1-15-1)."""
        rows = [PlayerRow(name=DRONE, inactive=True), *(self.new_player(p) for p in players)]
        return GSD(game=game, turn=1, players=tuple(rows), time=time)

    def join(self, gsd: GSD, name: str, seat: int | None = None) -> GSD:
        """Rule 1.1.8: add a player at ``seat`` of the Token Table (the end by default)."""
        rows = list(gsd.players)
        rows.insert(len(rows) if seat is None else seat, self.new_player(name))
        return gsd.model_copy(update={"players": tuple(rows)})

    def resign(self, gsd: GSD, name: str) -> GSD:
        """Rule 1.1.3 - Resignation (and rule 1.1.10, which deletes a silent player the same
        way): the player leaves the Token Table and the Luggage Rack.

        What e owned becomes ownerless: eir Home Station goes with eir row, and eir
        Possessions (Ticket Stubs among them) with eir Luggage Rack entry, since the rack
        lists only the possessions of players in the table. Token Stacks hold Tokens, Suspect
        Packages and the PoID, none of them owned, so they are left as they are. If e carried
        the Drone Stick it is no longer in play, so the Drone's row is marked Inactive (rule
        1.15.1).
        """
        rows = tuple(row for row in gsd.players if row.name != name)
        rack = tuple(entry for entry in gsd.rack if entry.player != name)
        left = gsd.model_copy(update={"players": rows, "rack": rack})
        active = drone_active(left)
        rows = tuple(
            row.model_copy(update={"inactive": not active}) if is_drone(row.name) else row
            for row in rows
        )
        return left.model_copy(update={"players": rows})

    def forced_timeout(self, gsd: GSD, name: str) -> TurnResult:
        """Rule 1.3.5 - Timing is Everything: once a player's time is out, the play
        ``NAME : Timeout`` is made for em (the Drone's late Turn too, rule 1.15.1) and judged
        like any other, so it moves the Game Time on an hour and, by rule 1.3.2, hands the
        Turn to the next player. Raises NotationError if ``name`` is not in the Token Table.
        """
        # The pipeline takes a Ruleset as an argument, so it is reached at call time.
        from referee.engine.turn import adjudicate

        index = self.action_index()
        play = Play.parse(f"{name} : Timeout", players=gsd.player_names, index=index)
        return adjudicate(gsd, play, self)


VANILLA = Ruleset()
