"""Fame points with explanations (R19–R26, V5–V7) and the solo score (S1–S7, D8, D11).

Every goal is a small function that returns a :class:`ScoreLine`: the points, the rule id,
a reason a person can read and the cards behind it. A :class:`ScoreSheet` gathers the lines
of every player and ranks them with the tiebreaker; a notebook shows it as a table
(:mod:`exhibition_lab.ui.formatters`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ....core.errors import ArgumentError, ExhibitionLabError
from ....core.words import N_, Phrase, told
from .cards import CONTINENTS, TILE_CARDS, Card
from .goals import (
    CHAIN,
    CONTINENT_FOCUS,
    DECADES,
    DEPOT,
    EMPTY_SPOTS,
    GOALS,
    MID_CENTURY,
    PAIR_GOALS,
    SECRET_DECADE,
    SIX_CONTINENTS,
    Goal,
    goal,
    pair_goal,
)
from .hall import Hall
from .layout import MID_CENTURY as MID_CENTURY_SHOWCASE

if TYPE_CHECKING:
    import pandas as pd


RANK_POINTS = (5, 4, 3, 2, 1)  # R19, R20, V5, V6
MID_CENTURY_YEAR = 1950  # R26, S6
SOLO_SCALE = 100  # S2

#: Every goal's name by key (a view of the records in :mod:`.goals`).
GOAL_LABELS: dict[str, str] = {g.key: g.label for g in GOALS}


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One goal of one player: points (fame points), the rule id and why.

    ``reason`` says why in English; ``phrase`` is the same reason as a message id with its
    facts, for the ui to say in the reader's language (``None`` on lines made by hand).
    """

    goal: str
    rule: str
    points: float
    reason: str
    cards: tuple[Card, ...] = ()
    phrase: Phrase | None = None

    @property
    def label(self) -> str:
        return goal(self.goal).label

    def __str__(self) -> str:
        try:
            return str(told(self))  # the reader's language, once the ui layer gave its words
        except LookupError:
            return f"{self.label} ({self.rule}): {self.reason} → {_signed(self.points)}"


def _signed(points: float) -> str:
    text = f"{points:g}"
    return text.replace("-", "−")


@dataclass(frozen=True, slots=True, repr=False)
class PlayerScore:
    """A player's score lines. ``total`` is in fame points, or ×100 in the solo game (S2)."""

    name: str
    lines: tuple[ScoreLine, ...]
    tiebreak: int | None = None  # R26: distance of the Mid Century card from MID_CENTURY_YEAR (None: D8)
    scale: int = 1

    @property
    def points(self) -> dict[str, float]:
        """Fame points per goal key (``six_continents``, ``years_gap``, …)."""
        return {line.goal: line.points for line in self.lines}

    @property
    def total(self) -> int:
        return round(sum(line.points for line in self.lines) * self.scale)

    def line(self, goal: str) -> ScoreLine:
        for line in self.lines:
            if line.goal == goal:
                return line
        raise KeyError(f"{self.name} has no {goal!r} goal; goals: {', '.join(self.points)}")

    def explain(self) -> str:
        """One line per goal with its points, rule id and reason, then the total: in the reader's
        language when the ``ui`` layer gave its words (``import exhibition_lab`` does)."""
        try:
            return str(told(self, "explain"))
        except LookupError:
            pass
        unit = " (solo points, ×100)" if self.scale != 1 else " fp"
        body = "\n".join(str(line) for line in self.lines)
        return f"{body}\nTotal: {_signed(self.total)}{unit}"

    def __str__(self) -> str:
        return f"{self.name}: {self.total}"

    def __repr__(self) -> str:
        return f"<PlayerScore {self.name}: {self.total} {self.points}>"


