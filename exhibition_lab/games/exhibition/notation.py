"""The position notation: the whole visible state of a game as a small block of text.

The hall notation of RULES.md is to one hall what this is to a game, as FEN is to a chess
position. Each line is ``key: value``; seats count from 1 in the text::

    seat 1: Ann
    seat 2: Bob
    layout: base
    tile: OC 1919OC 1953EU 1954AS / SA 1912AS 1957AS 1989EU / AF 1932OC 1956OC 1961AS / AS 1923AS 1926EU \
1992SA / EU 1902AF 1910AF 1924NA / NA 1901OC 1935AF 1936OC
    vehicles: AF AF
    stock: 77
    discard: -
    round: 3
    turn: 6
    to move: seat 2
    phase: place
    hand: 1944AF from SA
    final: no no
    six continents: - -
    secret decades: -
    hall 1: . 1967AF . . . . / . . 1904AF . / . / . . . / . 1993AF
    hall 2: . . . 1945W 1946SA . / . . . . / . / . . . / . .

``tile`` lists the open cards at each continent in tile order (``-`` for none); ``vehicles``,
``final``, ``six continents`` (the round a seat first had all six continents, R19) and
``secret decades`` (V7; ``?`` for one not known, ``-`` without the variant) go seat by seat.
``hand`` is the card taken this turn and the continent it came from (R9), ``-`` in the take
phase. ``phase`` is ``take``, ``move``, ``place`` or ``over``: a game never rests at a chance
node. ``layout`` is ``base``, ``base + links short_era`` (variations over the base order) or
the showcase keys in order. Lines starting with ``#`` are comments; a byte-order mark before
the first line is ignored. Numbers are written in the digits 0–9 without leading zeros (``seat
1``, never ``seat 01``). Lines may come in any order; ``stock`` (default: every deck card not
in sight), ``discard``, ``final``, ``six continents``, ``secret decades`` and ``hand`` may be
left out, and so may ``round`` and ``turn``, which are then counted from the cards played. The
stock's order is never written: it is hidden information, and :meth:`Game.from_position
<exhibition_lab.games.exhibition.game.Game.from_position>` shuffles it from a seed.

A position is read only if the rules could reach it (:func:`parse_position` lists what is
checked): while the stock holds cards the tile shows 3 cards at each continent, 2 where a
white card was just taken (R5, R9); a coloured card in hand has moved its taker's vehicle
(R8); every seat still playing has one card for each round it played (R10c); a full hall is
final (R10b); only an early end discards (R10a, D3); six continents come in round 6 at the
earliest, in a hall that shows them (R19).

Every problem raises :class:`~exhibition_lab.core.errors.NotationError` naming the line and the
token (and ``.rule`` when a rule is broken), and nothing is built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import ExhibitionLabError, NotationError
from ...core.protocol import parse_int
from .rules.cards import CONTINENTS, Card, Continent
from .rules.deal import DECADES, MARKET_SIZE, MAX_PLAYERS, START_CONTINENTS, name_problem
from .rules.hall import Hall
from .rules.layout import VARIATIONS, Layout
from .rules.turns import Phase, Setup, State

MAX_POSITION_CHARS = 20_000
_REQUIRED = ("layout", "tile", "vehicles", "to move", "phase")
_OPTIONAL = ("stock", "discard", "round", "turn", "hand", "final", "six continents", "secret decades")
_SEAT_KEY = re.compile(r"^(seat|hall) ([0-9]+)$")
#: A game rests only where a seat decides or at its end: the deal and the refills are
#: chance, resolved as soon as they come (R5, R9, V7).
_PHASES = (Phase.TAKE, Phase.MOVE, Phase.PLACE, Phase.OVER)
_BOM = "\ufeff"


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
    n = setup.n_players  # the names are ones a line holds as written (Setup reads them with player_names)
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
        f"hand: {_hand_text(state)}",
        "final: " + " ".join("yes" if f else "no" for f in state.final),
        "six continents: " + " ".join("-" if r is None else str(r) for r in state.six_round),
        "secret decades: "
        + ("-" if secret_decades is None else " ".join("?" if d is None else str(d) for d in secret_decades)),
    ]
    lines += [f"hall {k + 1}: {state.halls[k]}" for k in range(n)]
    return "\n".join(lines)


def _hand_text(state: State) -> str:
    if state.hand is None:
        return "-"
    assert state.taken_at is not None  # a card in hand was taken from a continent (R7)
    return f"{state.hand.token} from {state.taken_at.code}"


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

    Everything is checked against what the rules can reach: the tile against the stock and
    the phase (R5, R9), the hand and the vehicles (R6–R8), the cards against the turns and
    rounds played (one card a turn, one turn a round for every seat still playing,
    R10a–R10c), the rounds of six continents (R19) and the halls (R2, R11–R16, V1–V7).
    ``round`` and ``turn``, when left out, are counted from the cards played. The tile is
    checked against the stock when ``stock`` is given; :meth:`Game.from_position
    <exhibition_lab.games.exhibition.game.Game.from_position>` checks it in every case
    (:func:`check_tile`).

    >>> text = '''seat 1: Ann
    ... layout: base
    ... tile: OC - / SA 1972SA / AF 1904AF / AS - / EU 1966EU / NA -
    ... vehicles: OC
    ... stock: 0
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
    discard = _read_cards(fields["discard"]) if "discard" in fields else ()
    played = [len(hall.cards()) for hall in halls]
    # left out, the round is the one of the seat to move (one card a round) and the turn
    # counts the cards played (one a turn)
    counted_round = max(1, *played) if phase is Phase.OVER else played[seat] + 1
    counted_turn = sum(played) + len(discard) + (phase is not Phase.OVER)
    state = State(
        stock=(),
        market=market,
        vehicles=vehicles,
        halls=halls,
        final=final,
        discard=discard,
        six_round=six_round,
        seat=seat,
        phase=phase,
        hand=hand,
        taken_at=taken_at,
        round=_read_count(fields["round"], least=1) if "round" in fields else counted_round,
        turn=_read_count(fields["turn"], least=1) if "turn" in fields else max(1, counted_turn),
    )
    stock_size = _read_count(fields["stock"], least=0) if "stock" in fields else None
    position = Position(setup, state, stock_size, decades)
    _check_places(position, fields)
    _check_turns(position, fields)
    _check_hand_and_vehicles(position, fields)
    _check_six_continents(position, fields)
    if stock_size is not None:
        check_tile(position, stock_size)
    return position


@dataclass(frozen=True, slots=True)
class _Field:
    """One line's value with where it came from, so errors can point at it."""

    key: str
    value: str  # read word by word: one space between words
    line: int
    written: str = ""  # the value as it stands in the text

    def error(self, message: str, token: str, rule: str | None = None) -> NotationError:
        token = token or self.key  # an empty value: the line itself is the token
        if token == self.value and self.written:
            token = self.written  # the whole value, spaced as the reader wrote it
        if token not in message and repr(token) not in message:
            shown = token if len(token) <= 200 else token[:200] + "…"
            message += f": {shown!r}"  # the reader sees what to correct
        return NotationError(f"line {self.line} ({self.key!r}): {message}", token=token, rule=rule)


