"""Which Token Stacks are Kafka Sinkholes (rule 1.9.6): four or more Tokens, all Black.

A Sinkhole is a fact about the Tokens at a Station, not a hook of its own: the Move checks
(``sections/obstacles.py``, ``sections/targeting.py``) and the map picture
(``referee.web.mapsvg``) all ask here, so what the map shows as a Sinkhole is what a Move is
refused through. Sections are the hook machinery's own; readers outside the engine take this.
How many Tokens of which colour make one is the ruleset's Token Stacks table
(``rules/<ruleset>/stacks.toml``), so a variant or an amended version reads its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.engine.tables.stacks import StackTable
from referee.notation.stacks import TokenStack


def is_sinkhole(stack: TokenStack, table: StackTable) -> bool:
    """Rule 1.9.6: a plain Token Stack (no marker on it) that ``table`` calls a Sinkhole."""
    return stack.marker is None and table.is_kafka_sinkhole(stack.tokens)


def sinkholes(stacks: Iterable[TokenStack], table: StackTable) -> tuple[str, ...]:
    """The Stations whose Stacks are Sinkholes, in the order the Stacks are listed."""
    return tuple(stack.station for stack in stacks if is_sinkhole(stack, table))


def described(table: StackTable) -> str:
    """What makes a Sinkhole under ``table``, as a refusal says it."""
    rule = table.kafka_sinkhole
    return f"a stack of {rule.min_tokens} or more {rule.colour.word} Tokens"
