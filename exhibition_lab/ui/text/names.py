"""The names of the game's things in the reader's language: continents, vehicles, showcases,
spots, cards and their subjects, decades, seat kinds.

The engine keeps these names as English message ids (a continent's ``title``, a showcase's
``name``, :data:`~exhibition_lab.games.exhibition.rules.deal.VEHICLES`); every sentence of
the ui names them through this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...core.words import Phrase, WordTable
from ...games.exhibition.rules import scoring
from ...games.exhibition.rules.cards import CONTINENTS, Card, Continent
from ...games.exhibition.rules.deal import VEHICLES, YOU
from ...games.exhibition.rules.goals import DEPOT
from ...games.exhibition.rules.layout import Layout, ShowcaseKind
from ...games.exhibition.rules.layout import ordinal as english_ordinal
from .i18n import DEFAULT_LANGUAGE, N_, _, language, ngettext, pgettext, translate
from .numbers import number

#: What plays a seat, by the session's seat kind (the bots' keys).
SEAT_KINDS = {
    "human": N_("human"),
    "random": N_("random"),
    "greedy": N_("greedy"),
    "search": N_("search"),
    "heuristic": N_("heuristic"),
}

#: The two readings of the solo Mid Century (S6, D11), by :class:`SoloRules` name.
READINGS = {"harsh": N_("harsh"), "tiebreak": N_("tiebreak")}


def continent_name(continent: Continent) -> str:
    """``Oceania``, ``Oceanía``, ``オセアニア``."""
    return translate(continent.title)


def continents_list(continents: Iterable[Continent]) -> str:
    """Several continents in one phrase: ``Asia, Europe``."""
    return _(", ").join(continent_name(c) for c in continents)


def vehicle_name(seat: int) -> str:
    """The vehicle of a seat (R3): ``Zeppelin``, ``Zepelín``, ``ツェッペリン``."""
    return translate(VEHICLES[seat])


def vehicle_on(continent: Continent) -> str:
    """Where a vehicle stands, after its name on a small label: ``on Asia``."""
    return _("on {continent}").format(continent=continent_name(continent))


def you() -> str:
    """The default name of a lone person at the screen, in the reader's language (``You``):
    the apps say "you" to the player of that name."""
    return _(YOU)


def vehicle_of_player_on(seat: int, player: str, continent: Continent) -> str:
    """A vehicle label's hover: ``Ford of Ann, on Asia``; ``Your Zeppelin, on Asia`` for the
    person the apps call you (their default name, in English or the reader's language)."""
    if player in (YOU, you()):
        return _("Your {vehicle}, on {continent}").format(
            vehicle=vehicle_name(seat), continent=continent_name(continent)
        )
    return _("{vehicle} of {player}, on {continent}").format(
        vehicle=vehicle_name(seat), player=player, continent=continent_name(continent)
    )


def showcase_name(kind: ShowcaseKind) -> str:
    """A showcase's name: ``One Era``, ``Una Era``, ``ワン・エラ``."""
    return translate(kind.name)


def showcase_in_sentence(kind: ShowcaseKind) -> str:
    """A showcase's name inside a sentence, with what the language puts before it: ``Mid
    Century``, ``la vitrina General``, ``la Vitrina 1950`` ("la puso en la Vitrina 1950"). A name
    that already says *showcase* in the language (Vitrina 1950) takes only the article."""
    name = showcase_name(kind)
    if name.lower().startswith(pgettext("the word", "showcase").lower()):
        return pgettext("a showcase named with the word showcase, in a sentence", "{name}").format(name=name)
    return pgettext("showcase in a sentence", "{name}").format(name=name)


def depot_contents(tokens: str) -> str:
    """The hover of a Depot in a small hall: its cards by token (``Depot: 1904AF 1972SA``), or
    that it is empty (R25)."""
    depot = translate(DEPOT.label)
    if not tokens:
        return _("{depot}: empty").format(depot=depot)
    return _("{depot}: {cards}").format(depot=depot, cards=tokens)


def capital(text: str) -> str:
    """``text`` with its first letter capital, for a name that opens a sentence (``La Vitrina 1950 ya
    tiene…``)."""
    return text[:1].upper() + text[1:]


def ordinal(n: int) -> str:
    """A position a reader counts before the word *spot*: ``3rd``, ``3.er``, ``3番目``. Spanish
    shortens *primero* and *tercero* before a masculine noun (*1.er espacio*, *2.º espacio*),
    so the catalog writes those two apart."""
    if language() == DEFAULT_LANGUAGE:
        return english_ordinal(n)  # 1st, 2nd, 3rd, 4th: English's suffix depends on the number
    if n == 1:
        return pgettext("ordinal", "1st")
    if n == 3:
        return pgettext("ordinal", "3rd")
    return pgettext("ordinal", "{n}th", n=n)


def spot_name(layout: Layout, showcase: int, spot: int) -> str:
    """A spot as a reader finds it on the board: ``General, 3rd spot``; a showcase of one
    spot is named alone (``Mid Century``). Checks the spot as :meth:`Layout.spot_name` does."""
    layout.check_spot(showcase, spot)
    kind = layout[showcase]
    if kind.size == 1:
        return showcase_name(kind)
    return _("{showcase}, {ordinal} spot").format(showcase=showcase_name(kind), ordinal=ordinal(spot + 1))


def spot_in_sentence(layout: Layout, showcase: int, spot: int) -> str:
    """A spot inside a sentence: ``General, 3rd spot``, ``el 3.er espacio de General``; a showcase
    of one spot by its name in a sentence (``la Vitrina 1950``)."""
    layout.check_spot(showcase, spot)
    kind = layout[showcase]
    if kind.size == 1:
        return showcase_in_sentence(kind)
    return pgettext("in a sentence", "{showcase}, {ordinal} spot").format(
        showcase=showcase_name(kind), ordinal=ordinal(spot + 1)
    )


def _layout_spot_name(layout: Layout, showcase: int, spot: int) -> str | None:
    """:meth:`Layout.spot_name` in the reader's language; ``None`` leaves English to the engine,
    so code written once (a lesson's cell) names spots in every language."""
    return None if language() == DEFAULT_LANGUAGE else spot_name(layout, showcase, spot)


def _player_name(name: str) -> str:
    """An example game's player (Ron, Ann) under the name the reader's language gives them."""
    return translate(name)


def card_name(card: Card) -> str:
    """How a player calls a card: its year (``1953``), or ``Einstein``."""
    return _("Einstein") if card.year is None else str(card.year)


def card_title(card: Card) -> str:
    """A card's subject in the reader's language (English where the deck has no translation)."""
    return card.title_in(language())


def invented_subject() -> str:
    """What a made-up example card (not in the reference deck) shows where a subject would stand."""
    return _("made-up card, not in the deck")


def decade_name(decade: int) -> str:
    """``the 1940s``, ``la década de 1940``, ``1940年代``."""
    return _("the {decade}s").format(decade=decade)


def decades_list(decades: Iterable[int]) -> str:
    """Several decades in one phrase: ``1910s, 1920s``."""
    return _(", ").join(_("{decade}s").format(decade=d) for d in decades)


def seat_kind_name(kind: str) -> str:
    """What plays a seat, in a word: ``greedy``, ``codicioso``, ``グリーディ``."""
    return translate(SEAT_KINDS[kind]) if kind in SEAT_KINDS else kind


def seat_name_words() -> dict[str, str]:
    """The word a default player name gives each seat kind, in the reader's language
    (``Greedy 2``, ``Codicioso 2``): the bots are named as the charts and lessons name them."""
    return {
        "human": pgettext("seat name", "Human"),
        "random": pgettext("seat name", "Random"),
        "greedy": pgettext("seat name", "Greedy"),
        "search": pgettext("seat name", "Search"),
        "heuristic": pgettext("seat name", "Heuristic"),
    }


def reading_name(name: str) -> str:
    """A reading of the solo Mid Century (D11): ``harsh``, ``estricta``, ``厳格``."""
    return translate(READINGS[name]) if name in READINGS else name


#: The facts that are points, grouped like every score ("= −6,300 points", S6); years and
#: counts are written as they are.
POINT_FACTS = frozenset({"term", "base", "per_year"})


def fact_words(name: str, value: Any) -> str:
    """A fact of a :class:`~exhibition_lab.core.words.Phrase` in the reader's language:
    continents and decades by name, a chain of years as ``1972-1973``, card tokens as they
    are, a solo reading by name, numbers with the language's decimal symbol."""
    if isinstance(value, Phrase):
        return phrase_words(value)
    if name == "continents":
        return continents_list(value)
    if name == "decades":
        return decades_list(value)
    if name == "chain":
        return "-".join(str(year) for year in value)
    if name == "tokens":
        return " ".join(value)
    if name == "reading":
        return reading_name(value)
    if isinstance(value, float) or name in POINT_FACTS:
        return number(value, "g")
    return str(value)


def phrase_words(phrase: Phrase) -> str:
    """A sentence data carries (a score line's reason), in the reader's language; a count
    is said with its real plural ("1 empty spot", "5 empty spots")."""
    counted = _counted(phrase)
    return counted if counted is not None else phrase.say(fact_words, translate)


def _counted(phrase: Phrase) -> str | None:
    """A score line's reason the rules write with "(s)", said with the plural of its count
    (None for any other sentence)."""
    facts = dict(phrase.facts)
    said = {name: fact_words(name, value) for name, value in phrase.facts}
    message = phrase.message
    if message == scoring.SOME_DECADES:
        return ngettext(
            "{count} decade; missing the {decades}", "{count} decades; missing the {decades}", facts["count"], **said
        )
    if message == scoring.EMPTY:
        return ngettext("{count} empty spot", "{count} empty spots", facts["count"], **said)
    if message == scoring.DEPOT_CARDS:
        return ngettext("{count} Depot card", "{count} Depot cards", facts["count"], **said)
    if message == scoring.DEPOT_LISTED:
        return ngettext("{count} Depot card: {tokens}", "{count} Depot cards: {tokens}", facts["count"], **said)
    if message == scoring.MARKET:
        return ngettext(
            "{most} − {count} market card {where}", "{most} − {count} market cards {where}", facts["count"], **said
        )
    if message == scoring.MARKET_FLOOR:
        return ngettext(
            "{most} − {count} market card {where} (min 0)",
            "{most} − {count} market cards {where} (min 0)",
            facts["count"],
            **said,
        )
    if message == scoring.MID_DISTANCE:
        return ngettext(
            "{distance} year from {year}: {base} − {per_year}·{years} = {term} points ({reading} reading, D11)",
            "{distance} years from {year}: {base} − {per_year}·{years} = {term} points ({reading} reading, D11)",
            facts["distance"],
            **said,
        )
    return None


def white_card_hover(*, einstein: bool) -> str:
    """What a white card's hover says it does (R16–R17): wild when placed, never when scored."""
    if einstein:
        return _("white card: stands in for any year and continent when placed; no goal counts them (R17)")
    return _("white card: stands in for any continent when placed; scores its year only (R17)")


def placed_white_card_hover(kind: ShowcaseKind, continents: Sequence[Continent]) -> str:
    """What the placed 1945 card stands for in its showcase (R16), given the continents it may
    take there, and that no goal counts it as a continent (R17)."""
    names = continents_list(continents)
    if kind.same_continent and len(continents) == 1:
        here = _("Here it stands for {continent}, the continent of this showcase's cards (R13, R16).", continent=names)
    elif kind.same_continent:
        here = _("Here it stands for the continent of the cards that join it (R13, R16).")
    elif len(continents) == 1:
        here = _(
            "Here it stands for {continent}, the one continent no other card here shows (R12, R16).", continent=names
        )
    elif len(continents) == len(CONTINENTS):
        here = _("Here it stands for any continent (R16).")
    else:
        here = _(
            "Here it stands for one of: {continents} — a continent no other card here shows (R12, R16).",
            continents=names,
        )
    return here + "\n" + _("No goal counts it as a continent; it scores as the year 1945 (R17).")


def taken_mark() -> str:
    """Under a year, where a card was just taken from the Continents tile."""
    return _("taken")


def no_cards_mark() -> str:
    """A continent of the tile without cards, in a word."""
    return _("none")


def no_cards_left() -> str:
    """The hover of a continent without cards."""
    return _("no cards left")


#: What this module says of engine objects, handed to :func:`~exhibition_lab.core.words.use_words`
#: by the package's ``__init__`` (``str(obj)`` is ``"text"``).
WORDS: WordTable = {
    (Layout, "spot_name"): _layout_spot_name,
    (str, "player name"): _player_name,
    (Card, "subject"): card_title,
    (Continent, "label"): continent_name,
}