def _read_lines(text: str) -> dict[str, _Field]:
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}", token=repr(text)[:40])
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(f"a position has at most {MAX_POSITION_CHARS} characters", token=text[:40])
    text = text.removeprefix(_BOM)  # the byte-order mark some editors write first is no part of the first key
    fields: dict[str, _Field] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue  # blank lines and comment lines help hand-written positions
        written, colon, value = raw.partition(":")
        key = " ".join(written.split()).lower()
        written = written.strip() or raw.strip()  # the token errors name, as it stands in the text
        if not colon:
            raise NotationError(f"line {number}: expected 'key: value', found {raw.strip()!r}", token=raw.strip())
        seat_key = _SEAT_KEY.match(key)
        if key not in _REQUIRED + _OPTIONAL and not seat_key:
            known = ", ".join(_REQUIRED + _OPTIONAL + ("seat N", "hall N"))
            raise NotationError(f"line {number}: unknown key {written!r}; keys are {known}", token=written)
        if seat_key and (seat_key.group(2).startswith("0") or len(seat_key.group(2)) > 2):
            # one way to write each seat, so that no seat is given twice under two names
            raise NotationError(
                f"line {number}: seats are numbered 1, 2, … without leading zeros, not {written!r}", token=written
            )
        if key in fields:
            raise NotationError(
                f"line {number}: {key!r} is given twice (first on line {fields[key].line})", token=written
            )
        # a seat's name is kept as written; every other value is read word by word
        value = value.strip()
        fields[key] = _Field(key, value if key.startswith("seat ") else " ".join(value.split()), number, value)
    missing = [k for k in _REQUIRED if k not in fields]
    if missing:
        raise NotationError(f"the position lacks the line {missing[0]!r}", token=missing[0])
    return fields


