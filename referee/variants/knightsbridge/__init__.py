"""The Knightsbridge 1965 amendments (Section 4 of the rules texts) as a variant of Volume 1.

The amendments add Player States (section 4.1) and Podumes (section 4.2) to the base game and
to the "Finchley '49 Amendments", which this referee does not have: they are treated as
absent, so the variant is Volume 1 plus the 1965 rules (rules/knightsbridge-1965/README.md).
"""

from referee.variants.knightsbridge.ruleset import Knightsbridge1965, KnightsbridgeSettings

__all__ = ["Knightsbridge1965", "KnightsbridgeSettings"]
