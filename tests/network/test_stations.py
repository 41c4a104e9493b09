"""Station facts: categories (rule 1.17.6), Call (rule 1.17.10), Current (rule 1.17.8)."""

from __future__ import annotations

import pytest

from referee.network.categories import Category, NameMatching, name_categories
from referee.network.lines import LineCode
from referee.network.names import UnknownStationError
from referee.network.network import Network, load_network


@pytest.fixture(scope="module")
def london() -> Network:
    return load_network()


# Every station's categories by name alone, read off rule 1.17.6's strings, letter for letter
# (case-sensitive; 'St'/'St.' for Saint). Empty means none of the name-based categories.
NAME_CATEGORIES: dict[str, str] = {
    "Acton Town": "Populated",
    "Aldgate": "",
    "Aldgate East": "Compass",
    "Aldwych": "",
    "All Saints": "Holy",
    "Alperton": "",
    "Amersham": "",
    "Angel": "Holy",
    "Archway": "",
    "Arnos Grove": "Plant",
    "Arsenal": "",
    "Baker Street": "A to Z",
    "Balham": "",
    "Bank": "",
    "Barbican": "",
    "Barking": "",
    "Barkingside": "",
    "Barons Court": "",
    "Bayswater": "",
    "Beckton": "",
    "Beckton Park": "Park, Verdant",
    "Becontree": "",
    "Belsize Park": "Park, Verdant",
    "Bermondsey": "",
    "Bethnal Green": "Green, Verdant",
    "Blackfriars": "Holy",
    "Blackhorse Road": "A to Z",
    "Blackwall": "",
    "Blake Hall": "",
    "Bond Street": "A to Z",
    "Borough": "",
    "Boston Manor": "Populated",
    "Bounds Green": "Green, Verdant",
    "Bow Church": "Holy",
    "Bow Road": "A to Z",
    "Brent Cross": "Holy",
    "British Museum": "",
    "Brixton": "",
    "Bromley-by-Bow": "",
    "Brompton Road": "A to Z",
    "Buckhurst Hill": "Hill",
    "Burnt Oak": "Plant",
    "Caledonian Road": "A to Z",
    "Camden Town": "Populated",
    "Canada Water": "",
    "Canary Wharf": "",
    "Canning Town": "Populated",
    "Cannon Street": "A to Z",
    "Canons Park": "Holy, Park, Verdant",
    "Chalfont and Latimer": "",
    "Chalk Farm": "",
    "Chancery Lane": "A to Z",
    "Charing Cross": "Holy",
    "Chesham": "",
    "Chigwell": "",
    "Chiswick Park": "Park, Verdant",
    "Chorleywood": "Plant",
    "Clapham Common": "",
    "Clapham North": "Compass",
    "Clapham South": "Compass",
    "Cockfosters": "",
    "Colindale": "",
    "Colliers Wood": "Plant",
    "Covent Garden": "Plant, Verdant",
    "Crossharbour and London Arena": "Holy",
    "Croxley": "",
    "Custom House": "",
    "Cyprus": "",
    "Dagenham East": "Compass",
    "Dagenham Heathway": "",
    "Debden": "",
    "Devons Road": "A to Z",
    "Dollis Hill": "Hill",
    "Down Street": "A to Z",
    "Ealing Broadway": "",
    "Ealing Common": "",
    "Earl's Court": "",
    "East Acton": "Compass",
    "East Finchley": "Compass",
    "East Ham": "Compass",
    "East India": "Compass",
    "East Putney": "Compass",
    "Eastcote": "Compass",
    "Edgware": "",
    "Edgware Road": "A to Z",
    "Elephant and Castle": "",
    "Elm Park": "Park, Plant, Verdant",
    "Embankment": "",
    "Epping": "",
    "Euston": "",
    "Euston Square": "",
    "Fairlop": "",
    "Farringdon": "",
    "Finchley Central": "",
    "Finchley Road": "A to Z",
    "Finsbury Park": "Park, Verdant",
    "Fulham Broadway": "",
    "Gallions Reach": "",
    "Gants Hill": "Hill",
    "Gloucester Road": "A to Z",
    "Golders Green": "Green, Verdant",
    "Goldhawk Road": "A to Z",
    "Goodge Street": "A to Z",
    "Grange Hill": "Hill",
    "Great Portland Street": "A to Z",
    "Green Park": "Green, Park, Verdant",
    "Greenford": "Green, Verdant",
    "Gunnersbury": "",
    "Hainault": "",
    "Hammersmith": "",
    "Hampstead": "",
    "Hanger Lane": "A to Z",
    "Harlesden": "",
    "Harrow and Wealdstone": "",
    "Harrow-on-the-Hill": "Hill",
    "Hatton Cross": "Holy",
    "Heathrow Terminal 123": "",
    "Heathrow Terminal 4": "",
    "Hendon Central": "",
    "Heron Quays": "",
    "High Barnet": "High",
    "High Street Kensington": "A to Z, High",
    "Highbury and Islington": "High",
    "Highgate": "High",
    "Hillingdon": "Hill",
    "Hob's End": "",
    "Holborn": "",
    "Holland Park": "Park, Verdant",
    "Holloway Road": "A to Z",
    "Hornchurch": "Holy",
    "Hounslow Central": "",
    "Hounslow East": "Compass",
    "Hounslow West": "Compass",
    "Hyde Park Corner": "Park, Verdant",
    "Ickenham": "",
    "Island Gardens": "Plant, Verdant",
    "Kennington": "",
    "Kensal Green": "Green, Verdant",
    "Kensington (Olympia)": "",
    "Kentish Town": "Populated",
    "Kenton": "",
    "Kew Gardens": "Plant, Verdant",
    "Kilburn": "",
    "Kilburn Park": "Park, Verdant",
    "King's Cross St. Pancras": "Holy",
    "Kingsbury": "",
    "Knightsbridge": "",
    "Ladbroke Grove": "Plant",
    "Lambeth North": "Compass",
    "Lancaster Gate": "",
    "Latimer Road": "A to Z",
    "Leicester Square": "",
    "Leyton": "",
    "Leytonstone": "",
    "Limehouse": "",
    "Liverpool Street": "A to Z",
    "London Bridge": "",
    "Loughton": "",
    "Maida Vale": "",
    "Manor House": "Populated",
    "Mansion House": "",
    "Marble Arch": "",
    "Marylebone": "",
    "Mile End": "",
    "Mill Hill East": "Compass, Hill",
    "Monument": "",
    "Moor Park": "Park, Verdant",
    "Moorgate": "",
    "Morden": "",
    "Mornington Crescent": "",
    "Mudchute": "",
    "Neasden": "",
    "New Cross": "Holy",
    "New Cross Gate": "Holy",
    "Newbury Park": "Park, Verdant",
    "North Acton": "Compass",
    "North Ealing": "Compass",
    "North End": "Compass",
    "North Greenwich": "Compass, Green, Verdant",
    "North Harrow": "Compass",
    "North Weald": "Compass",
    "North Wembley": "Compass",
    "Northfields": "Compass",
    "Northolt": "Compass",
    "Northwick Park": "Compass, Park, Verdant",
    "Northwood": "Compass, Plant",
    "Northwood Hills": "Compass, Hill, Plant",
    "Notting Hill Gate": "Hill",
    "Oakwood": "Plant",
    "Old Street": "A to Z",
    "Ongar": "",
    "Osterley": "",
    "Oval": "",
    "Oxford Circus": "",
    "Paddington": "",
    "Park Royal": "Park, Verdant",
    "Parsons Green": "Green, Verdant",
    "Perivale": "",
    "Piccadilly Circus": "",
    "Pimlico": "",
    "Pinner": "",
    "Plaistow": "",
    "Poplar": "Plant",
    "Preston Road": "A to Z",
    "Prince Regent": "",
    "Pudding Mill Lane": "A to Z",
    "Putney Bridge": "",
    "Queens Park": "Park, Verdant",
    "Queensbury": "",
    "Queensway": "",
    "Ravenscourt Park": "Park, Verdant",
    "Rayners Lane": "A to Z",
    "Redbridge": "",
    "Regent's Park": "Park, Verdant",
    "Richmond": "",
    "Rickmansworth": "",
    "Roding Valley": "",
    "Rotherhithe": "",
    "Royal Albert": "",
    "Royal Oak": "Plant",
    "Royal Victoria": "",
    "Ruislip": "",
    "Ruislip Gardens": "Plant, Verdant",
    "Ruislip Manor": "Populated",
    "Russell Square": "",
    "Seven Sisters": "",
    "Shadwell": "",
    "Shepherd's Bush": "Plant",
    "Shoreditch": "",
    "Sloane Square": "",
    "Snaresbrook": "",
    "South Ealing": "Compass",
    "South Harrow": "Compass",
    "South Kensington": "Compass",
    "South Kenton": "Compass",
    "South Quay": "Compass",
    "South Ruislip": "Compass",
    "South Wimbledon": "Compass",
    "South Woodford": "Compass, Plant",
    "Southfields": "Compass",
    "Southgate": "Compass",
    "Southwark": "Compass",
    "St. James's Park": "Holy, Park, Verdant",
    "St. John's Wood": "Holy, Plant",
    "St. Paul's": "Holy",
    "Stamford Brook": "",
    "Stanmore": "",
    "Stepney Green": "Green, Verdant",
    "Stockwell": "",
    "Stonebridge Park": "Park, Verdant",
    "Stratford": "",
    "Sudbury Hill": "Hill",
    "Sudbury Town": "Populated",
    "Surrey Quays": "",
    "Swiss Cottage": "",
    "Temple": "Holy",
    "Theydon Bois": "",
    "Tooting Bec": "",
    "Tooting Broadway": "",
    "Tottenham Court Road": "A to Z",
    "Tottenham Hale": "",
    "Totteridge and Whetstone": "",
    "Tower Gateway": "",
    "Tower Hill": "Hill",
    "Tufnell Park": "Park, Verdant",
    "Turnham Green": "Green, Verdant",
    "Turnpike Lane": "A to Z",
    "Upminster": "",
    "Upminster Bridge": "",
    "Upney": "",
    "Upton Park": "Park, Verdant",
    "Uxbridge": "",
    "Vauxhall": "",
    "Victoria": "",
    "Walthamstow Central": "",
    "Wanstead": "",
    "Wapping": "",
    "Warren Street": "A to Z",
    "Warwick Avenue": "",
    "Waterloo": "",
    "Watford": "",
    "Wembley Central": "",
    "Wembley Park": "Park, Verdant",
    "West Acton": "Compass",
    "West Brompton": "Compass",
    "West Finchley": "Compass",
    "West Ham": "Compass",
    "West Hampstead": "Compass",
    "West Harrow": "Compass",
    "West India Quay": "Compass",
    "West Kensington": "Compass",
    "West Ruislip": "Compass",
    "Westbourne Park": "Compass, Park, Verdant",
    "Westferry": "Compass",
    "Westminster": "Compass",
    "White City": "Populated",
    "Whitechapel": "Holy",
    "Willesden Green": "Green, Verdant",
    "Willesden Junction": "",
    "Wimbledon": "",
    "Wimbledon Park": "Park, Verdant",
    "Wood Green": "Green, Plant, Verdant",
    "Woodford": "Plant",
    "Woodside Park": "Park, Plant, Verdant",
}


