"""The pages in a real browser: Debian's headless Chromium, driven by selenium.

Served by uvicorn on loopback from the scripted games' database (SQLite and PostgreSQL), every
page is loaded: it must log no console error, each Piece in the list beside the map must be
drawn at its Station (found by element ids), every link must lead to a page, and screenshots
are saved under the test's temporary folder for a person to look at (desktop and phone width).
Chromium is part of the test: without it the test fails and says how to install it.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urldefrag, urljoin

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from referee.web.app import make_app
from referee.web.mapsvg import piece_id, station_id
from referee.web.server import WebServer
from referee.web.site import Site
from tests.conftest import free_port
from tests.web.games import FIRST_MOVES, Scripted

pytestmark = pytest.mark.chromium

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@contextmanager
def serving(site: Site) -> Iterator[str]:
    """The site on a free loopback port, as ``referee serve --web`` runs it."""
    server = WebServer(make_app(site), "127.0.0.1", free_port())
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@contextmanager
def chromium() -> Iterator[WebDriver]:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(
            f"Chromium is needed to check the pages in a browser, and {', '.join(missing)} is "
            "missing: install Debian's chromium and chromium-driver (scripts/test does, as root)"
        )
    options = Options()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()


def _errors(driver: WebDriver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status)
    except HTTPError as error:
        return error.code


def _check_pieces(driver: WebDriver, page: str) -> int:
    """Each Piece the text list names is drawn at the Station the list gives (by ids)."""
    checked = 0
    for item in driver.find_elements(By.CSS_SELECTOR, "#positions li[data-piece]"):
        ident = item.get_attribute("data-piece") or ""
        where = item.text.split(": ", 1)[1]
        station = where.rsplit(" (", 1)[0] if where.endswith(")") else where
        piece = driver.find_element(By.ID, ident)
        assert piece.get_attribute("data-station") == station, (page, ident)
        assert piece.get_attribute("data-station-id") == station_id(station)
        node = driver.find_element(By.ID, station_id(station)).find_element(By.TAG_NAME, "circle")
        tether = piece.find_element(By.TAG_NAME, "line")
        assert (tether.get_attribute("x2"), tether.get_attribute("y2")) == (
            node.get_attribute("cx"),
            node.get_attribute("cy"),
        ), (page, ident)
        assert piece.is_displayed() and node.is_displayed()
        checked += 1
    return checked


def test_every_page_in_chromium(scripted: Scripted, tmp_path: Path) -> None:
    site = Site(scripted.factory)
    paths = site.paths()
    with serving(site) as base, chromium() as driver:
        links: set[str] = set()
        pieces = 0
        for path in paths:
            if not path.endswith(".html"):
                continue
            driver.get(base + path)
            assert driver.title, path
            assert _errors(driver) == [], path
            pieces += _check_pieces(driver, path)
            for anchor in driver.find_elements(By.CSS_SELECTOR, "a[href], link[href]"):
                href = anchor.get_attribute("href") or ""
                if href.startswith(base):
                    links.add(urldefrag(href)[0])
        assert pieces > 50
        for link in sorted(links):
            assert _status(link) == 200, link
        assert _status(urljoin(base, "games/99.html")) == 404

        expected = {
            "games/2.html": {
                **{
                    name: move.split(" (")[0]
                    for name, move in zip(scripted.running_order, FIRST_MOVES, strict=True)
                },
                "Drone": "Mornington Crescent",
            },
            "games/1.html": {scripted.winner: "Mornington Crescent"},
        }
        for page, stations in expected.items():
            driver.get(base + page)
            for name, station in stations.items():
                piece = driver.find_element(By.ID, piece_id(name))
                assert piece.get_attribute("data-station") == station, (page, name)
                assert piece.get_attribute("data-station-id") == station_id(station)

        driver.get(base)
        driver.find_element(By.LINK_TEXT, "MC 2").click()
        assert driver.current_url == base + "games/2.html"
        driver.find_element(By.LINK_TEXT, "Turn 1").click()
        assert driver.find_element(By.ID, "play").text.endswith("Euston (VC)")
        driver.save_screenshot(str(tmp_path / "mc2-turn-1.png"))

        driver.get(base + "games/1/turn-10.html")
        driver.save_screenshot(str(tmp_path / "mc1-turn-10-desktop.png"))
        driver.set_window_size(390, 844)
        driver.get(base + "games/2.html")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert overflow <= 0, "the page is wider than a phone"
        width = driver.execute_script(
            "return document.querySelector('svg.map').getBoundingClientRect().width"
        )
        assert 0 < width <= 390
        driver.execute_script("document.querySelector('svg.map').scrollIntoView()")
        driver.save_screenshot(str(tmp_path / "mc2-phone.png"))
    for shot in ("mc2-turn-1.png", "mc1-turn-10-desktop.png", "mc2-phone.png"):
        assert (tmp_path / shot).stat().st_size > 10_000, shot
