"""The rules engine: (state, play, ruleset, dice) -> result. Pure."""
