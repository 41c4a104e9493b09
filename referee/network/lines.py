"""Line codes (rule 1.17.4 - Line Code).

Every line of the 1999 map has a two-letter code that players write in the ``via:`` part of a
play. Ghost stations (rule 1.11.6) sit on a pseudo-line of their own, GH.
"""

from __future__ import annotations

from enum import StrEnum

from referee.quoting import excerpt


class LineCode(StrEnum):
    """A line of the Underground by its two-letter code (rule 1.17.4)."""

    BL = "BL"
    CN = "CN"
    CL = "CL"
    DS = "DS"
    EL = "EL"
    HC = "HC"
    JL = "JL"
    MP = "MP"
    NT = "NT"
    PD = "PD"
    VC = "VC"
    WC = "WC"
    DL = "DL"
    GH = "GH"

    @property
    def line_name(self) -> str:
        """The line's name as the rule lists it."""
        return LINE_NAMES[self]


LINE_NAMES: dict[LineCode, str] = {
    LineCode.BL: "Bakerloo",
    LineCode.CN: "Central",
    LineCode.CL: "Circle",
    LineCode.DS: "District",
    LineCode.EL: "East London",
    LineCode.HC: "Hammersmith & City",
    LineCode.JL: "Jubilee",
    LineCode.MP: "Metropolitan",
    LineCode.NT: "Northern",
    LineCode.PD: "Piccadilly",
    LineCode.VC: "Victoria",
    LineCode.WC: "Waterloo & City",
    LineCode.DL: "Docklands Light Railway",
    LineCode.GH: "Ghost",
}


class UnknownLineError(ValueError):
    """A line code that rule 1.17.4 does not define."""


def parse_line_code(text: str) -> LineCode:
    """Read a line code, forgiving case and surrounding space; fail with the valid codes."""
    code = text.strip().upper()
    try:
        return LineCode(code)
    except ValueError:
        valid = ", ".join(c.value for c in LineCode)
        raise UnknownLineError(
            f"'{excerpt(text.strip())}' is not a line code; the codes of rule 1.17.4 are {valid}"
        ) from None
