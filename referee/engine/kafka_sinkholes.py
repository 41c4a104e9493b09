"""Which Token Stacks are Kafka Sinkholes (rule 1.9.6): four or more Tokens, all Black.

A Sinkhole is a fact about the Tokens at a Station, not a hook of its own: the Move checks
(``sections/obstacles.py``, ``sections/targeting.py``) and the map picture
(``referee.web.mapsvg``) all ask here, so what the map shows as a Sinkhole is what a Move is
refused through. Sections are the hook machinery's own; readers outside the engine take this.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.notation.stacks import TokenStack
from referee.notation.tokens import Colour

SINKHOLE_SIZE = 4
"""Rule 1.9.6: the fewest Tokens a Stack holds to be a Sinkhole."""


def is_sinkhole(stack: TokenStack) -> bool:
    """Rule 1.9.6: a plain Token Stack (no marker on it) of four or more Black Tokens."""
    return (
        stack.marker is None
        and len(stack.tokens) >= SINKHOLE_SIZE
        and all(token is Colour.BK for token in stack.tokens)
    )


def sinkholes(stacks: Iterable[TokenStack]) -> tuple[str, ...]:
    """The Stations whose Stacks are Sinkholes, in the order the Stacks are listed."""
    return tuple(stack.station for stack in stacks if is_sinkhole(stack))
