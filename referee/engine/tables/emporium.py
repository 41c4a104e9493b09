"""The Emporium's price list (rule 1.4.18 - The Emporium) and the Hats (rule 1.4.6).

Rule 1.4.18: Possessions are bought for Bronze Tokens at any British Rail Station;
Dispensable ones at any Station, Edible ones also at the buyer's Home Station. A Zone Pass is
bought for one Zone from two to six, a Stub for the Station the buyer stands at. Anything on
the list sells back for half its price, rounded down, where it could be bought. Rule 1.7.39
(Ecofriendly) pays the same half price, in Green Tokens, for recycling one.
Rule 1.4.6: seven Hats; five are bought only at Stations of their own category, Hard and
Silly at any Emporium (British Rail) Station.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import Field, model_validator

from referee.engine.tables._load import Row, TableError, read_table, table_path

FILENAME = "emporium.toml"
CATEGORIES = frozenset({"A to Z", "British Rail", "Compass", "Terminus", "Verdant"})


class Possession(Row):
    """One line of the price list."""

    name: str
    cost: int = Field(ge=0)
    qualities: tuple[str, ...]
    zones: tuple[int, ...] = ()
    covers: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _placeholders(self) -> Possession:
        holes = re.findall(r"\{(\w+)\}", self.name)
        if holes not in ([], ["zone"], ["station"]):
            raise ValueError(f"only one {{zone}} or {{station}} may appear in {self.name!r}")
        if (holes == ["zone"]) != bool(self.zones):
            raise ValueError("a {zone} name needs `zones`, and only it may have them")
        return self

    def has(self, quality: str) -> bool:
        """Whether the list gives the Possession this quality (Small, Edible, ...)."""
        return quality in self.qualities

    def may_be_bought(self, *, at_british_rail: bool, at_home: bool) -> bool:
        """Rule 1.4.18: British Rail Stations sell all; Dispensable anywhere; Edible at Home."""
        return at_british_rail or self.has("Dispensable") or (at_home and self.has("Edible"))

    @property
    def sale_price(self) -> int:
        """Rule 1.4.18: half the price in Bronze, rounded down."""
        return sale_price(self.cost)

    @property
    def recycling_greens(self) -> int:
        """Rule 1.7.39: Green Tokens for recycling it, half its Bronze value rounded down."""
        return self.cost // 2


class Hat(Row):
    """One of the seven Hat types of rule 1.4.6."""

    name: str
    letter: str = Field(min_length=1, max_length=1)
    category: str
    cashable: bool

    @model_validator(mode="after")
    def _category(self) -> Hat:
        if self.category and self.category not in CATEGORIES:
            raise ValueError(f"category {self.category!r} is not one of {sorted(CATEGORIES)}")
        return self

    def may_be_bought_at(self, categories: frozenset[str], *, at_british_rail: bool) -> bool:
        """Whether a Station with these categories (rule 1.17.6) sells this Hat.

        A Hat of a category is sold at Stations of that category; Hard and Silly Hats at any
        Emporium, which rule 1.4.18 places at British Rail Stations.
        """
        return self.category in categories if self.category else at_british_rail

    def matches(self, categories: frozenset[str]) -> bool:
        """Rule 1.4.20: a Station "of a type which matches" a Worn Hat has its category.

        Hard and Silly Hats name no Station type, so they match none.
        """
        return bool(self.category) and self.category in categories


class Purchase(Row):
    """A Possession named in a play, resolved to its line of the list."""

    possession: Possession
    name: str
    zone: int | None = None
    station: str | None = None


class Emporium(Row):
    """The whole price list and the Hats."""

    possession: tuple[Possession, ...]
    hat: tuple[Hat, ...]

    @model_validator(mode="after")
    def _unique(self) -> Emporium:
        for kind, names in (
            ("possession", [p.name for p in self.possession]),
            ("hat", [h.name for h in self.hat]),
        ):
            if len(set(names)) != len(names):
                raise ValueError(f"a {kind} name is listed twice")
        return self

    def lookup(self, text: str) -> Purchase:
        """The list's line for a name as a play writes it: "Zone 3 Pass", "Euston Stub".

        An Electrical Possession may carry its state, as the list writes "Remote Control (Off)".
        """
        wanted = " ".join(text.split())
        state = re.fullmatch(r"(.+?)\s*\((?:On|Off)\)", wanted, re.IGNORECASE)
        if state is not None:
            found = self.lookup(state[1])
            if found.possession.has("Electrical"):
                return found
        for item in self.possession:
            if item.name.casefold() == wanted.casefold():
                return Purchase(possession=item, name=item.name)
            hole = re.escape(item.name).replace(r"\{zone\}", r"(?P<zone>\d)")
            hole = hole.replace(r"\{station\}", r"(?P<station>.+)")
            match = re.fullmatch(hole, wanted, re.IGNORECASE)
            if match is None or hole == re.escape(item.name):
                continue
            if "zone" in match.groupdict():
                zone = int(match["zone"])
                if zone not in item.zones:
                    allowed = ", ".join(str(z) for z in item.zones)
                    raise TableError(f"a Zone Pass may be bought for Zone {allowed}, not {zone}")
                return Purchase(possession=item, name=wanted, zone=zone)
            return Purchase(possession=item, name=wanted, station=match["station"])
        raise TableError(f"{wanted!r} is not sold at the Emporium (rule 1.4.18)")

    def hat_type(self, name: str) -> Hat:
        """A Hat by its type name, any case ("verdant", "British Rail")."""
        for hat in self.hat:
            if hat.name.casefold() == name.strip().casefold():
                return hat
        types = ", ".join(h.name for h in self.hat)
        raise TableError(f"{name.strip()!r} is not a Hat type; rule 1.4.6 has {types}")

    def zones_covered(self, text: str) -> frozenset[int]:
        """The Zones a Zone Pass named in the Luggage Rack is valid in (rule 1.4.20)."""
        purchase = self.lookup(text)
        if purchase.zone is not None:
            return frozenset({purchase.zone})
        return frozenset(purchase.possession.covers)


def sale_price(cost: int) -> int:
    """Rule 1.4.18: goods sell back at half price, all fractions rounded down."""
    return cost // 2


@cache
def load_emporium(ruleset: str = "vanilla") -> Emporium:
    """The checked ``emporium.toml`` of a ruleset, read once."""
    return read_table(Emporium, table_path(ruleset, FILENAME))