def test_1_17_6_the_table_covers_every_station_of_the_map(london: Network) -> None:
    """A station renamed or added in the map data must be classified here too."""
    assert sorted(NAME_CATEGORIES) == sorted(london.facts)
    assert len(NAME_CATEGORIES) == 304


@pytest.mark.parametrize(("name", "expected"), sorted(NAME_CATEGORIES.items()))
def test_1_17_6_name_categories_of_every_station(name: str, expected: str) -> None:
    found = name_categories(name)
    assert ", ".join(c.value for c in Category if c in found) == expected


@pytest.mark.parametrize(
    ("name", "category", "member"),
    [
        ("Ealing Broadway", Category.A_TO_Z, False),
        ("North Greenwich", Category.GREEN, True),
        ("St. Paul's", Category.HOLY, True),
        ("Stanmore", Category.HOLY, False),
        ("Great Portland Street", Category.HOLY, False),
        ("Blackfriars", Category.HOLY, False),
        ("Oakwood", Category.PLANT, True),
        ("Northwood", Category.PLANT, False),
    ],
)
def test_1_17_6_literal_string_tests(name: str, category: Category, member: bool) -> None:
    """Rule 1.17.6 read literally (the setting's other value): case-sensitive, anywhere."""
    assert (category in name_categories(name, NameMatching.LITERAL)) is member


