"""Timeline bots that know some history, a play session for the app, and simulations.

A :class:`HistoryBot` sees only its seat's :class:`~exhibition_lab.games.timeline.game.TimelineView`
(subjects, no years, T7). What it knows comes from its own memory, a *book* of subject →
year: its belief of a card's year is the true year plus seeded normal noise whose standard
deviation is its ``knowledge`` in years (0 = perfect). It plays the card and gap its belief
makes most likely to be right. A card it saw turned over and removed it remembers exactly.

:func:`simulate_timeline` plays many seeded games; :func:`knowledge_win_rates` measures how
a bot's chance to win depends on its knowledge and on the number of players.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from ...core import budget
from ...core.errors import ArgumentError, ExhibitionLabError
from .game import MAX_PLAYERS, Play, Reveal, Subject, Timeline, TimelineCard, TimelineView, timeline_deck

HUMAN = "human"


@runtime_checkable
class TimelineBot(Protocol):
    """Anything with a ``name`` and ``choose(view, actions, rng) -> Play``."""

    name: str

    def choose(self, view: TimelineView, actions: Sequence[Play], rng: np.random.Generator) -> Play: ...


class RandomTimelineBot:
    """Plays a uniformly random card into a uniformly random gap (knows no history)."""

    name = "random"

    def choose(self, view: TimelineView, actions: Sequence[Play], rng: np.random.Generator) -> Play:
        return actions[int(rng.integers(len(actions)))]


def book_of(deck: Sequence[TimelineCard] | None = None) -> dict[str, int]:
    """A bot's memory of history: subject title → year (the standard deck by default)."""
    return {card.title: card.year for card in timeline_deck(deck)}


class HistoryBot:
    """A bot whose belief of a card's year is the true year plus noise of spread
    ``knowledge`` years (normal, drawn once per subject and game from the seeded generator).

    ``book`` maps subject titles to years (the standard deck by default); a subject not in
    it is guessed as the middle of the timeline with the same spread.
    """

    def __init__(self, knowledge: float = 10.0, book: Mapping[str, int] | None = None) -> None:
        if not (isinstance(knowledge, (int, float)) and 0 <= knowledge <= 1000):
            raise ArgumentError(f"knowledge is a spread of 0–1000 years, not {knowledge!r}")
        self.knowledge = float(knowledge)
        self.name = f"history ±{knowledge:g}"
        self._book = dict(book) if book is not None else book_of()
        self._beliefs: dict[str, float] = {}

    def reset(self) -> None:
        """Forget the beliefs of the last game (a new game draws new noise)."""
        self._beliefs = {}

    def belief(self, subject: Subject, view: TimelineView, rng: np.random.Generator) -> float:
        """The year this bot believes the subject has."""
        self.remember(view)
        if subject.title not in self._beliefs:
            years = view.years
            truth = self._book.get(subject.title, (years[0] + years[-1]) / 2 if years else 1950)
            self._beliefs[subject.title] = truth + self.knowledge * float(rng.standard_normal())
        return self._beliefs[subject.title]

    def remember(self, view: TimelineView) -> None:
        """Removed cards were turned over in front of everyone: from now on their years are
        known exactly, also after a reshuffle brings them back (T6)."""
        for card in view.removed:
            self._beliefs[card.title] = float(card.year)

    def chances(self, view: TimelineView, rng: np.random.Generator) -> dict[Play, float]:
        """For every legal play, the chance that it is right as this bot believes it."""
        years = view.years
        # A year is a whole number: the interval between neighbours widens by half a year.
        edges = [-math.inf, *years, math.inf]
        spread = max(self.knowledge, 0.3)
        out: dict[Play, float] = {}
        for subject in view.hand:
            belief = self.belief(subject, view, rng)
            for gap in range(len(years) + 1):
                low, high = edges[gap] - 0.5, edges[gap + 1] + 0.5
                chance = _normal_cdf((high - belief) / spread) - _normal_cdf((low - belief) / spread)
                out[Play(subject.id, gap)] = chance
        return out

    def choose(self, view: TimelineView, actions: Sequence[Play], rng: np.random.Generator) -> Play:
        chances = self.chances(view, rng)
        return max(actions, key=lambda a: chances.get(a, -1.0))


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def make_timeline_bot(spec: str | float | TimelineBot, *, book: Mapping[str, int] | None = None) -> TimelineBot:
    """A bot from a spec: ``"random"``, a knowledge spread in years (``10`` or
    ``"history:10"``), or a bot itself."""
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        return HistoryBot(float(spec), book)
    if isinstance(spec, str):
        if spec == "random":
            return RandomTimelineBot()
        if spec.startswith("history:"):
            try:
                return HistoryBot(float(spec.split(":", 1)[1]), book)
            except ValueError:
                pass
        raise ArgumentError(f"unknown Timeline bot {spec!r}; use 'random', a spread in years or 'history:<years>'")
    if isinstance(spec, TimelineBot):
        return spec
    raise ArgumentError(f"a Timeline bot is a name, a spread in years or a bot, not {spec!r}")


