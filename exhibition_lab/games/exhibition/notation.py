"""The position notation: the whole visible state of a game as a small block of text.

The hall notation of RULES.md is to one hall what this is to a game, as FEN is to a chess
position. Each line is ``key: value``; seats count from 1 in the text::

    seat 1: Ann
    seat 2: Bob
    layout: base
    tile: OC 1950OC / SA - / AF 1904AF 1952AF / AS 1930AS / EU - / NA 1961NA 1977NA 1990NA
    vehicles: OC NA
    stock: 72
    discard: -
    round: 3
    turn: 6
    to move: seat 2
    phase: place
    hand: 1969NA from NA
    final: no no
    six continents: - 5
    secret decades: -
    hall 1: 1904AF . . . . . / . . . . / . / . . . / . . | 1996AS
    hall 2: . . . . . . / . . . . / . / . . . / . .

``tile`` lists the open cards at each continent in tile order (``-`` for none); ``vehicles``,
``final``, ``six continents`` (the round a seat first had all six continents, R19) and
``secret decades`` (V7; ``?`` for one not known, ``-`` without the variant) go seat by seat.
``hand`` is the card taken this turn and the continent it came from (R9), ``-`` in the take
phase. ``layout`` is ``base``, ``base + links short_era`` (variations over the base order) or
the showcase keys in order. Lines starting with ``#`` are comments. Lines may come in any
order; ``stock`` (default: every deck card not in sight), ``discard``, ``round``, ``turn``,
``final``, ``six continents``, ``secret decades`` and ``hand`` may be left out. The stock's
order is never written: it is hidden information, and :meth:`Game.from_position
<exhibition_lab.games.exhibition.game.Game.from_position>` shuffles it from a seed.

Every problem raises :class:`~exhibition_lab.core.errors.NotationError` naming the line and the
token (and ``.rule`` when a rule is broken), and nothing is built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import ExhibitionLabError, NotationError
from .rules.cards import CONTINENTS, Card, Continent
from .rules.deal import DECADES, MARKET_SIZE, MAX_PLAYERS
from .rules.hall import Hall
from .rules.layout import VARIATIONS, Layout
from .rules.turns import Phase, Setup, State

MAX_POSITION_CHARS = 20_000
_REQUIRED = ("layout", "tile", "vehicles", "to move", "phase")
_OPTIONAL = ("stock", "discard", "round", "turn", "hand", "final", "six continents", "secret decades")
_SEAT_KEY = re.compile(r"^(seat|hall) (\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Position:
    """A parsed position: the set-up, the state without its hidden stock order, how many
    cards the stock holds (``None``: whatever the deck leaves) and the Secret Decades
    (``None`` without V7; ``None`` entries for decades not known)."""

    setup: Setup
    state: State
    stock_size: int | None
    secret_decades: tuple[int | None, ...] | None

    def visible_cards(self) -> list[Card]:
        """Every card in sight: tile, halls, Depots, discard pile and hand."""
        return [card for _, cards in _card_places(self.state) for card in cards]


# ---------------------------------------------------------------------- writing
def write_position(setup: Setup, state: State, secret_decades: Sequence[int | None] | None = None) -> str:
    """The position of ``state`` in the notation above (every line, in the canonical order)."""
    for name in setup.players:
        if "\n" in name or "\r" in name or name != name.strip():
            raise NotationError(
                f"player name {name!r} cannot be written in a position (no line breaks or outer spaces)", token=name
            )
    n = setup.n_players
    lines = [f"seat {k + 1}: {name}" for k, name in enumerate(setup.players)]
    lines += [
        f"layout: {_layout_text(setup.layout)}",
        "tile: " + " / ".join(f"{c.code} {_cards_text(cards)}" for c, cards in zip(CONTINENTS, state.market)),
        "vehicles: " + " ".join(v.code for v in state.vehicles),
        f"stock: {len(state.stock)}",
        f"discard: {_cards_text(state.discard)}",
        f"round: {state.round}",
        f"turn: {state.turn}",
        f"to move: seat {state.seat + 1}",
        f"phase: {state.phase.value}",
        f"hand: {'-' if state.hand is None else f'{state.hand.token} from {state.taken_at.code}'}",
        "final: " + " ".join("yes" if f else "no" for f in state.final),
        "six continents: " + " ".join("-" if r is None else str(r) for r in state.six_round),
        "secret decades: "
        + ("-" if secret_decades is None else " ".join("?" if d is None else str(d) for d in secret_decades)),
    ]
    lines += [f"hall {k + 1}: {state.halls[k]}" for k in range(n)]
    return "\n".join(lines)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.token for c in cards) if cards else "-"


def _layout_text(layout: Layout) -> str:
    if layout == Layout.base():
        return "base"
    if layout == Layout.base().with_variations(*layout.variations):
        return "base + " + " ".join(layout.variations)
    return " ".join(layout.keys)


# ---------------------------------------------------------------------- reading
def parse_position(text: str) -> Position:
    """Read a position written by :func:`write_position` (or by hand).

    >>> text = '''seat 1: Ann
    ... layout: base
    ... tile: OC - / SA 1972SA / AF 1904AF / AS - / EU 1966EU / NA -
    ... vehicles: OC
    ... to move: seat 1
    ... phase: take
    ... hall 1: . . . . . . / . . . . / . / . . . / . .'''
    >>> position = parse_position(text)
    >>> position.setup.players, [str(c) for c in position.state.market[2]]
    (('Ann',), ['1904AF'])
    >>> parse_position(text.replace("OC\\n", "XX\\n"))
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.NotationError: line 4 ('vehicles'): 'XX' is not a continent code;
    codes: OC SA AF AS EU NA
    """
    fields = _read_lines(text)
    players = _read_players(fields)
    n = len(players)
    layout = _read_layout(fields["layout"])
    setup = Setup(players, layout)
    market = _read_tile(fields["tile"])
    vehicles = tuple(_read_continent(fields["vehicles"], tok) for tok in _seat_tokens(fields["vehicles"], n))
    seat = _read_seat_to_move(fields["to move"], n)
    phase = _read_phase(fields["phase"])
    hand, taken_at = _read_hand(fields.get("hand"), phase)
    final = _read_final(fields.get("final"), n)
    six_round = _read_six_rounds(fields.get("six continents"), n)
    decades = _read_decades(fields.get("secret decades"), n)
    halls = _read_halls(fields, layout, n)
    state = State(
        stock=(),
        market=market,
        vehicles=vehicles,
        halls=halls,
        final=final,
        discard=_read_cards(fields["discard"]) if "discard" in fields else (),
        six_round=six_round,
        seat=seat,
        phase=phase,
        hand=hand,
        taken_at=taken_at,
        round=_read_count(fields["round"], least=1) if "round" in fields else 1,
        turn=_read_count(fields["turn"], least=1) if "turn" in fields else 1,
    )
    stock_size = _read_count(fields["stock"], least=0) if "stock" in fields else None
    position = Position(setup, state, stock_size, decades)
    _check_consistency(position, fields)
    return position


@dataclass(frozen=True, slots=True)
class _Field:
    """One line's value with where it came from, so errors can point at it."""

    key: str
    value: str
    line: int

    def error(self, message: str, token: str, rule: str | None = None) -> NotationError:
        return NotationError(f"line {self.line} ({self.key!r}): {message}", token=token, rule=rule)


