"""What the start panel says: each seat kind, each variation showcase, the Secret Decade
and the seed, in words a new player reads."""

from __future__ import annotations

from ...core.seeding import MAX_SEED
from ...games.exhibition.rules.goals import SECRET_DECADE
from ...games.exhibition.rules.layout import SHOWCASES, VARIATIONS, ShowcaseKind
from ...games.exhibition.session import HUMAN
from .i18n import DEFAULT_LANGUAGE, N_, _, language
from .names import showcase_name

#: Each seat kind in a few words, weakest bot first: short enough for the start panel's
#: dropdown (the whole sentence is :data:`SEAT_DETAILS`, shown on hover).
SEAT_LABELS = {
    HUMAN: N_("Human (at this screen)"),
    "random": N_("Random bot · beginner"),
    "greedy": N_("Greedy bot · casual"),
    "search": N_("Search bot · strong"),
}

#: Each seat kind in a sentence, for the hover text of the start panel's dropdown.
SEAT_DETAILS = {
    HUMAN: N_("Human: a person who plays at this screen (several humans take turns: hot-seat)"),
    "random": N_("Random bot — beginner: plays any legal move"),
    "greedy": N_("Greedy bot — casual: takes the best points right now"),
    "search": N_("Search bot — strong: plays the game out in its head before it moves"),
}


def seat_label(kind: str) -> str:
    """A seat kind in a few words (the dropdown's option)."""
    return _(SEAT_LABELS[kind])


def seat_detail(kind: str) -> str:
    """A seat kind in a sentence (the dropdown's hover)."""
    return _(SEAT_DETAILS[kind])


def variation_line(key: str) -> str:
    """What a variation showcase changes for the player, in one line: its record's line
    (V2–V6a), quoting the record's numbers."""
    kind = VARIATIONS.get(key)
    if kind is None or kind.line is None:
        return ""
    return _(kind.line).format(**kind.numbers)


def variation_gloss(key: str) -> str:
    """What a variation showcase's name means, in the reader's own words, where the name is a
    loanword (Japanese writes スプレッド・ザ・イヤーズ, glossed 年代を離す); ``""`` where the name
    already says it (English; Spanish, whose names are its own words: *Años Espaciados*)."""
    kind = VARIATIONS[key]
    if kind.gloss is None or language() == DEFAULT_LANGUAGE:
        return ""
    gloss = _(kind.gloss)
    return "" if gloss in (showcase_name(kind), _(kind.name)) else gloss


def _base(key: str) -> ShowcaseKind:
    """The base showcase a variation lies over."""
    covers = VARIATIONS[key].covers
    assert covers is not None  # every variation lies over one base showcase (V1)
    return SHOWCASES[covers]


def variation_hover(key: str) -> str:
    """A variation showcase's title on hover: its rule in words and what it lies over."""
    kind = VARIATIONS[key]
    return _(
        "{name} (rule {rule} of the rules reference): {line}. A variation over {base}; no white cards here (V1)."
    ).format(name=showcase_name(kind), rule=kind.rule, line=variation_line(key), base=showcase_name(_base(kind.key)))


def variation_over(key: str) -> str:
    """``(over General)``: the showcase a variation lies over."""
    return _("(over {base})").format(base=showcase_name(_base(key)))


def variation_blocked(key: str, blocked_by: str) -> str:
    """Why a variation's box is off while its rival over the same showcase is ticked (D9)."""
    return _("Off while {other} is ticked: both lie over {base}, and a showcase takes one variation at a time.").format(
        other=showcase_name(VARIATIONS[blocked_by]), base=showcase_name(_base(key))
    )


def variations_clash(first: str, second: str) -> str:
    """The refusal of two variations over one showcase (D9)."""
    return _("{first} and {second} both lie over {base}: choose one of them (one variation per showcase, D9)").format(
        first=showcase_name(VARIATIONS[first]),
        second=showcase_name(VARIATIONS[second]),
        base=showcase_name(_base(second)),
    )


def unknown_variation(key: str, known: list[str]) -> str:
    return _("unknown variation {key!r}; known: {known}").format(key=key, known=", ".join(known))


#: The most of a typed seed a message repeats: a pasted page of digits stays one line.
SEED_SHOWN = 24


def _shown(typed: str) -> str:
    return typed if len(typed) <= SEED_SHOWN else typed[:SEED_SHOWN] + "…"


def bad_seed(typed: str) -> str:
    return _("the seed is a whole number such as 4711, not {typed!r}; empty deals new cards").format(
        typed=_shown(typed)
    )


def seed_out_of_range(typed: str) -> str:
    return _("the seed is a whole number from 0 to {top}, not {typed}; empty deals new cards").format(
        top=MAX_SEED - 1, typed=_shown(typed)
    )


PANEL = {
    "title": N_("New game"),
    "players": N_("Players"),
    "seat": N_("Seat {n}"),
    "name": N_("name (optional)"),
    "variations": N_("Variation showcases"),
    "at_most_one": N_("(at most one over each showcase)"),
    "secret": SECRET_DECADE.label,
    "secret_line": N_("each player gets a hidden decade: +1 per hall card of it"),
    "seed": N_("Seed"),
    "new_cards": N_("new cards"),
    "keep_seed": N_("Keep this seed"),
    "keep_seed_hover": N_("Deal the same cards again: tick to keep the game's seed; untick for new cards"),
    "start": N_("Start game"),
    "cancel": N_("Cancel"),
    # the bots seated before the first person play their first turns before the board is shown
    "dealing": N_("The bots play their first turns…"),
    "start_cancelled": N_("Not started: the game on the board goes on."),
    # said only where there are several seats (a solo game has no one to hand over to)
    "hot_seat": N_("Several human seats play hot-seat: the board shows the hall of whoever is to move."),
    "names_seed": N_(
        "If you leave a name empty, the one shown in grey is used. An empty Seed deals new cards; a seed in it "
        "deals the same cards each time."
    ),
}


def panel(key: str) -> str:
    """A label of the start panel by key (see :data:`PANEL`)."""
    return _(PANEL[key])
