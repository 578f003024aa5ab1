"""A card as a clickable button: the card face of :func:`exhibition_lab.ui.render.cards.card_face`
(continent colour, year, code, subject shortened with an ellipsis, full text on hover)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w

from ...games.exhibition.rules.cards import Card
from ..render.cards import card_face
from ..render.css import declared, style

#: An empty spot's button: the stylesheet's colours, which ipywidgets sets as properties
EMPTY_TEXT = declared(".exlab-empty", "color")
BACKGROUND = declared(".exlab-showcase", "background")

#: The status box's fixed height: four lines (the other players' turns, your last move).
STATUS_HEIGHT = 66

CSS = style("app")

HALL_CARD = {"width": "56px", "height": "80px"}
MARKET_CARD = {"width": "74px", "height": "72px"}
#: The characters of a subject a card shows before "…": what its lines hold in 11-px type
#: (longer subjects ran past the card's bottom edge, cut mid-line).
SUBJECT_LIMIT = {"hall": 17, "market": 30}


#: The longest word a card's subject line holds at its width (11-px type).
WORD_FITS = {"hall": 7, "market": 10}
SOFT_HYPHEN = "\u00ad"
VOWELS = set("aeiouyAEIOUYáéíóúüÁÉÍÓÚÜàèìòùâêîôûäëïö")  # a Spanish "á" is a vowel, not a consonant
DIGRAPHS = {"ch", "sh", "th", "ph", "wh", "gh", "ck"}  # one sound: never parted (Wash-ing-ton)
#: A consonant and then r or l open a syllable together in Spanish and English alike: the
#: word parts before the pair (Sudafri-cana, Sudá-frica, A-pril), never inside it (Sudaf-ricana).
ONSET_FIRST = set("bcdfgkptv")


def breakable(text: str, fits: int) -> str:
    """``text`` with a soft hyphen in each word longer than ``fits`` letters, so the browser
    may break it there (with a visible hyphen) instead of letting it run over the card:
    after a vowel followed by a consonant, as near the middle as possible."""

    def vowel(c: str) -> bool:
        return c in VOWELS

    def consonant(c: str) -> bool:
        return c.isalpha() and c not in VOWELS

    def inside_pair(word: str, k: int) -> bool:
        # a break before word[k] would part a consonant from the r or l it leads
        return word[k].lower() in "rl" and word[k - 1].lower() in ONSET_FIRST

    def split(word: str) -> str:
        if len(word) <= fits:
            return word
        # where syllables usually part: between two consonants (in-de-pen-dent), or
        # before a lone consonant (Sin-ga-pore)
        spots = [
            k
            for k in range(2, len(word) - 2)
            if consonant(word[k])
            and vowel(word[k + 1])
            and (vowel(word[k - 1]) or (consonant(word[k - 1]) and vowel(word[k - 2])))
            and word[k - 1 : k + 1].lower() not in DIGRAPHS
            and not inside_pair(word, k)
        ]
        # before a consonant and the r or l it leads: Suda-fricana, Re-pú-blica, cons-trucción
        spots += [
            k
            for k in range(2, len(word) - 3)
            if word[k].lower() in ONSET_FIRST
            and word[k + 1].lower() in "rl"
            and vowel(word[k + 2])
            and any(vowel(c) for c in word[:k])
        ]
        if not spots:  # a longer cluster: before its last consonant (Washing-ton)
            spots = [
                k
                for k in range(3, len(word) - 2)
                if (consonant(word[k]) and vowel(word[k + 1]) and word[k - 1 : k + 1].lower() not in DIGRAPHS)
                or (word[k : k + 2].lower() in DIGRAPHS and k + 2 < len(word) and vowel(word[k + 2]))
            ]
        if not spots:
            spots = [len(word) // 2]
        cut = min(spots, key=lambda k: abs(k - len(word) / 2))
        return split(word[:cut]) + SOFT_HYPHEN + split(word[cut:])

    return " ".join("-".join(split(part) for part in word.split("-")) for word in text.split(" "))


def card_button(*classes: str, size: dict[str, str] | None = None) -> w.Button:
    """An empty card-sized button carrying the given CSS classes."""
    button = w.Button(layout=w.Layout(**(size or HALL_CARD), margin="1px"))
    button.add_class("exlab-cardlike")
    for name in classes:
        button.add_class(name)
    return button


def paint_card(
    button: w.Button,
    card: Card,
    *,
    subject_limit: int = SUBJECT_LIMIT["hall"],
    wide: bool = False,
    where: str | None = None,
) -> None:
    """Show ``card`` on the button: the year in large type, the continent code and the
    subject below (a ``wide`` card has room for the code beside the year). ``where`` is the
    hover's continent line when the hall gives one (what a placed white card stands for)."""
    face = card_face(card, where=where)
    year_line, _, rest = face.button_text(subject_limit, wide=wide).partition("\n")
    # a long word ("independent") was wider than a hall card and ran over its edge
    button.description = f"{year_line}\n{breakable(rest, WORD_FITS['market' if wide else 'hall'])}"
    button.tooltip = face.tooltip
    button.style.button_color = face.background
    button.style.text_color = face.text
    set_class(button, "exlab-empty-spot", False)
    set_class(button, "exlab-white", card.is_white)


#: What an empty place shows when it has no label: a no-break space, never "" — the browser's
#: button keeps its old text when its description becomes empty, so a card taken back by Undo
#: stayed drawn, faded, in the Depot spot it had left.
BLANK = "\u00a0"


def paint_empty(button: w.Button, label: str = BLANK, tooltip: str = "empty spot") -> None:
    button.description = label or BLANK
    button.tooltip = tooltip
    button.style.button_color = BACKGROUND
    button.style.text_color = EMPTY_TEXT
    set_class(button, "exlab-empty-spot", True)
    set_class(button, "exlab-white", False)


def set_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    """Add or remove one CSS class (ipywidgets touches the widget only when it changes)."""
    if on:
        widget.add_class(name)
    else:
        widget.remove_class(name)


def find_widgets(root: w.Widget, css_class: str) -> list[w.Widget]:
    """Every widget under ``root`` (itself included) carrying ``css_class``, in tree order."""
    return [widget for widget in tree_widgets(root) if css_class in getattr(widget, "_dom_classes", ())]


def tree_widgets(root: w.Widget) -> Iterator[w.Widget]:
    """``root`` and every widget under it, in tree order."""
    yield root
    for child in getattr(root, "children", ()):
        yield from tree_widgets(child)