def _read_lines(text: str) -> dict[str, _Field]:
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}", token=repr(text)[:40])
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(f"a position has at most {MAX_POSITION_CHARS} characters", token=text[:40])
    fields: dict[str, _Field] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue  # blank lines and comment lines help hand-written positions
        key, colon, value = raw.partition(":")
        key = " ".join(key.split()).lower()
        if not colon:
            raise NotationError(f"line {number}: expected 'key: value', found {raw.strip()!r}", token=raw.strip())
        if key not in _REQUIRED + _OPTIONAL and not _SEAT_KEY.match(key):
            known = ", ".join(_REQUIRED + _OPTIONAL + ("seat N", "hall N"))
            raise NotationError(f"line {number}: unknown key {key!r}; keys are {known}", token=key)
        if key in fields:
            raise NotationError(f"line {number}: {key!r} is given twice (first on line {fields[key].line})", token=key)
        # a seat's name is kept as written; every other value is read word by word
        fields[key] = _Field(key, value.strip() if key.startswith("seat ") else " ".join(value.split()), number)
    missing = [k for k in _REQUIRED if k not in fields]
    if missing:
        raise NotationError(f"the position lacks the line {missing[0]!r}", token=missing[0])
    return fields


def _read_players(fields: dict[str, _Field]) -> tuple[str, ...]:
    seats = sorted(int(_SEAT_KEY.match(k).group(2)) for k in fields if k.startswith("seat "))
    if not 1 <= len(seats) <= MAX_PLAYERS or seats != list(range(1, len(seats) + 1)):
        numbers = " ".join(str(s) for s in seats) or "none"
        raise NotationError(
            f"a position names seats 1 to N, N = 1–{MAX_PLAYERS} (R4); found seats {numbers}", token="seat", rule="R4"
        )
    names = tuple(fields[f"seat {k}"].value for k in seats)
    for k, name in enumerate(names, start=1):
        if not name or len(name) > 40:
            raise fields[f"seat {k}"].error("a player name is 1–40 characters", token=name)
    if len(set(names)) != len(names):
        raise NotationError(f"player names must differ: {', '.join(names)}", token=names[0])
    return names


