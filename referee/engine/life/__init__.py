"""The life of a game between Turns: buzzing in and joining (rule 1.1.8), deadlines (rule
1.3.5), the order of play (rule 1.1.12) and the points a win scores (rule 1.1.1).

These rules are as pure as the Turn's (no mail, database or wall clock: the service hands them
the time), but they are not part of the Turn pipeline, so they live apart from it: the service
calls them, the Turn never does.
"""
