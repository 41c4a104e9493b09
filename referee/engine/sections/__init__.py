"""The rules as handlers, one module per section of the ruleset, named by topic.

Every module here is imported by :func:`referee.engine.registry.load_sections`; registering
with :data:`referee.engine.registry.VANILLA` is all a new family has to do (see
``referee/engine/README.md``).
"""
