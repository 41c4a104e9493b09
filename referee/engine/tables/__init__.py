"""Typed loaders for the ruleset's tables in rules/<ruleset>/: prices, bonuses, hours, gambits."""
