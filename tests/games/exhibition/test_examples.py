"""The shipped example boards (seeds/examples/*.json) use cards of the reference deck (R2, D2).

The notebooks draw these boards with each card's subject; a card that is not in the deck has no
subject and shows as a bare code. When the deck changes (a year moves to another continent),
the examples must follow — this test says which card of which board is left behind.
"""

from __future__ import annotations

import pytest

import exhibition_lab as xl


def off_deck_cards(hall: xl.Hall, deck: tuple[xl.Card, ...]) -> list[str]:
    """Tokens of the hall's and Depot's cards that the deck does not hold (year AND continent)."""
    in_deck = set(deck)  # Card equality is year and continent, never the title
    return [card.token for card in hall.cards() if card not in in_deck]


def test_off_deck_check_names_a_card_whose_year_is_in_the_deck_on_another_continent():
    deck = xl.standard_deck()
    card, later = [c for c in deck if c.continent is not None][:2]
    other = next(c for c in xl.CONTINENTS if c != later.continent)
    moved = f"{later.year}{other.code}"  # the deck's year, on a continent the deck does not give it
    hall = xl.Hall.parse(f"{card.token} . . . . . / . . . . / . / . . . / . . | {moved}")
    assert off_deck_cards(hall, deck) == [moved]


@pytest.mark.parametrize("key", xl.example_names())
def test_every_card_of_a_shipped_example_is_a_card_of_the_standard_deck(key):
    # Ron's board (R27) is the rulebook's; the deck was chosen to hold every one of its cards,
    # so it needs no exception and is checked like the others.
    deck = xl.standard_deck()
    example = xl.load_example(key)
    for name, hall in example.halls.items():
        assert off_deck_cards(hall, deck) == [], f"{key}: {name}'s hall {hall}"


@pytest.mark.parametrize("key", xl.example_names())
def test_every_card_of_a_shipped_example_shows_its_subject(key):
    titles = {card: card.title for card in xl.standard_deck()}
    for hall in xl.load_example(key).halls.values():
        for card in hall.cards():
            assert card.title and card.title == titles[card], card.token