def play_timeline(
    game: Timeline, bots: Sequence[str | float | TimelineBot], rng: np.random.Generator, *, max_turns: int = 100_000
) -> Timeline:
    """Play ``game`` to the end with one bot per seat; returns the game."""
    if len(bots) != game.n_players:
        raise ArgumentError(f"{game.n_players} seat(s) need as many bots, got {len(bots)}")
    players = [make_timeline_bot(b, book=book_of(game.deck)) for b in bots]
    for bot in players:
        if hasattr(bot, "reset"):
            bot.reset()
    for _ in range(max_turns):
        if game.is_over:
            return game
        actions = game.legal_actions()
        game.apply(players[game.current].choose(game.view(), actions, rng))
    raise ExhibitionLabError(f"the game did not end within {max_turns} turns")


# ---------------------------------------------------------------------- play session
class TimelineSession:
    """One game with a kind per seat (``"human"`` or a bot spec), the widget's model.

    Human plays go through :meth:`act`; the bots then play until a human is to move or the
    game is over. :attr:`reveals` keeps every play as everyone saw it, newest last.
    """

    def __init__(self, game: Timeline, seats: Sequence[str | float | TimelineBot], *, seed: int = 0) -> None:
        if len(seats) != game.n_players:
            raise ArgumentError(f"{game.n_players} seat(s) need as many kinds, got {len(seats)}")
        self.game = game
        self.seats = [s if isinstance(s, str) else getattr(s, "name", f"history ±{s:g}") for s in seats]
        book = book_of(game.deck)
        self._bots = {k: make_timeline_bot(s, book=book) for k, s in enumerate(seats) if s != HUMAN}
        self._rng = np.random.default_rng([seed, 0x71E])
        self.reveals: list[Reveal] = []

    @classmethod
    def new(
        cls,
        players: int = 2,
        *,
        knowledge: float = 10.0,
        seed: int = 0,
        names: Sequence[str] | None = None,
        mistakes: int = 3,
    ) -> TimelineSession:
        """You (seat 1) against ``players − 1`` history bots of the given knowledge; one
        player is solo practice (T8)."""
        if not 1 <= players <= MAX_PLAYERS:
            raise ArgumentError(f"T1: Timeline has 1 to {MAX_PLAYERS} players, not {players}", rule="T1")
        names = list(names) if names else ["You"] + [f"Bot {k + 1}" for k in range(1, players)]
        game = Timeline.new(names, seed=seed, mistakes=mistakes)
        session = cls(game, [HUMAN] + [knowledge] * (players - 1), seed=seed)
        session.run_bots()
        return session

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def humans_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.current)

    @property
    def viewer(self) -> int:
        """The human seat whose hand the board shows (seat 0 in a game of bots)."""
        if self.humans_turn:
            return self.game.current
        return next((k for k in range(self.game.n_players) if self.is_human(k)), 0)

    def act(self, action: Play | str) -> list[Reveal]:
        """Play for the human to move (raises IllegalAction, changing nothing, when not
        allowed), then let the bots play; returns the new reveals, the human's first."""
        if self.game.is_over:
            raise ExhibitionLabError("the game is over; start a new one")
        if not self.humans_turn:
            raise ExhibitionLabError(f"it is {self.game.current_player}'s turn (a bot)")
        self.game.apply(action)
        mine = self.game.last
        self.reveals.append(mine)
        return [mine, *self.run_bots()]

    def run_bots(self) -> list[Reveal]:
        """Bots play until a human is to move or the game ends; returns their reveals."""
        done = []
        while not self.game.is_over and not self.is_human(self.game.current):
            seat = self.game.current
            action = self._bots[seat].choose(self.game.view(), self.game.legal_actions(), self._rng)
            self.game.apply(action)
            done.append(self.game.last)
        self.reveals.extend(done)
        return done

    def describe(self, reveal: Reveal) -> str:
        """One sentence about a play: right or wrong, the subject and its true year."""
        humans = [k for k in range(self.game.n_players) if self.is_human(k)]
        who = "You" if humans == [reveal.seat] else self.game.players[reveal.seat]
        card = reveal.card
        where = _between(reveal)
        if reveal.correct:
            text = f"{who} placed “{card.title}” right: {card.year}, {where}."
        else:
            text = f"{who} placed “{card.title}” wrong: it is {card.year}, not {where}."
            if reveal.drew and not self.game.is_solo:
                text += " The card is removed and a new one drawn."
        if reveal.reshuffled:
            text += " The pile ran out: removed cards were shuffled into a new pile."
        names = _and_join([self.game.players[s] for s in reveal.emptied])
        if reveal.round_end == "playoff":
            text += f" {names} emptied their hands this round: only they play on, each with a new card."
        elif reveal.round_end == "shared":
            text += f" {names} emptied their hands and no cards are left: they share the win."
        return text


