"""The seven Token colours (rule 1.4.1 - Token Gesture) as the tables use them.

The colour type is the notation's (``referee.notation.tokens.Colour``), so a colour read from a
play and one read from a table are the same value. Rule 1.4.1 splits the seven into three
Metallic (Gold, Silver, Bronze) and four Plastic (Black, Blue, Green, Red); Bonanza (rule
1.4.10) and Begging (rule 1.7.61) need the Plastic set by name.
"""

from __future__ import annotations

from referee.notation.tokens import Colour

METALLIC = frozenset(colour for colour in Colour if colour.metallic)
PLASTIC = frozenset(colour for colour in Colour if not colour.metallic)

__all__ = ["METALLIC", "PLASTIC", "Colour"]
