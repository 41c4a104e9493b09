"""The rules as handlers, one module per section of the ruleset, named by topic.

Every module here is imported by :func:`referee.engine.registry.load_sections`; a new family
registers with :data:`referee.engine.registry.VANILLA` and lists its hooks, by name, in
``rules/vanilla/hooks.toml`` at the place they run (see
``referee/engine/README.md``).
"""