def _and_join(names: Sequence[str]) -> str:
    """``["Ada", "Bea", "Cy"]`` → ``"Ada, Bea and Cy"``."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _between(reveal: Reveal) -> str:
    left, right = reveal.left_year, reveal.right_year
    if left is None and right is None:
        return "the first card"
    if left is None:
        return f"before {right}"
    if right is None:
        return f"after {left}"
    return f"between {left} and {right}"


# ---------------------------------------------------------------------- simulations
def _game_seeds(seed: int, *key: int, n: int) -> np.ndarray:
    return np.random.SeedSequence([seed, *key]).generate_state(n, dtype=np.uint32)


def _progress_bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc=desc)


def _play_seeded(bots: Sequence[TimelineBot | str | float], game_seed: int, deck) -> Timeline:
    game = Timeline.new(len(bots), seed=int(game_seed), deck=deck)
    return play_timeline(game, bots, np.random.default_rng([int(game_seed), 0xB07]))


def _win_shares(game: Timeline) -> np.ndarray:
    """1 for a sole winner, 1/k each for k sharing the win."""
    shares = np.zeros(game.n_players)
    for seat in game.winners:
        shares[seat] = 1 / len(game.winners)
    return shares


@dataclass(frozen=True)
class TimelineResult:
    """Outcome of :func:`simulate_timeline`: win shares (rows: games, columns: seats) and
    the number of turns of each game."""

    bots: tuple[str, ...]
    seed: int
    shares: np.ndarray
    turns: np.ndarray

    @property
    def n_games(self) -> int:
        return len(self.shares)

    def win_rates(self) -> np.ndarray:
        """Share of games each seat won (a shared win counts as 1/k)."""
        return self.shares.mean(axis=0)

    def summary(self) -> str:
        lines = [f"{self.n_games} game(s), seed {self.seed}, {self.turns.mean():.1f} turns per game"]
        rates = self.win_rates()
        lines += [f"seat {k} ({bot}): wins {rate:.1%}" for k, (bot, rate) in enumerate(zip(self.bots, rates))]
        return "\n".join(lines)


def simulate_timeline(
    n_games: int,
    bots: Sequence[str | float] = (10, 10),
    *,
    seed: int = 0,
    deck: Sequence[TimelineCard] | None = None,
    progress: bool = True,
) -> TimelineResult:
    """Play ``n_games`` seeded games with one bot per seat (a spread in years or ``"random"``).

    Every game depends on ``seed`` and its index alone. A ``tqdm`` bar shows progress and
    Ctrl-C stops the run (``KeyboardInterrupt``, no partial result). Under the test suite's
    notebook kernels :mod:`exhibition_lab.core.budget` scales ``n_games`` down.
    """
    if not 2 <= len(bots) <= MAX_PLAYERS:
        raise ArgumentError(f"one bot per seat, 2 to {MAX_PLAYERS} seats (T1); got {len(bots)}", rule="T1")
    players = [make_timeline_bot(b) for b in bots]
    n_games = budget.scaled(n_games, minimum=20)
    seeds = _game_seeds(seed, len(bots), n=n_games)
    shares = np.zeros((n_games, len(bots)))
    turns = np.zeros(n_games, dtype=np.int64)
    bar = _progress_bar(n_games, progress, "timeline")
    try:
        for row, game_seed in enumerate(seeds):
            game = _play_seeded(players, game_seed, deck)
            shares[row], turns[row] = _win_shares(game), game.turn - 1
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return TimelineResult(tuple(getattr(b, "name", str(b)) for b in players), seed, shares, turns)


@dataclass(frozen=True)
class KnowledgeResult:
    """Win rate of one bot of each spread against bots of the ``reference`` spread, for
    each player count: ``win_rate[i, j]`` for ``players[i]`` and ``spreads[j]``."""

    spreads: tuple[float, ...]
    players: tuple[int, ...]
    reference: float
    n_games: int
    seed: int
    win_rate: np.ndarray

    def fair_share(self) -> np.ndarray:
        """The win rate of a bot no better than the others: 1 / players."""
        return 1 / np.array(self.players, dtype=float)

    def interval(self, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
        """Normal-approximation confidence band of every win rate."""
        from statistics import NormalDist

        z = NormalDist().inv_cdf(0.5 + level / 2)
        half = z * np.sqrt(self.win_rate * (1 - self.win_rate) / self.n_games)
        return np.clip(self.win_rate - half, 0, 1), np.clip(self.win_rate + half, 0, 1)

    def rows(self) -> list[dict[str, float]]:
        """One row per player count: the win rate for each spread."""
        return [
            {"players": p, **{f"±{s:g} years": float(self.win_rate[i, j]) for j, s in enumerate(self.spreads)}}
            for i, p in enumerate(self.players)
        ]

    def __str__(self) -> str:
        head = "players " + " ".join(f"{f'±{s:g} y':>7}" for s in self.spreads) + "   fair"
        lines = [f"Win rate of one bot against bots of ±{self.reference:g} years ({self.n_games} games per cell)", head]
        for i, p in enumerate(self.players):
            rates = " ".join(f"{rate:>7.0%}" for rate in self.win_rate[i])
            lines.append(f"{p:>7} {rates} {1 / p:>6.0%}")
        return "\n".join(lines)

    __repr__ = __str__  # a table, also where a notebook is read without HTML


def knowledge_win_rates(
    n_games: int = 300,
    spreads: Sequence[float] = (0, 2, 5, 10, 20, 40),
    players: Sequence[int] = (2, 4, 6),
    *,
    reference: float = 10.0,
    seed: int = 0,
    progress: bool = True,
) -> KnowledgeResult:
    """How a bot's knowledge changes its chance to win: for each player count and spread,
    ``n_games`` games of one bot of that spread against bots of the ``reference`` spread.

    The tested bot's seat turns round from game to game, so no seat is favoured. Seeded,
    with a progress bar, interruptible; :func:`exhibition_lab.core.budget.scaled` sets the size.
    """
    for p in players:
        if not 2 <= p <= MAX_PLAYERS:
            raise ArgumentError(f"T1: 2 to {MAX_PLAYERS} players, not {p}", rule="T1")
    n_games = budget.scaled(n_games, minimum=10)
    rates = np.zeros((len(players), len(spreads)))
    bar = _progress_bar(n_games * rates.size, progress, "knowledge")
    try:
        for i, p in enumerate(players):
            for j, spread in enumerate(spreads):
                tested, others = HistoryBot(spread), [HistoryBot(reference) for _ in range(p - 1)]
                wins = 0.0
                for k, game_seed in enumerate(_game_seeds(seed, p, j, n=n_games)):
                    seat = k % p
                    bots = others[:seat] + [tested] + others[seat:]
                    wins += _win_shares(_play_seeded(bots, game_seed, None))[seat]
                    if bar is not None:
                        bar.update(1)
                rates[i, j] = wins / n_games
    finally:
        if bar is not None:
            bar.close()
    return KnowledgeResult(tuple(float(s) for s in spreads), tuple(players), float(reference), n_games, seed, rates)