@dataclass(frozen=True, repr=False)
class ScoreSheet:
    """Every player's score, ranked: total first, then the Mid Century tiebreaker (R26)."""

    scores: dict[str, PlayerScore] = field(default_factory=dict)

    def __repr__(self) -> str:
        totals = ", ".join(f"{name} {self.scores[name].total}" for name in self.ranking)
        return f"<ScoreSheet {totals}; winner: {', '.join(self.winners)}>"

    def __getitem__(self, name: str) -> PlayerScore:
        try:
            return self.scores[name]
        except KeyError:
            raise KeyError(f"no player {name!r} on this score sheet; players: {', '.join(self.scores)}") from None

    def __iter__(self) -> Iterator[PlayerScore]:
        return iter(self.scores.values())

    def __len__(self) -> int:
        return len(self.scores)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.scores)

    @property
    def goals(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for score in self.scores.values():
            for line in score.lines:
                seen.setdefault(line.goal, None)
        return tuple(seen)

    def _rank_key(self, name: str) -> tuple[int, float]:
        score = self.scores[name]
        distance = float("inf") if score.tiebreak is None else score.tiebreak  # D8: ranks last
        return (-score.total, distance)

    @property
    def ranking(self) -> list[str]:
        """All names, best first (total, then R26's Mid Century distance; stable on ties)."""
        return sorted(self.scores, key=self._rank_key)

    @property
    def winners(self) -> list[str]:
        """The winner, or several players on a full tie after the tiebreaker (R26)."""
        ranking = self.ranking
        if not ranking:
            return []
        best = self._rank_key(ranking[0])
        return [name for name in ranking if self._rank_key(name) == best]

    def rows(self) -> list[dict[str, object]]:
        """One plain dict per player: name, points per goal, total, tiebreak distance."""
        return [
            {
                "player": name,
                **self.scores[name].points,
                "total": self.scores[name].total,
                "mid_century_distance": self.scores[name].tiebreak,
            }
            for name in self.ranking
        ]

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame (pandas is optional and imported only here)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ExhibitionLabError("to_frame() needs pandas: pip install pandas") from exc
        return pd.DataFrame(self.rows()).set_index("player")

    def explain(self) -> str:
        return "\n\n".join(f"{name}\n{self.scores[name].explain()}" for name in self.ranking)


# ---------------------------------------------------------------- reasons
#: Why a score line has its points, as message ids; :func:`_line` fills one in English.
MISSING_CONTINENTS = N_("missing {continents}")
ALL_SIX = N_("all six continents")
ALL_SIX_IN_ROUND = N_("all six continents in round {round}")
PAIR_EMPTY = N_("an empty spot scores nothing")
PAIR_EINSTEIN = N_("Einstein has no year, so it scores nothing")
PAIR_DIFFERENCE = N_("{measure} {right} − {left} = {value}, rank {rank}")
PAIR_RIGHT_YEAR = N_("{measure} {right}, rank {rank}")
NO_COLOURED_CARD = N_("no coloured card in the hall")
FOCUS = N_("{count} × {continents}")
NO_DATED_CARD = N_("no dated card")
ALL_DECADES = N_("all ten decades")
SOME_DECADES = N_("{count} decade(s); missing the {decades}")
CHAIN_RUN = N_("{chain}")
CHAIN_MINIMUM = N_("{chain} (at least 1)")
CHAIN_NONE = N_("no dated card (at least 1)")
EMPTY = N_("{count} empty spot(s)")
DEPOT_CARDS = N_("{count} Depot card(s)")
DEPOT_LISTED = N_("{count} Depot card(s): {tokens}")
SECRET_CARDS = N_("{decade}s: {tokens}")
SECRET_NONE = N_("{decade}s: none")
MARKET = N_("{most} − {count} market card(s) {where}")
MARKET_FLOOR = N_("{most} − {count} market card(s) {where} (min 0)")
MID_EMPTY = N_("empty or Einstein: {base} − {per_year}·{years} = {term} points ({reading} reading, D11)")
MID_DISTANCE = N_(
    "{distance} year(s) from {year}: {base} − {per_year}·{years} = {term} points ({reading} reading, D11)"
)


def english_fact(name: str, value: Any) -> str:
    """A fact of a score line's :class:`~exhibition_lab.core.words.Phrase` as the English
    reason writes it: continents by name, decades as ``1910s``, a chain as ``1972-1973``."""
    if isinstance(value, Phrase):
        return value.say(english_fact)
    if name == "continents":
        return ", ".join(c.title for c in value)
    if name == "decades":
        return ", ".join(f"{d}s" for d in value)
    if name == "chain":
        return "-".join(str(y) for y in value)
    if name == "tokens":
        return " ".join(value)
    return str(value)


def _line(goal: str, rule: str, points: float, message: str, cards: tuple[Card, ...] = (), **facts: Any) -> ScoreLine:
    """A score line whose reason is ``message`` filled with ``facts`` (kept for the ui too)."""
    phrase = Phrase(message, tuple(facts.items()))
    return ScoreLine(goal, rule, points, phrase.say(english_fact), cards, phrase)


# ---------------------------------------------------------------- goal helpers
def _dense_rank_points(values: Mapping[str, float | None], *, higher_is_better: bool) -> dict[str, int]:
    """R19/R20 ranking: equal values share points, the next value gets the next lower."""
    distinct = sorted({v for v in values.values() if v is not None}, reverse=higher_is_better)
    places = [RANK_POINTS[k] if k < len(RANK_POINTS) else 0 for k in range(len(distinct))]
    return {name: 0 if value is None else places[distinct.index(value)] for name, value in values.items()}


def _gap_spots(hall: Hall) -> tuple[Goal, tuple[Card | None, ...]] | None:
    """The goal scored on the hall's pair showcase (Years Gap or the variation over it) and
    its two spots."""
    for kind, spots in zip(hall.layout, hall.showcases, strict=True):
        if kind.scoring is not None:
            return pair_goal(kind.scoring), spots
    return None


def _complete_pair(spots: tuple[Card | None, ...]) -> tuple[Card, Card] | None:
    """Both spots filled and no Einstein: the only case that scores (R20, V5, V6, S4, S5)."""
    left, right = spots[0], spots[-1]
    if left is None or right is None or left.year is None or right.year is None:
        return None
    return left, right


def _pair_reason(spots: tuple[Card | None, ...]) -> str:
    return PAIR_EMPTY if any(c is None for c in spots) else PAIR_EINSTEIN


def _years(pair: tuple[Card, Card]) -> tuple[int, int]:
    left, right = pair
    assert left.year is not None and right.year is not None  # _complete_pair() saw to it
    return left.year, right.year


def pair_goal_lines(halls: Mapping[str, Hall]) -> dict[str, ScoreLine]:
    """Years Gap (R20) or the variation scored on its showcase (V5, V6), ranked densely."""
    values: dict[str, float | None] = {}
    goal_of: dict[str, Goal] = {}
    spots_of: dict[str, tuple[Card | None, ...]] = {}
    for name, hall in halls.items():
        found = _gap_spots(hall)
        if found is None:
            continue
        goal_of[name], spots_of[name] = found
        pair = _complete_pair(spots_of[name])
        values[name] = None if pair is None else goal_of[name].measure(*_years(pair))  # type: ignore[misc]  # pair_goal gives only the pair goals, which all have a measure
    lines = {}
    for scored in PAIR_GOALS:
        group = {n: v for n, v in values.items() if goal_of[n] is scored}
        points = _dense_rank_points(group, higher_is_better=scored.higher_is_better)
        ranked = sorted({v for v in group.values() if v is not None}, reverse=scored.higher_is_better)
        for name, value in group.items():
            spots = spots_of[name]
            pair = _complete_pair(spots)
            if value is None or pair is None:
                lines[name] = _line(scored.key, scored.rule, 0, _pair_reason(spots))
                continue
            left, right = _years(pair)
            rank = ranked.index(value) + 1
            measure = scored.measure_name or ""
            if scored.measure_name != "right-hand year":
                lines[name] = _line(
                    scored.key,
                    scored.rule,
                    points[name],
                    PAIR_DIFFERENCE,
                    pair,
                    measure=Phrase(measure),
                    right=right,
                    left=left,
                    value=value,
                    rank=rank,
                )
            else:
                lines[name] = _line(
                    scored.key,
                    scored.rule,
                    points[name],
                    PAIR_RIGHT_YEAR,
                    pair,
                    measure=Phrase(measure),
                    right=right,
                    rank=rank,
                )
    return lines


def six_continents_lines(halls: Mapping[str, Hall], rounds: Mapping[str, int | None] | None) -> dict[str, ScoreLine]:
    """R19: the round in which each player first showed all six continents, ranked densely."""
    reached: dict[str, float | None] = {}
    for name, hall in halls.items():
        if not hall.has_all_continents:
            reached[name] = None
        elif rounds is None:
            reached[name] = 0  # all in the same round
        else:
            got = rounds.get(name)
            if got is None:
                raise ExhibitionLabError(
                    f"{name}'s hall shows all six continents but no round was recorded (R19)", rule="R19"
                )
            reached[name] = got
    points = _dense_rank_points(reached, higher_is_better=False)
    lines = {}
    for name, hall in halls.items():
        if reached[name] is None:
            missing = tuple(c for c in CONTINENTS if c not in hall.continents)
            lines[name] = _line(SIX_CONTINENTS.key, SIX_CONTINENTS.rule, 0, MISSING_CONTINENTS, continents=missing)
        elif rounds is None:
            lines[name] = _line(SIX_CONTINENTS.key, SIX_CONTINENTS.rule, points[name], ALL_SIX)
        else:
            lines[name] = _line(
                SIX_CONTINENTS.key, SIX_CONTINENTS.rule, points[name], ALL_SIX_IN_ROUND, round=reached[name]
            )
    return lines


def continent_focus_line(hall: Hall) -> ScoreLine:
    """R21: cards of the most frequent continent (white cards excluded)."""
    counts = Counter(c.continent for c in hall.hall_cards() if c.continent is not None)
    if not counts:
        return _line(CONTINENT_FOCUS.key, CONTINENT_FOCUS.rule, 0, NO_COLOURED_CARD)
    best = max(counts.values())
    leaders = tuple(c for c in CONTINENTS if counts[c] == best)
    cards = tuple(c for c in hall.hall_cards() if c.continent is leaders[0])
    return _line(CONTINENT_FOCUS.key, CONTINENT_FOCUS.rule, best, FOCUS, cards, count=best, continents=leaders)


def decades_line(hall: Hall) -> ScoreLine:
    """R22: one point per decade shown; Einstein excluded, 1945 counts."""
    decades = sorted({c.decade for c in hall.hall_cards() if c.decade is not None})
    missing = [d for d in range(1900, 2000, 10) if d not in decades]
    if not decades:
        return _line(DECADES.key, DECADES.rule, 0, NO_DATED_CARD)
    if not missing:
        return _line(DECADES.key, DECADES.rule, len(decades), ALL_DECADES)
    return _line(DECADES.key, DECADES.rule, len(decades), SOME_DECADES, count=len(decades), decades=tuple(missing))


def longest_chain(years: Iterable[int]) -> list[int]:
    """The longest run of consecutive years (the earliest one on ties)."""
    ordered = sorted(set(years))
    best: list[int] = []
    run: list[int] = []
    for year in ordered:
        run = [*run, year] if run and year == run[-1] + 1 else [year]
        if len(run) > len(best):
            best = run
    return best


def chain_line(hall: Hall) -> ScoreLine:
    """R23: cards in the longest chain of consecutive years anywhere in the hall; min 1."""
    by_year = {c.year: c for c in hall.hall_cards() if c.year is not None}
    chain = longest_chain(by_year)
    points = max(1, len(chain))
    cards = tuple(by_year[y] for y in chain)
    if not chain:
        return _line(CHAIN.key, CHAIN.rule, points, CHAIN_NONE)
    message = CHAIN_MINIMUM if len(chain) <= 1 else CHAIN_RUN
    return _line(CHAIN.key, CHAIN.rule, points, message, cards, chain=tuple(chain))


def empty_spots_line(hall: Hall) -> ScoreLine:
    """R24: −1 per empty hall spot."""
    return _line(EMPTY_SPOTS.key, EMPTY_SPOTS.rule, -hall.n_empty, EMPTY, count=hall.n_empty)


def depot_line(hall: Hall) -> ScoreLine:
    """R25: −1 per Depot card; Depot cards count for nothing else."""
    count = len(hall.depot)
    if not hall.depot:
        return _line(DEPOT.key, DEPOT.rule, -count, DEPOT_CARDS, hall.depot, count=count)
    tokens = tuple(c.token for c in hall.depot)
    return _line(DEPOT.key, DEPOT.rule, -count, DEPOT_LISTED, hall.depot, count=count, tokens=tokens)


def secret_decade_line(hall: Hall, decade: int) -> ScoreLine:
    """V7: +1 per hall card (not Einstein) of the player's Secret Decade."""
    cards = tuple(c for c in hall.hall_cards() if c.decade == decade)
    if not cards:
        return _line(SECRET_DECADE.key, SECRET_DECADE.rule, 0, SECRET_NONE, cards, decade=decade)
    tokens = tuple(c.token for c in cards)
    return _line(SECRET_DECADE.key, SECRET_DECADE.rule, len(cards), SECRET_CARDS, cards, decade=decade, tokens=tokens)


def mid_century_distance(hall: Hall) -> int | None:
    """R26: how far the Mid Century card lies from :data:`MID_CENTURY_YEAR`; ``None`` if empty or Einstein (D8)."""
    spots = hall.showcase(MID_CENTURY_SHOWCASE.key)
    card = spots[0] if spots else None
    if card is None or card.year is None:
        return None
    return abs(card.year - MID_CENTURY_YEAR)


# ---------------------------------------------------------------- multi-player
def score_halls(
    halls: Mapping[str, Hall],
    six_continents_round: Mapping[str, int | None] | None = None,
    secret_decades: Mapping[str, int] | None = None,
) -> ScoreSheet:
    """Score final halls (R19–R26, V5–V7). Keys are player names.

    ``six_continents_round`` maps names to the round each reached all six continents
    (R19); ``None`` counts every such hall as reached in the same round.
    ``secret_decades`` maps names to their Secret Decade (V7), e.g. ``{"Ron": 1960}``.

    >>> ann = Hall.parse("1901OC 1920SA 1940AF 1950AS 1960EU 1970NA / . . . . / . / . . . / . .")
    >>> bob = Hall.parse("1950EU . . . . . / . . . . / . / . . . / . .")
    >>> sheet = score_halls({"Ann": ann, "Bob": bob})
    >>> sheet.winners, sheet.scores["Ann"].points["six_continents"]
    (['Ann'], 5)
    """
    if not halls:
        raise ArgumentError("score_halls needs at least one hall")
    six = six_continents_lines(halls, six_continents_round)
    pairs = pair_goal_lines(halls)
    scores = {}
    for name, hall in halls.items():
        lines = [six[name]]
        if name in pairs:
            lines.append(pairs[name])
        lines += [continent_focus_line(hall), decades_line(hall), chain_line(hall)]
        lines += [empty_spots_line(hall), depot_line(hall)]
        if secret_decades is not None and secret_decades.get(name) is not None:
            lines.append(secret_decade_line(hall, secret_decades[name]))
        scores[name] = PlayerScore(name, tuple(lines), mid_century_distance(hall))
    return ScoreSheet(scores)


# ---------------------------------------------------------------- solo
@dataclass(frozen=True, slots=True)
class SoloRules:
    """Solo scoring choices (S6, D11): the Mid Century term is
    ``base − per_year·|year − MID_CENTURY_YEAR|`` points on the ``SOLO_SCALE`` scale, with an
    empty spot or Einstein counted ``empty_distance`` years away. The defaults below are the
    harsh reading's numbers, stated here once."""

    name: str = "harsh"
    base: int = 100
    per_year: int = 200
    empty_distance: int = 50

    @classmethod
    def harsh_reading(cls) -> SoloRules:
        """D11's default reading: the numbers of the defaults above."""
        return cls()

    @classmethod
    def tiebreak_reading(cls) -> SoloRules:
        """The alternative of D11: a Mid Century card moves the total by at most ``base`` either
        way, so it mostly breaks ties."""
        return cls(name="tiebreak", per_year=2)

    @classmethod
    def by_name(cls, name: str) -> SoloRules:
        readings = {"harsh": cls.harsh_reading, "tiebreak": cls.tiebreak_reading}
        if name not in readings:
            raise ArgumentError(f"unknown solo reading {name!r}; choose one of {', '.join(readings)}")
        return readings[name]()

    def mid_century_points(self, distance: int | None) -> int:
        """The S6 term in ×100 points."""
        years = self.empty_distance if distance is None else distance
        return self.base - self.per_year * years


def solo_numbers(rules: SoloRules | None = None) -> dict[str, int]:
    """The numbers the solo sentences quote, read from the records that hold them (S2–S6,
    D11): ``scale`` (points per fame point), ``pair`` (a pair goal's points before the
    market penalty), Mid Century's ``year``, ``base`` and ``per_year``, the ``empty`` distance
    of an empty Mid Century and its term ``empty_points``.

    >>> solo_numbers()["per_year"], solo_numbers()["empty_points"]
    (200, -9900)
    """
    rules = rules or SoloRules()
    return {
        "scale": SOLO_SCALE,
        "pair": SOLO_PAIR_MAX * SOLO_SCALE,
        "year": MID_CENTURY_YEAR,
        "base": rules.base,
        "per_year": rules.per_year,
        "empty": rules.empty_distance,
        "empty_points": rules.mid_century_points(None),
    }


def _market_years(market: Iterable[Card | str]) -> list[int]:
    cards = [Card.parse(c) if isinstance(c, str) else c for c in market]
    return [c.year for c in cards if c.year is not None]  # S5: Einstein never counts


SOLO_PAIR_MAX = RANK_POINTS[0]  # S4, S5: the pair's fame before the market penalty


def costs_a_point(goal: str | Goal, year: Any, left: Any, right: Any) -> Any:
    """S4/S5: whether a market card of ``year`` costs the solo pair ``left``–``right`` of
    ``goal`` a point — the record's ``costs_a_point`` (:mod:`.goals`).

    Works element-wise on ints or numpy arrays alike (scalar scoring, the array engine,
    the odds and the bots all call it). A year below 1900 — Einstein, or an empty market
    place written as −1 — never counts (S5).
    """
    rule = pair_goal(goal).costs_a_point
    assert rule is not None  # every pair goal has its market penalty
    return rule(year, left, right)


def solo_pair_points(hits: Any) -> Any:
    """S4/S5: 5 fp minus the market cards that cost a point, never below 0 (ints or arrays)."""
    return np.maximum(0, SOLO_PAIR_MAX - hits)


def solo_pair_line(hall: Hall, market: Iterable[Card | str]) -> ScoreLine | None:
    """S4/S5: 5 fp minus the market cards that beat the pair; min 0; incomplete → 0."""
    found = _gap_spots(hall)
    if found is None:
        return None
    scored, spots = found
    assert scored.solo_rule is not None and scored.market_reason is not None
    pair = _complete_pair(spots)
    if pair is None:
        return _line(scored.key, scored.solo_rule, 0, _pair_reason(spots))
    a, b = _years(pair)
    hits = [y for y in _market_years(market) if costs_a_point(scored, y, a, b)]
    points = int(solo_pair_points(len(hits)))
    where = Phrase(scored.market_reason, (("a", a), ("b", b)))
    message = MARKET_FLOOR if len(hits) > SOLO_PAIR_MAX else MARKET
    return _line(scored.key, scored.solo_rule, points, message, pair, most=SOLO_PAIR_MAX, count=len(hits), where=where)


def solo_score(
    hall: Hall,
    market: Iterable[Card | str] = (),
    rules: SoloRules | None = None,
    *,
    secret_decade: int | None = None,
    name: str = "You",
) -> PlayerScore:
    """The solo score (S1–S7): fame points per goal in ``.points`` and the ×100 total.

    ``market`` is the cards left on the Continents tile at the end (at most 18, R5).

    >>> hall = Hall.parse("1901OC 1920SA 1940AF 1950AS 1960EU 1970NA / . . . . / . / . . . / . .")
    >>> score = solo_score(hall, market=["1905EU", "1999NA"])
    >>> score.points["six_continents"], score.points["decades"], score.points["empty_spots"]
    (1, 6, -10)
    """
    rules = rules or SoloRules()
    market = list(market)
    if len(market) > TILE_CARDS:
        raise ArgumentError(f"the Continents tile holds at most {TILE_CARDS} cards, not {len(market)} (S4)", rule="S4")
    six = hall.has_all_continents
    missing = tuple(c for c in CONTINENTS if c not in hall.continents)
    solo_rule = SIX_CONTINENTS.solo_rule or ""
    lines = [
        _line(SIX_CONTINENTS.key, solo_rule, 1, ALL_SIX)
        if six
        else _line(SIX_CONTINENTS.key, solo_rule, 0, MISSING_CONTINENTS, continents=missing)
    ]
    pair = solo_pair_line(hall, market)
    if pair is not None:
        lines.append(pair)
    lines += [
        continent_focus_line(hall),
        decades_line(hall),
        chain_line(hall),
        empty_spots_line(hall),
        depot_line(hall),
    ]
    if secret_decade is not None:
        lines.append(secret_decade_line(hall, secret_decade))
    distance = mid_century_distance(hall)
    term = rules.mid_century_points(distance)
    years = rules.empty_distance if distance is None else distance
    terms: dict[str, Any] = {
        "base": rules.base,
        "per_year": rules.per_year,
        "years": years,
        "term": term,
        "reading": rules.name,
    }
    if distance is None:
        lines.append(_line(MID_CENTURY.key, MID_CENTURY.rule, term / SOLO_SCALE, MID_EMPTY, **terms))
    else:
        lines.append(
            _line(
                MID_CENTURY.key,
                MID_CENTURY.rule,
                term / SOLO_SCALE,
                MID_DISTANCE,
                distance=distance,
                year=MID_CENTURY_YEAR,
                **terms,
            )
        )
    return PlayerScore(name, tuple(lines), distance, scale=SOLO_SCALE)