def _read_players(fields: dict[str, _Field]) -> tuple[str, ...]:
    seats = sorted(int(k.split()[1]) for k in fields if k.startswith("seat "))
    if not 1 <= len(seats) <= MAX_PLAYERS or seats != list(range(1, len(seats) + 1)):
        numbers = " ".join(str(s) for s in seats) or "none"
        raise NotationError(
            f"a position names seats 1 to N, N = 1–{MAX_PLAYERS} (R4); found seats {numbers}", token="seat", rule="R4"
        )
    names = tuple(fields[f"seat {k}"].value for k in seats)
    for k, name in enumerate(names, start=1):
        problem = name_problem(name)
        if problem is not None:
            raise fields[f"seat {k}"].error(f"{name!r} cannot be a player name: {problem}", token=name or f"seat {k}")
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
        raise f.error(str(exc), token=f.value or f.key, rule=exc.rule) from None


def _read_tile(f: _Field) -> tuple[tuple[Card, ...], ...]:
    groups = [g.split() for g in f.value.split("/")]
    if len(groups) != len(CONTINENTS):
        raise f.error(
            f"the tile has {len(CONTINENTS)} continents separated by '/', found {len(groups)}", f.value or f.key
        )
    market = []
    for expected, words in zip(CONTINENTS, groups):
        code = words[0] if words else ""
        if code.upper() != expected.code:
            raise f.error(
                f"continents go in tile order {' '.join(c.code for c in CONTINENTS)}; "
                f"expected {expected.code}, found {code!r}",
                token=code or f.value,
            )
        cards = _read_cards(f, words[1:])
        if len(cards) > MARKET_SIZE:
            written = " ".join(words)
            raise f.error(
                f"{expected.title} holds at most {MARKET_SIZE} open cards (R5, R9): {written!r}",
                token=written,
                rule="R9",
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
        raise f.error(f"give one entry per seat ({n}), found {len(words)}", token=f.value or f.key)
    return words


def _read_number(f: _Field, word: str, *, least: int, most: int, rule: str | None = None) -> int:
    """A whole number from ``least`` to ``most`` in the digits 0–9 and without leading
    zeros: one way to write each number, as :func:`write_position` does."""
    number: int | None = None
    if len(word) <= len(str(most)):  # int() itself refuses thousands of digits with a ValueError
        try:
            number = parse_int(word)
        except NotationError:
            number = None
    if number is None or (word != "0" and word.startswith("0")) or not least <= number <= most:
        raise f.error(
            f"expected a whole number from {least} to {most} in the digits 0–9, found {word!r}", token=word, rule=rule
        )
    return number


def _read_count(f: _Field, *, least: int) -> int:
    return _read_number(f, f.value, least=least, most=9999)


def _read_seat_to_move(f: _Field, n: int) -> int:
    words = f.value.split()
    try:
        if len(words) == 2 and words[0] == "seat":
            return _read_number(f, words[1], least=1, most=n) - 1
    except NotationError:
        pass
    raise f.error(f"write 'seat K' with K from 1 to {n}, found {f.value!r}", token=f.value or f.key)


def _read_phase(f: _Field) -> Phase:
    found = next((p for p in _PHASES if p.value == f.value.lower()), None)
    if found is None:
        names = ", ".join(p.value for p in _PHASES)
        raise f.error(f"a position's phase is one of {names}, not {f.value!r}", f.value or f.key)
    return found


def _read_hand(f: _Field | None, phase: Phase) -> tuple[Card | None, Continent | None]:
    if f is None or f.value == "-":
        if phase in (Phase.MOVE, Phase.PLACE):
            token, found = ("hand", "the position lacks the line 'hand'") if f is None else ("-", "found '-'")
            raise NotationError(
                f"in the {phase} phase the player holds a card: write 'hand: 1969NA from NA'; {found}",
                token=token,
                rule="R7",
            )
        return None, None
    words = f.value.split()
    if len(words) != 3 or words[1] != "from" or words[0] == "-":
        token = "-" if words and words[0] == "-" else f.value or f.key
        raise f.error(f"write 'CARD from CONTINENT' (e.g. 1969NA from NA), found {f.value!r}", token=token)
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
    return tuple(
        None if word == "-" else _read_number(f, word, least=1, most=999, rule="R19") for word in _seat_tokens(f, n)
    )


def _read_decades(f: _Field | None, n: int) -> tuple[int | None, ...] | None:
    if f is None or f.value == "-":
        return None
    decades: list[int | None] = []
    for word in _seat_tokens(f, n):
        if word == "?":
            decades.append(None)
            continue
        decade = _read_number(f, word, least=DECADES[0], most=DECADES[-1], rule="V7")
        if decade not in DECADES:
            raise f.error(f"a Secret Decade is 1900, 1910, … 1990 or '?', not {word!r}", token=word, rule="V7")
        decades.append(decade)
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
            raise f.error(str(exc), token=exc.token or f.value or f.key, rule=exc.rule) from None
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


# ---------------------------------------------------------------------- what the rules can reach
def _token(fields: dict[str, _Field], key: str) -> str:
    """The written value of ``key`` (the key itself when the line is left out or empty)."""
    f = fields.get(key)
    return f.value if f is not None and f.value else key


def _check_places(position: Position, fields: dict[str, _Field]) -> None:
    """Every card lies in one place (R2); a finished game has every exhibition final, and
    the seat to move is still playing (R10c)."""
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
        raise NotationError(
            "when the game is over every exhibition is final: write 'final: yes …' (R10c, D4)",
            token=_token(fields, "final"),
            rule="R10c",
        )
    if st.phase is not Phase.OVER and st.final[st.seat]:
        raise fields["to move"].error(
            f"seat {st.seat + 1}'s exhibition is final, so it is not their turn (R10c)",
            token=fields["to move"].value,
            rule="R10c",
        )


def _check_turns(position: Position, fields: dict[str, _Field]) -> None:
    """One card a turn, one turn a round for every seat still playing (R7–R10c).

    Every turn puts one card into a hall, a Depot or the discard pile — the last only when
    an exhibition ends early (R10a, D3) — and the seats take turns in order, the final ones
    sitting out (R10c), so seat k's i-th turn comes in round i.
    """
    st = position.state
    full = [hall.is_full for hall in st.halls]
    for k, hall_full in enumerate(full):
        if hall_full and not st.final[k]:
            raise NotationError(
                f"hall {k + 1} is full, so seat {k + 1}'s exhibition is final (R10b)",
                token=_token(fields, "final"),
                rule="R10b",
            )
    ended_early = sum(final and not hall_full for final, hall_full in zip(st.final, full))
    # D4 ends the open exhibitions without a discard, and only once no card is left to take
    by_d4 = st.phase is Phase.OVER and not any(st.market)
    if len(st.discard) > ended_early or (not by_d4 and len(st.discard) != ended_early):
        raise NotationError(
            f"the discard pile holds {len(st.discard)} card(s), but {ended_early} exhibition(s) ended early "
            "with a card that fit nowhere (R10a, D3)",
            token=_token(fields, "discard") if len(st.discard) > ended_early else _token(fields, "final"),
            rule="R10a",
        )
    played = [len(hall.cards()) for hall in st.halls]
    _check_rounds(position, fields, played, full)
    over = st.phase is Phase.OVER
    expected = sum(played) + len(st.discard) + (not over)
    if st.turn != expected:
        raise NotationError(
            f"turn {st.turn}, but {sum(played) + len(st.discard)} card(s) were played, one a turn (R7–R10a)",
            token=_token(fields, "turn"),
            rule="R10",
        )


def _check_rounds(position: Position, fields: dict[str, _Field], played: list[int], full: list[bool]) -> None:
    st = position.state
    if st.phase is Phase.OVER:
        # the last turn came in the last round, from a seat that had a turn in every round
        if not st.round - 1 <= max(played) <= st.round:
            raise NotationError(
                f"round {st.round}, but the fullest hall and Depot hold {max(played)} card(s), one a round (R10c)",
                token=_token(fields, "round"),
                rule="R10c",
            )
        return
    if played[st.seat] != st.round - 1:
        raise NotationError(
            f"round {st.round}, but seat {st.seat + 1}, to move, has played {played[st.seat]} card(s), "
            "one a round (R10c)",
            token=_token(fields, "round"),
            rule="R10c",
        )
    for k, cards in enumerate(played):
        turns = st.round - 1 + (k < st.seat)  # the seats before the one to move have played this round
        ended = st.final[k] and not full[k]
        if (cards + ended > turns) if st.final[k] else (cards != turns):
            shows = f"{cards} card(s)" + (" and a discarded one" if ended else "")
            raise NotationError(
                f"in round {st.round} with seat {st.seat + 1} to move, seat {k + 1} has had "
                f"{'at most ' if st.final[k] else ''}{turns} turn(s), one a round, but shows {shows} (R10c)",
                token=f"hall {k + 1}",
                rule="R10c",
            )


def _check_hand_and_vehicles(position: Position, fields: dict[str, _Field]) -> None:
    """Vehicles start where R6 puts them; a coloured card takes its taker's vehicle to its
    continent (R8); a card comes from the vehicle's continent unless that one is bare (R7)."""
    st = position.state
    if st.phase is Phase.OVER:
        return
    vehicle = st.vehicles[st.seat]
    for k, continent in enumerate(st.vehicles):
        waiting = st.round == 1 and k >= st.seat and not (k == st.seat and st.phase is Phase.PLACE)
        if waiting and continent is not START_CONTINENTS[k]:
            raise fields["vehicles"].error(
                f"seat {k + 1} has not moved yet, so its vehicle stands on {START_CONTINENTS[k].title} (R6)",
                token=continent.code,
                rule="R6",
            )
    if st.phase is Phase.MOVE and st.taken_at is not vehicle and st.market[vehicle.index]:
        raise NotationError(
            f"the vehicle stands on {vehicle.title}, which shows cards, so the card came from there (R7)",
            token=_token(fields, "hand"),
            rule="R7",
        )
    taken = None if st.hand is None else st.hand.continent
    if st.phase is Phase.PLACE and taken is not None and taken is not vehicle:
        raise fields["vehicles"].error(
            f"seat {st.seat + 1} took {st.hand}, so its vehicle stands on {taken.title} (R8)",
            token=vehicle.code,
            rule="R8",
        )


def _check_six_continents(position: Position, fields: dict[str, _Field]) -> None:
    """The round in which a hall first showed all six continents (R19). A hall never loses
    a card, so a recorded round means the hall shows them now; with one card a round, the
    sixth continent comes in round 6 at the earliest, and not after the seat's last turn."""
    st = position.state
    for k, hall in enumerate(st.halls):
        six = st.six_round[k]
        if six is None:
            if hall.has_all_continents:
                raise NotationError(
                    f"hall {k + 1} holds all six continents: give the round it first did in 'six continents' (R19)",
                    token=f"hall {k + 1}",
                    rule="R19",
                )
            continue
        # the seat's turns so far: its cards, and the discarded one of an early end (D3)
        turns = len(hall.cards()) + (st.final[k] and not hall.is_full)
        problem = None
        if not hall.has_all_continents:
            problem = f"hall {k + 1} does not show all six continents, so it has no round of six continents"
        elif six < len(CONTINENTS):
            problem = f"six continents need six cards, one a round: round {six} comes too early"
        elif six > st.round or six > turns:
            problem = f"seat {k + 1} has had {min(turns, st.round)} turn(s), so no round {six}"
        if problem is not None:
            raise NotationError(f"{problem} (R19)", token=str(six), rule="R19")


def check_tile(position: Position, stock_size: int) -> None:
    """The tile as the phase and the stock leave it (R5, R9, D4), or :class:`NotationError`.

    While the stock holds cards every take is refilled, so each continent shows 3 open
    cards — except, in the move phase (after a white card, R8), the one the card came from,
    which shows 2 until the refill. Once the stock is used up, continents run empty; a
    player about to take still finds a card, or the game would be over (D4).
    """
    st = position.state
    for continent, cards in zip(CONTINENTS, st.market):
        taken_here = st.phase is Phase.MOVE and continent is st.taken_at
        most = MARKET_SIZE - taken_here
        if len(cards) > most or (stock_size > 0 and len(cards) != most):
            written = f"{continent.code} {_cards_text(cards)}"
            why = "the stock holds cards, so " if stock_size > 0 else ""
            until = " until the refill" if taken_here else ""
            raise NotationError(
                f"in the {st.phase} phase {why}{continent.title} shows {most} open card(s){until}, "
                f"not {len(cards)} (R5, R9): {written!r}",
                token=written,
                rule="R9",
            )
    if st.phase is Phase.TAKE and not any(st.market):
        raise NotationError("no card is left to take, so the game is over (D4)", token="take", rule="D4")


def _card_places(st: State) -> list[tuple[str, Sequence[Card]]]:
    places: list[tuple[str, Sequence[Card]]] = [("the tile", [c for col in st.market for c in col])]
    places += [(f"hall {k + 1}", hall.cards()) for k, hall in enumerate(st.halls)]
    places += [("the discard pile", st.discard), ("the hand", [st.hand] if st.hand is not None else [])]
    return places