def _read_layout(f: _Field) -> Layout:
    words = f.value.replace("+", " + ").split()
    try:
        if words == ["base"]:
            return Layout.base()
        if words[:2] == ["base", "+"]:
            unknown = [w for w in words[2:] if w not in VARIATIONS]
            if unknown:
                raise f.error(f"unknown variation {unknown[0]!r}; known: {', '.join(VARIATIONS)}", token=unknown[0])
            return Layout.base().with_variations(*words[2:])
        return Layout.from_keys(words)
    except NotationError:
        raise
    except ExhibitionLabError as exc:
        raise f.error(str(exc), token=f.value, rule=exc.rule) from None


def _read_tile(f: _Field) -> tuple[tuple[Card, ...], ...]:
    groups = [g.split() for g in f.value.split("/")]
    if len(groups) != len(CONTINENTS):
        raise f.error(f"the tile has {len(CONTINENTS)} continents separated by '/', found {len(groups)}", f.value)
    market = []
    for expected, words in zip(CONTINENTS, groups):
        code = words[0] if words else ""
        if code.upper() != expected.code:
            raise f.error(
                f"continents go in tile order {' '.join(c.code for c in CONTINENTS)}; "
                f"expected {expected.code}, found {code!r}",
                token=code,
            )
        cards = _read_cards(f, words[1:])
        if len(cards) > MARKET_SIZE:
            raise f.error(
                f"{expected.title} holds at most {MARKET_SIZE} open cards (R5, R9)", token=cards[-1].token, rule="R9"
            )
        market.append(tuple(sorted(cards, key=lambda c: c.sort_key)))
    return tuple(market)


def _read_cards(f: _Field, words: Sequence[str] | None = None) -> tuple[Card, ...]:
    words = f.value.split() if words is None else list(words)
    if words == ["-"]:
        return ()
    cards = []
    for word in words:
        try:
            cards.append(Card.parse(word))
        except NotationError as exc:
            raise f.error(str(exc), token=word, rule=exc.rule) from None
    return tuple(cards)


def _read_continent(f: _Field, token: str) -> Continent:
    code = token.upper()
    for continent in CONTINENTS:
        if continent.code == code:
            return continent
    codes = " ".join(c.code for c in CONTINENTS)
    raise f.error(f"{token!r} is not a continent code; codes: {codes}", token=token)


def _seat_tokens(f: _Field, n: int) -> list[str]:
    words = f.value.split()
    if len(words) != n:
        raise f.error(f"give one entry per seat ({n}), found {len(words)}", token=f.value)
    return words


def _read_count(f: _Field, *, least: int) -> int:
    if not f.value.isdigit() or len(f.value) > 4 or int(f.value) < least:
        raise f.error(f"expected a whole number from {least}, found {f.value!r}", token=f.value)
    return int(f.value)


def _read_seat_to_move(f: _Field, n: int) -> int:
    words = f.value.split()
    if len(words) != 2 or words[0] != "seat" or not words[1].isdigit() or not 1 <= int(words[1]) <= n:
        raise f.error(f"write 'seat K' with K from 1 to {n}, found {f.value!r}", token=f.value)
    return int(words[1]) - 1


def _read_phase(f: _Field) -> Phase:
    try:
        return Phase(f.value.lower())
    except ValueError:
        raise f.error(f"a phase is one of {', '.join(p.value for p in Phase)}, not {f.value!r}", f.value) from None


def _read_hand(f: _Field | None, phase: Phase) -> tuple[Card | None, Continent | None]:
    if f is None or f.value == "-":
        if phase in (Phase.MOVE, Phase.PLACE):
            token = "-" if f is None else f.value
            raise NotationError(
                f"in the {phase} phase the player holds a card: write 'hand: 1969NA from NA'", token=token, rule="R7"
            )
        return None, None
    words = f.value.split()
    if len(words) != 3 or words[1] != "from":
        raise f.error(f"write 'CARD from CONTINENT' (e.g. 1969NA from NA), found {f.value!r}", token=f.value)
    if phase not in (Phase.MOVE, Phase.PLACE):
        raise f.error(f"nobody holds a card in the {phase} phase; write 'hand: -'", token=words[0], rule="R7")
    (card,) = _read_cards(f, words[:1])
    if phase is Phase.MOVE and not card.is_white:
        raise f.error(f"the move phase follows a white card (R8), not {card}", token=words[0], rule="R8")
    return card, _read_continent(f, words[2])


