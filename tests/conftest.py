"""Shared helpers: build cards, halls and hand-made deals in notation."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from tests.helpers.layouts import RON

#: Ron's hall halfway through his game: the course's and the exercises' board.
MID_GAME = "1904AF . 1945W 1958SA . . / 1918NA 1927OC . . / . / 1973OC . . / 1903NA ."


# A hand-made deck for scenario tests that name the market cards one by one: the reference
# deck's subjects (and which continent a year belongs to) are teaching content that changes,
# so tests that build deals by token use this fixed deck instead (one card per year, 1945W
# and Einstein white, 16–17 cards per continent, like any valid deck, R2).
HAND_DECK_TOKENS = (
    "1900AS 1901OC 1902AF 1903NA 1904AF 1905EU 1906NA 1907OC 1908AS 1909SA "
    "1910AF 1911SA 1912AS 1913OC 1914EU 1915NA 1916EU 1917EU 1918NA 1919AS "
    "1920OC 1921NA 1922AF 1923AS 1924NA 1925AF 1926EU 1927OC 1928EU 1929NA "
    "1930SA 1931SA 1932OC 1933EU 1934EU 1935AF 1936EU 1937AS 1938SA 1939EU "
    "1940NA 1941NA 1942OC 1943AF 1944EU 1945W 1946SA 1947AS 1948AF 1949AS "
    "1950SA 1951NA 1952AF 1953AS 1954AF 1955NA 1956OC 1957AF 1958SA 1959NA "
    "1960SA 1961EU 1962OC 1963NA 1964AS 1965AS 1966EU 1967AF 1968NA 1969NA "
    "1970SA 1971AS 1972SA 1973OC 1974OC 1975OC 1976AF 1977SA 1978SA 1979AS "
    "1980AF 1981NA 1982SA 1983OC 1984AS 1985OC 1986EU 1987AF 1988OC 1989EU "
    "1990AF 1991EU 1992SA 1993SA 1994AF 1995AS 1996AS 1997AS 1998EU 1999OC EIN"
)


def hand_deck() -> tuple[xl.Card, ...]:
    """The fixed test deck above, with the token as each card's title."""
    cards = []
    for token in HAND_DECK_TOKENS.split():
        parsed = xl.Card.parse(token)
        cards.append(xl.Card(parsed.year, parsed.continent, f"test card {token}"))
    return tuple(sorted(cards, key=lambda c: c.sort_key))


HAND_DECK = hand_deck()


def card(token: str) -> xl.Card:
    return xl.Card.parse(token)


def hall(text: str, **kwargs) -> xl.Hall:
    return xl.Hall.parse(text, **kwargs)


def make_deal(market: list[str], stock_top: list[str] = (), *, deck=None, decades=None) -> xl.Deal:
    """A deal with the given 18 market tokens (3 per continent in tile order), the given
    cards on top of the stock and every other deck card below them in deck order.

    The deck defaults to :data:`HAND_DECK`; a game built on this deal needs ``deck=`` too."""
    deck = deck or HAND_DECK
    by_token = {c.token: c for c in deck}
    chosen = [by_token[t] for t in market]
    groups = tuple(tuple(sorted(chosen[k : k + 3], key=lambda c: c.sort_key)) for k in range(0, 18, 3))
    top = [by_token[t] for t in stock_top]
    rest = [c for c in deck if c not in chosen and c not in top]
    return xl.Deal(groups, tuple(top + rest), decades)


def play_randomly(game: xl.Game, rng: np.random.Generator, max_steps: int = 10_000) -> xl.Game:
    for _ in range(max_steps):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[rng.integers(len(actions))])
    return game


@pytest.fixture(autouse=True)
def _language_of_the_environment():
    """Each test starts and ends in the language of the environment (English for the test
    run, see the root conftest): a test that speaks Spanish or Japanese leaves nothing behind."""
    xl.set_language(None)
    yield
    xl.set_language(None)


@pytest.fixture
def speak():
    """``speak("es")``: this test speaks that language (English again after it)."""
    return xl.set_language


@pytest.fixture
def ron() -> xl.Hall:
    return hall(RON)
