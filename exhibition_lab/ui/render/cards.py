"""The one card face: every card the package draws, in a notebook or the play app.

:func:`card_face` says what a card shows — its continent's colour (white cards white with a
grey rim), text in black or white for contrast (WCAG AA), the year line, the subject and the
full text on hover. :func:`card_html` draws that face as HTML for halls, tiles and mini halls;
the play app paints the same :class:`CardFace` on its buttons. No widget imports.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from ...games.exhibition.rules.cards import Card, Continent, standard_deck
from ..text.names import card_title, continent_name, invented_subject, white_card_hover
from .css import style

WHITE_CARD_COLOR = "#f5f5f5"
DARK_TEXT = "#111111"
LIGHT_TEXT = "#ffffff"
WHITE_CARD_BORDER = "#757575"
AA_NORMAL_TEXT = 4.5  # WCAG 2.x level AA for normal-size text


def relative_luminance(color: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour (0 black … 1 white)."""
    channels = [int(color.lstrip("#")[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours, 1 … 21."""
    light, dark = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_color_on(background: str) -> str:
    """Black or white text, whichever reads better on ``background`` (WCAG contrast)."""
    return max((DARK_TEXT, LIGHT_TEXT), key=lambda text: contrast_ratio(text, background))


@dataclass(frozen=True, slots=True)
class CardFace:
    """Everything a card shows, shared by the notebook HTML and the play app's buttons:
    colours chosen for contrast, the year line, the subject and the full text for hovering."""

    background: str
    text: str
    border: str
    year: str
    code: str
    subject: str
    tooltip: str
    invented: bool = False  # a card made up for an example: the deck has one card per year

    def short_subject(self, limit: int) -> str:
        """The subject cut at a word boundary to ``limit`` characters, with an ellipsis."""
        return shorten(self.subject, limit)

    def button_text(self, subject_limit: int, *, wide: bool = False) -> str:
        """The face as plain text, for a card drawn as a button (the play app): the year on
        the first line, then the continent code and the shortened subject; a ``wide`` card
        has room for the code beside the year."""
        subject = self.short_subject(subject_limit)
        if wide:
            return f"{self.year}  {self.code}\n{subject}"
        return f"{self.year}\n{self.code + ' · ' if self.code else ''}{subject}"


def text_width(text: str) -> int:
    """How many Latin letters of room ``text`` takes: a Japanese character (East Asian wide
    or full-width) is as wide as two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def shorten(text: str, limit: int) -> str:
    """``text`` if it fits the room of ``limit`` Latin letters, else cut at a word and ended
    with ``…``."""
    if text_width(text) <= limit:
        return text
    cut, room = "", max(limit - 1, 1)
    for ch in text:
        room -= text_width(ch)
        if room < 0:
            break
        cut += ch
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,:;·-") + "…"


def card_face(card: Card, *, where: str | None = None) -> CardFace:
    """The face of ``card``: its continent colour (white cards white with a grey rim), text in
    black or white for WCAG AA contrast, ``1953`` / ``EIN``, the continent code, the subject.
    ``where`` replaces the hover's continent line (a placed white card says what it stands for)."""
    background = card.continent.color if card.continent else WHITE_CARD_COLOR
    border = WHITE_CARD_BORDER if card.is_white else "rgba(0,0,0,.35)"
    code = card.continent.code if card.continent else ("" if card.is_einstein else "W")
    year = "EIN" if card.year is None else str(card.year)
    invented = is_invented(card)
    subject = card_title(card) or ("Albert Einstein" if card.is_einstein else card.token)  # in the reader's language
    if invented:
        subject = invented_subject()
    # R16–R17: wild when placed, never when scored; the hover says which, as players read it both ways
    if where is None:
        where = continent_name(card.continent) if card.continent else white_card_hover(einstein=card.is_einstein)
    tooltip = f"{year} · {where}\n{subject}"
    return CardFace(background, text_color_on(background), border, year, code, subject, tooltip, invented)


def is_invented(card: Card) -> bool:
    """Whether ``card`` is made up: a coloured card without a subject that the reference deck
    does not hold (examples show rules with any year and continent; the deck has one card a year)."""
    if card.title or card.is_white:
        return False
    return card.token not in _reference_tokens()


@lru_cache(maxsize=1)
def _reference_tokens() -> frozenset[str]:
    return frozenset(deck_card.token for deck_card in standard_deck())


def continent_text_color(continent: Continent) -> str:
    """Text colour for labels on a continent's colour (WCAG AA)."""
    return text_color_on(continent.color)


def card_html(card: Card, *, extra_class: str = "", mini: bool = False, subject_limit: int = 48) -> str:
    """One card face (:func:`card_face`): year and continent code on the continent's colour,
    the subject below (shortened with an ellipsis; the full text on hover). ``mini`` shows
    the year alone, for compact halls."""
    face = card_face(card)
    kind = "exlab-white" if card.is_white else f"exlab-continent-{face.code}"
    if face.invented:
        kind += " exlab-invented"
    colours = f"background:{face.background};color:{face.text};border-color:{face.border}"
    tooltip = escape(face.tooltip)
    if mini:
        css = f"exlab-card exlab-mini {kind} {extra_class}"
        return f'<div class="{css}" style="{colours}" title="{tooltip}">{face.year}</div>'
    return (
        f'<div class="exlab-card {kind} {extra_class}" style="{colours}" title="{tooltip}">'
        f'<div class="exlab-card-head"><span class="exlab-card-year">{face.year}</span>'
        f'<span class="exlab-card-code">{escape(face.code)}</span></div>'
        f'<div class="exlab-card-title">{escape(face.short_subject(subject_limit))}</div></div>'
    )


def empty_spot_html(*, mini: bool = False) -> str:
    """An empty spot of a hall or the Depot, card-sized (``mini``: year-card-sized)."""
    return f'<div class="exlab-empty{" exlab-mini" if mini else ""}">{"" if mini else "·"}</div>'


def card_picture_html(card: Card) -> str:
    """A card on its own, as a notebook shows a bare :class:`Card`: its face in the board's style."""
    return f'{style("board")}<div class="exlab-board">{card_html(card)}</div>'