def _read_final(f: _Field | None, n: int) -> tuple[bool, ...]:
    if f is None:
        return (False,) * n
    values = {"yes": True, "no": False}
    words = _seat_tokens(f, n)
    bad = [w for w in words if w.lower() not in values]
    if bad:
        raise f.error(f"write 'yes' or 'no' for each seat, found {bad[0]!r}", token=bad[0])
    return tuple(values[w.lower()] for w in words)


def _read_six_rounds(f: _Field | None, n: int) -> tuple[int | None, ...]:
    if f is None:
        return (None,) * n
    rounds = []
    for word in _seat_tokens(f, n):
        if word == "-":
            rounds.append(None)
        elif word.isdigit() and 1 <= int(word) <= 999:
            rounds.append(int(word))
        else:
            raise f.error(f"write a round number or '-' for each seat (R19), found {word!r}", token=word, rule="R19")
    return tuple(rounds)


def _read_decades(f: _Field | None, n: int) -> tuple[int | None, ...] | None:
    if f is None or f.value == "-":
        return None
    decades: list[int | None] = []
    for word in _seat_tokens(f, n):
        if word == "?":
            decades.append(None)
        elif word.isdigit() and int(word) in DECADES:
            decades.append(int(word))
        else:
            raise f.error(f"a Secret Decade is 1900, 1910, … 1990 or '?', not {word!r}", token=word, rule="V7")
    known = [d for d in decades if d is not None]
    if len(set(known)) != len(known):
        raise f.error("each player holds a different Secret Decade card (V7)", token=f.value, rule="V7")
    return tuple(decades)


def _read_halls(fields: dict[str, _Field], layout: Layout, n: int) -> tuple[Hall, ...]:
    halls = []
    for k in range(1, n + 1):
        f = fields.get(f"hall {k}")
        if f is None:
            raise NotationError(f"the position lacks the line 'hall {k}' (seat {k} has no hall)", token=f"hall {k}")
        try:
            halls.append(Hall.parse(f.value, layout, players=n))
        except NotationError as exc:
            raise f.error(str(exc), token=exc.token or f.value, rule=exc.rule) from None
        except ExhibitionLabError as exc:
            raise f.error(str(exc), token=f.value, rule=exc.rule) from None
    extra = sorted(k for k in fields if k.startswith("hall ") and not 1 <= int(k.split()[1]) <= n)
    if extra:
        raise fields[extra[0]].error(f"there are only {n} seats", token=extra[0])
    for k, hall in enumerate(halls):
        try:
            hall.check(halls[:k] + halls[k + 1 :], players=n)  # R13's claims and V6a look across halls
        except ExhibitionLabError as exc:
            f = fields[f"hall {k + 1}"]
            raise f.error(str(exc), token=f.value, rule=exc.rule) from None
    return tuple(halls)


def _check_consistency(position: Position, fields: dict[str, _Field]) -> None:
    st = position.state
    seen: dict[Card, str] = {}
    for where, cards in _card_places(st):
        for card in cards:
            if card in seen:
                raise NotationError(
                    f"{card} is in two places: {seen[card]} and {where} (R2)", token=card.token, rule="R2"
                )
            seen[card] = where
    if st.phase is Phase.OVER and not all(st.final):
        token = fields["final"].value if "final" in fields else "final"
        raise NotationError(
            "when the game is over every exhibition is final: write 'final: yes …' (R10c, D4)", token=token, rule="R10c"
        )
    if st.phase is not Phase.OVER and st.final[st.seat]:
        raise fields["to move"].error(
            f"seat {st.seat + 1}'s exhibition is final, so it is not their turn (R10c)",
            token=fields["to move"].value,
            rule="R10c",
        )
    for k, hall in enumerate(st.halls):
        if hall.has_all_continents and st.six_round[k] is None:
            raise NotationError(
                f"hall {k + 1} holds all six continents: give the round it first did in 'six continents' (R19)",
                token=f"hall {k + 1}",
                rule="R19",
            )
        if st.six_round[k] is not None and st.six_round[k] > st.round:
            raise NotationError(
                f"seat {k + 1} cannot have had six continents in round {st.six_round[k]}, "
                f"later than round {st.round} (R19)",
                token=str(st.six_round[k]),
                rule="R19",
            )


def _card_places(st: State) -> list[tuple[str, Sequence[Card]]]:
    places: list[tuple[str, Sequence[Card]]] = [("the tile", [c for col in st.market for c in col])]
    places += [(f"hall {k + 1}", hall.cards()) for k, hall in enumerate(st.halls)]
    places += [("the discard pile", st.discard), ("the hand", [st.hand] if st.hand is not None else [])]
    return places