@pytest.mark.parametrize(
    ("name", "category", "member"),
    [
        ("Ealing Broadway", Category.A_TO_Z, False),
        ("Blackfriars", Category.HOLY, True),
        ("Whitechapel", Category.HOLY, True),
        ("Northwood", Category.PLANT, True),
        ("Great Portland Street", Category.HOLY, False),
    ],
)
def test_1_17_6_every_listed_string_names_a_station_by_default(
    name: str, category: Category, member: bool
) -> None:
    """Rule 1.17.6: by default each category string is found case-insensitively at a word's
    start or end, so "Friars" and "Chapel" name Blackfriars and Whitechapel (Holy) and
    "Wood" names Northwood (Plant); Ealing Broadway's inner "road" is still no A to Z."""
    assert (category in name_categories(name)) is member
    assert (category in name_categories(name, NameMatching.WORD_EDGES)) is member


def test_1_17_6_every_string_of_the_rule_names_some_station(london: Network) -> None:
    """Rule 1.17.6 under the default reading: no listed string is left naming nothing."""
    from referee.network.categories import NAME_STRINGS, _contains

    for strings in NAME_STRINGS.values():
        for string in strings:
            assert any(_contains(name, string, NameMatching.WORD_EDGES) for name in london.facts
                       ), string  # fmt: skip


