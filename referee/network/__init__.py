"""The London Underground as the game sees it: stations, lines, routes (pure, no I/O but data).

``load_network()`` (network.py) gives the cached :class:`Network` of a map: its networkx graph,
station facts (stations.py, categories.py), forgiving lookup (names.py), and on first use its
route search (routes.py, checked against naive.py), why-no-route sentences (explain.py),
Fosdyke distances (fosdyke.py) and Walking Distance (walking.py). mapfile.py reads the data.
"""
