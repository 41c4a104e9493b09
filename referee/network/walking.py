"""Walking Distance (rule 1.7.10 - Walk the Walk).

Two stations are within Walking Distance when they are neighbours on some line, when they are
the two sites of one same-named station that is not co-located (the Hammersmith of the
Hammersmith & City and the Hammersmith of the District and Piccadilly), or when the rule names
them as a pair (the ``walk`` rows of ``maps/<name>/links.tsv``). An Escalator Link (rule
1.5.3) is not a line, so Bank and Monument are not neighbours by it
(rules/vanilla/readings.md#r1-7-10).
"""

from __future__ import annotations

from referee.network.lines import LineCode
from referee.network.network import ESCALATOR, Network


def walking_neighbours(network: Network, station: str) -> frozenset[str]:
    """The other stations within Walking Distance of ``station`` (canonical name)."""
    found = {other for _, other, key in network.graph.edges(station, keys=True) if key != ESCALATOR}
    for link in network.data.links:
        if link.kind == "walk" and station in (link.a, link.b):
            found.add(link.b if link.a == station else link.a)
    found.discard(station)
    return frozenset(found)


def within_walking_distance(
    network: Network,
    a: str,
    b: str,
    a_line: LineCode | None = None,
    b_line: LineCode | None = None,
) -> bool:
    """Whether a piece at ``a`` (on ``a_line``) may walk to ``b`` (arriving on ``b_line``).

    At one name, only a split station's other site counts, which needs both lines to say
    which sites are meant.
    """
    if a == b:
        if a_line is None or b_line is None:
            return False
        return network.site_lines(a, a_line) != network.site_lines(b, b_line)
    return b in walking_neighbours(network, a)
