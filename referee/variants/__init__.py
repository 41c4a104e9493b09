"""Rulesets layered over the vanilla one, one class per variant."""