def test_1_17_6_the_ruleset_setting_picks_the_reading() -> None:
    """The setting name_matching: the default network makes Blackfriars Holy; literal not."""
    from referee.engine.ruleset import Ruleset

    assert Category.HOLY in Ruleset().network().station("Blackfriars").categories
    literal = Ruleset().with_settings(name_matching=NameMatching.LITERAL).network()
    assert Category.HOLY not in literal.station("Blackfriars").categories


def test_1_17_6_co_located_example_of_the_rule(london: Network) -> None:
    """The rule's own example: Bayswater is Co-Located, Turnham Green is not."""
    assert Category.CO_LOCATED in london.station("Bayswater").categories
    assert Category.CO_LOCATED not in london.station("Turnham Green").categories


@pytest.mark.parametrize(
    ("name", "terminates"),
    [("Brixton", {"VC"}), ("Camden Town", set()), ("Edgware Road", {"DS"}), ("Morden", {"NT"})],
)
def test_1_17_6_terminus(london: Network, name: str, terminates: set[str]) -> None:
    facts = london.station(name)
    assert {line.value for line in facts.terminates} == terminates
    assert (Category.TERMINUS in facts.categories) is bool(terminates)


def test_1_17_6_interchange_and_british_rail_come_from_the_map(london: Network) -> None:
    euston = london.station("Euston")
    assert Category.INTERCHANGE in euston.categories
    assert Category.BRITISH_RAIL in euston.categories
    assert london.station("Mornington Crescent").classification == ("Hors Classification",)


@pytest.mark.parametrize(
    ("name", "call"),
    [("Camden Town", 4), ("Baker Street", 10), ("Brixton", 1), ("Aldwych", 0)],
)
def test_1_17_10_call(london: Network, name: str, call: int) -> None:
    """The rule's examples, and a Ghost's Call of 0."""
    assert london.station(name).call == call


def test_1_17_8_current_of_mornington_crescent(london: Network) -> None:
    assert london.station("Mornington Crescent").current == 18


def test_1_11_6_a_ghost_is_on_no_line_zone_or_quadrant(london: Network) -> None:
    ghost = london.station("Hob's End")
    assert ghost.ghost and not ghost.lines and not ghost.zones and not ghost.quadrants
    assert ghost.current == 50
    assert ghost.to_json()["lines"] == ["GH"]


def test_split_station_sites(london: Network) -> None:
    """The Hammersmith & City's Hammersmith is not where the District stops."""
    assert london.site_lines("Hammersmith", LineCode.DS) == {LineCode.DS, LineCode.PD}
    assert london.site_lines("Hammersmith", LineCode.HC) == {LineCode.HC}


def test_lookup_forgives_and_suggests(london: Network) -> None:
    assert london.station("kings cross st pancras").name == "King's Cross St. Pancras"
    with pytest.raises(UnknownStationError) as caught:
        london.station("Mornington Cresent")
    assert caught.value.suggestions[0] == "Mornington Crescent"
    assert "did you mean" in str(caught.value)
