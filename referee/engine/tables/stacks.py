"""Token Stack rewards (rule 1.14.2 - Stack 'em High, Sell 'em Cheap) and capacity (rule 1.14.3).

Rule 1.9.6 (Kafka Sinkholes) is a property of a Stack too: four or more Tokens, all Black.

Rule 1.14.2: when a player's Token Dropping, or the Tokens an Action of eirs places, brings a
Stack to exactly six Tokens, and the Stack held one to five Tokens in the previous Turn, a
Stack that forms one of seven listed sequences is destroyed and the player gains its reward.
Rule 1.14.3: a Stack holds at most six Tokens, except at Mornington Crescent, Seven Sisters
and Euston, where there is no limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pydantic import Field, model_validator

from referee.engine.tables._load import Row, read_table, table_path
from referee.engine.tables.colours import Colour

FILENAME = "stacks.toml"
REWARD_SIZE = 6  # rule 1.14.2: exactly six Tokens


class Capacity(Row):
    """How many Tokens a Stack may hold, and where there is no limit."""

    tokens: int = Field(ge=1)
    unlimited: tuple[str, ...]


class StackReward(Row):
    """A sequence (bottom to top) and the Tokens it earns."""

    sequence: tuple[Colour, ...]
    colour: Colour
    count: int = Field(ge=1)

    @model_validator(mode="after")
    def _six(self) -> StackReward:
        if len(self.sequence) != REWARD_SIZE:
            raise ValueError(f"a rewarded sequence has exactly {REWARD_SIZE} Tokens")
        return self


class KafkaSinkhole(Row):
    """The Stack that makes a Kafka Sinkhole (rule 1.9.6)."""

    min_tokens: int = Field(ge=1)
    colour: Colour


class StackTable(Row):
    """Capacity, rewards and the Kafka Sinkhole."""

    capacity: Capacity
    reward: tuple[StackReward, ...]
    kafka_sinkhole: KafkaSinkhole

    def is_kafka_sinkhole(self, stack: Sequence[Colour]) -> bool:
        """Rule 1.9.6: a Stack of four or more Tokens, all of them Black."""
        rule = self.kafka_sinkhole
        return len(stack) >= rule.min_tokens and all(t == rule.colour for t in stack)

    @model_validator(mode="after")
    def _distinct(self) -> StackTable:
        sequences = [r.sequence for r in self.reward]
        if len(set(sequences)) != len(sequences):
            raise ValueError("a sequence is rewarded twice")
        return self

    def capacity_at(self, station: str) -> int | None:
        """Rule 1.14.3: the most Tokens a Stack at ``station`` may hold; None for no limit."""
        return None if station in self.capacity.unlimited else self.capacity.tokens

    def may_add(self, station: str, size: int, adding: int = 1) -> bool:
        """Whether ``adding`` Tokens fit on a Stack of ``size`` at ``station``."""
        limit = self.capacity_at(station)
        return limit is None or size + adding <= limit

    def reward_for(self, stack: Sequence[Colour]) -> StackReward | None:
        """The reward a six-Token Stack (bottom to top) forms, or None."""
        if len(stack) != REWARD_SIZE:
            return None
        return next((r for r in self.reward if r.sequence == tuple(stack)), None)

    def earned(self, stack: Sequence[Colour], size_last_turn: int) -> StackReward | None:
        """Rule 1.14.2 in full: six now, one to five during the previous Turn, a listed sequence."""
        if not 1 <= size_last_turn <= REWARD_SIZE - 1:
            return None
        return self.reward_for(stack)


@cache
def load_stacks(ruleset: str = "vanilla") -> StackTable:
    """The checked ``stacks.toml`` of a ruleset, read once."""
    return read_table(StackTable, table_path(ruleset, FILENAME))
