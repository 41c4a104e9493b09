"""Every table of a ruleset in one value, loaded and checked together.

The referee reads all of ``rules/<ruleset>/`` at start-up so that a mistake in any table
stops it there, naming the file and entry, rather than during a player's Turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from referee.engine.tables.bureau import BureauTable, load_bureau
from referee.engine.tables.busking import BuskingTable, load_busking
from referee.engine.tables.courier import CourierTable, load_courier
from referee.engine.tables.emporium import Emporium, load_emporium
from referee.engine.tables.fflourish import FlourishTable, load_fflourish
from referee.engine.tables.figures import FigureTable, load_figures
from referee.engine.tables.gambits import GambitTable, load_gambits
from referee.engine.tables.lost_and_found import LostAndFoundTable, load_lost_and_found
from referee.engine.tables.one_way import OneWayTable, load_one_way
from referee.engine.tables.opening import OpeningTable, load_opening
from referee.engine.tables.stacks import StackTable, load_stacks
from referee.engine.tables.token_collection import TokenCollectionTable, load_token_collection
from referee.notation.action_index import ActionIndex, load_action_index


@dataclass(frozen=True)
class RulesetTables:
    """The action index and every table of one ruleset."""

    actions: ActionIndex
    emporium: Emporium
    token_collection: TokenCollectionTable
    stacks: StackTable
    opening: OpeningTable
    busking: BuskingTable
    bureau: BureauTable
    lost_and_found: LostAndFoundTable
    gambits: GambitTable
    one_way: OneWayTable
    fflourish: FlourishTable
    courier: CourierTable
    figures: FigureTable = field(default_factory=FigureTable)
    """The single numbers and colours the ruleset's rules name in their text (none for
    Volume 1, which keeps its figures in the tables above)."""


@cache
def load_tables(ruleset: str = "vanilla") -> RulesetTables:
    """Read and check every table of ``ruleset`` once."""
    return RulesetTables(
        actions=load_action_index(ruleset),
        emporium=load_emporium(ruleset),
        token_collection=load_token_collection(ruleset),
        stacks=load_stacks(ruleset),
        opening=load_opening(ruleset),
        busking=load_busking(ruleset),
        bureau=load_bureau(ruleset),
        lost_and_found=load_lost_and_found(ruleset),
        gambits=load_gambits(ruleset),
        one_way=load_one_way(ruleset),
        fflourish=load_fflourish(ruleset),
        courier=load_courier(ruleset),
        figures=load_figures(ruleset),
    )
