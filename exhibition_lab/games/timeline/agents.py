"""Timeline bots that know some history, a play session for the app, and simulations.

The bots are :class:`~exhibition_lab.core.agents.Agent` objects. A :class:`HistoryBot`
sees only its seat's :class:`~exhibition_lab.games.timeline.rules.TimelineView` (subjects,
no years, T7). What it knows comes from its own memory, a *book* of subject → year: its
belief of a card's year is the true year plus seeded normal noise whose standard deviation
is its ``knowledge`` in years (0 = perfect). It plays the card and gap its belief makes
most likely to be right. A card it saw turned over and removed it remembers exactly.

:class:`TimelineSession` is the app's model (a :class:`~exhibition_lab.core.session.Session`).
:func:`simulate_timeline` plays many seeded games; :func:`knowledge_win_rates` measures how
a bot's chance to win depends on its knowledge and on the number of players. Both run on
:func:`~exhibition_lab.core.simulate.run_tasks`: one progress bar, Ctrl-C stops them, and
``processes`` spreads the games over processes without changing a single result.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

from ...core.agents import Agent, RandomAgent
from ...core.budget import Budget
from ...core.errors import ArgumentError, ExhibitionLabError
from ...core.session import HUMAN, Session
from ...core.simulate import Task, run_tasks, shards, worker_count
from ...core.stats import share_interval
from ...core.words import tells_about, told
from .game import Timeline
from .rules import MAX_PLAYERS, Play, Reveal, Subject, TimelineCard, TimelineView, timeline_deck

__all__ = [
    "HUMAN",
    "HistoryBot",
    "KnowledgeResult",
    "RandomTimelineBot",
    "TimelineResult",
    "TimelineSession",
    "book_of",
    "knowledge_win_rates",
    "make_timeline_bot",
    "play_timeline",
    "simulate_timeline",
]

#: Plays a uniformly random card into a uniformly random gap (knows no history).
RandomTimelineBot = RandomAgent


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
                out[Play(subject.id, gap)] = _normal_cdf((high - belief) / spread) - _normal_cdf(
                    (low - belief) / spread
                )
        return out

    def choose(self, view: TimelineView, moves: Sequence[Play], rng: np.random.Generator) -> Play:
        chances = self.chances(view, rng)
        return max(moves, key=lambda a: chances.get(a, -1.0))


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def make_timeline_bot(spec: str | float | Agent, *, book: Mapping[str, int] | None = None) -> Agent:
    """A bot from a spec: ``"random"``, a knowledge spread in years (``10`` or
    ``"history:10"``), or a bot itself (anything with ``choose(view, moves, rng)``)."""
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
    if isinstance(spec, Agent):
        return spec
    raise ArgumentError(f"a Timeline bot is a name, a spread in years or a bot, not {spec!r}")


def play_timeline(
    game: Timeline, bots: Sequence[str | float | Agent], rng: np.random.Generator, *, max_turns: int = 100_000
) -> Timeline:
    """Play ``game`` to the end with one bot per seat; returns the game."""
    if len(bots) != game.n_players:
        raise ArgumentError(f"{game.n_players} seat(s) need as many bots, got {len(bots)}")
    players = [make_timeline_bot(b, book=book_of(game.deck)) for b in bots]
    for bot in players:
        if isinstance(bot, HistoryBot):
            bot.reset()
    for _ in range(max_turns):
        if game.is_over:
            return game
        game.apply(players[game.current].choose(game.view(), game.legal_actions(), rng))
    raise ExhibitionLabError(f"the game did not end within {max_turns} turns")


# ---------------------------------------------------------------------- play session
class TimelineSession(Session[Timeline]):
    """One game with a kind per seat (``"human"`` or a bot spec), the app's model.

    A person's play goes through :meth:`act`; the bots then play until a person is to move
    or the game is over. :attr:`reveals` holds every play as everyone saw it, newest last.
    """

    bots: Mapping[str, Callable[[], Agent]] = MappingProxyType({"random": RandomTimelineBot})
    rng_key = 0x71E  # the bots' generator is seeded with (seed, rng_key)

    def __init__(self, game: Timeline, seats: Sequence[str | float | Agent], *, seed: int = 0) -> None:
        if len(seats) != game.n_players:
            raise ArgumentError(f"{game.n_players} seat(s) need as many kinds, got {len(seats)}")
        book = book_of(game.deck)
        super().__init__(game, [s if s == HUMAN else make_timeline_bot(s, book=book) for s in seats], seed=seed)

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

    @property
    def reveals(self) -> tuple[Reveal, ...]:
        """Every play so far as everyone saw it, oldest first."""
        return self.game.reveals()

    def is_addressed(self, seat: int) -> bool:
        """Whether the app speaks to ``seat`` as "you": the only person at the screen."""
        return self.human_seats == [seat]


# ---------------------------------------------------------------------- simulations
def _game_seeds(seed: int, *key: int, n: int) -> np.ndarray:
    """Game ``k``'s seed: word ``k`` of a seed sequence of the run's seed and ``key``. The
    notebooks' numbers were measured with these seeds, so they stay as they are."""
    return np.random.SeedSequence([seed, *key]).generate_state(n, dtype=np.uint32)


def _play_seeded(bots: Sequence[Agent | str | float], game_seed: int, deck: Sequence[TimelineCard] | None) -> Timeline:
    game = Timeline.new(len(bots), seed=int(game_seed), deck=deck)
    return play_timeline(game, bots, np.random.default_rng([int(game_seed), 0xB07]))


def _win_shares(game: Timeline) -> np.ndarray:
    """1 for a sole winner, 1/k each for k sharing the win."""
    shares = np.zeros(game.n_players)
    for seat in game.winners:
        shares[seat] = 1 / len(game.winners)
    return shares


def _tasks(function: Any, fixed: tuple[Any, ...], seeds: np.ndarray, workers: int, first: int = 0) -> list[Task]:
    """One task per shard of ``seeds``: ``function(*fixed, shard_seeds, index_of_first_game)``."""
    return [(function, (*fixed, seeds[part], first + part.start)) for part in shards(len(seeds), workers)]


def _simulate_shard(
    bots: Sequence[Agent], deck: Sequence[TimelineCard] | None, seeds: np.ndarray, first: int
) -> dict[str, np.ndarray]:
    games = [_play_seeded(bots, game_seed, deck) for game_seed in seeds]
    return {
        "shares": np.array([_win_shares(g) for g in games]).reshape(len(games), len(bots)),
        "turns": np.array([g.turn - 1 for g in games], dtype=np.int64),
    }


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
        return np.asarray(self.shares.mean(axis=0))

    def interval(self, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
        """Normal-approximation confidence band of every seat's win rate."""
        return share_interval(self.win_rates(), self.n_games, level)

    def summary(self) -> str:
        """Games, turns and each seat's share of wins: in the reader's language once the ``ui``
        layer has given its words for ``"summary"``, in English otherwise."""
        words: str | None = told(self, "summary") if tells_about(self, "summary") else None
        if words is not None:
            return words
        lines = [f"{self.n_games:,} game(s), seed {self.seed}, {self.turns.mean():.1f} turns per game"]
        rates = self.win_rates()
        lines += [f"seat {k} ({bot}): wins {rate:.1%}" for k, (bot, rate) in enumerate(zip(self.bots, rates))]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"TimelineResult(bots={self.bots}, seed={self.seed}, n_games={self.n_games})"


def simulate_timeline(
    n_games: int,
    bots: Sequence[str | float | Agent] = (10, 10),
    *,
    seed: int = 0,
    deck: Sequence[TimelineCard] | None = None,
    progress: bool = True,
    processes: int | None = 1,
    client: Any = None,
    budget: Budget | None = None,
) -> TimelineResult:
    """Play ``n_games`` seeded games with one bot per seat (a spread in years, ``"random"``
    or a bot).

    Every game depends on ``seed`` and its index alone, so ``processes`` (``None``: every
    core) or a dask ``client`` change only the speed. One progress bar shows the run and
    Ctrl-C stops it (``KeyboardInterrupt``, no partial result). ``budget`` scales
    ``n_games`` (:meth:`Budget.of`: the environment's budget when ``None``).
    """
    if not 2 <= len(bots) <= MAX_PLAYERS:
        raise ArgumentError(f"one bot per seat, 2 to {MAX_PLAYERS} seats (T1); got {len(bots)}", rule="T1")
    players = [make_timeline_bot(b) for b in bots]
    n_games = Budget.of(budget).scaled(n_games, minimum=20)
    seeds = _game_seeds(seed, len(bots), n=n_games)
    workers = 1 if client is not None else worker_count(processes)
    tasks = _tasks(_simulate_shard, (players, None if deck is None else tuple(deck)), seeds, workers)
    out = run_tasks(
        tasks, total=n_games, processes=processes, client=client, progress=progress, desc="timeline", count_key="turns"
    )
    return TimelineResult(tuple(getattr(b, "name", str(b)) for b in players), seed, out["shares"], out["turns"])


def _knowledge_shard(
    spread: float, reference: float, players: int, seeds: np.ndarray, first: int
) -> dict[str, np.ndarray]:
    """The tested bot's win share in each game; game ``k`` of the cell seats it at ``k % players``."""
    tested, others = HistoryBot(spread), [HistoryBot(reference) for _ in range(players - 1)]
    shares = np.zeros(len(seeds))
    for row, game_seed in enumerate(seeds):
        seat = (first + row) % players
        bots = others[:seat] + [tested] + others[seat:]
        shares[row] = _win_shares(_play_seeded(bots, game_seed, None))[seat]
    return {"shares": shares}


def _mean(shares: np.ndarray) -> float:
    """The mean, summed game after game (as the notebooks' numbers were)."""
    total = 0.0
    for share in shares:
        total += float(share)
    return total / len(shares)


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
        return share_interval(self.win_rate, self.n_games, level)

    def rows(self) -> list[dict[str, float]]:
        """One row per player count: the win rate for each spread."""
        return [
            {"players": p, **{f"±{s:g} years": float(self.win_rate[i, j]) for j, s in enumerate(self.spreads)}}
            for i, p in enumerate(self.players)
        ]

    def __repr__(self) -> str:
        spreads = ", ".join(f"{s:g}" for s in self.spreads)
        return (
            f"KnowledgeResult(players={self.players}, spreads=({spreads}), reference={self.reference:g}, "
            f"n_games={self.n_games}, seed={self.seed})"
        )


def knowledge_win_rates(
    n_games: int = 300,
    spreads: Sequence[float] = (0, 2, 5, 10, 20, 40),
    players: Sequence[int] = (2, 4, 6),
    *,
    reference: float = 10.0,
    seed: int = 0,
    progress: bool = True,
    processes: int | None = 1,
    client: Any = None,
    budget: Budget | None = None,
) -> KnowledgeResult:
    """How a bot's knowledge changes its chance to win: for each player count and spread,
    ``n_games`` games of one bot of that spread against bots of the ``reference`` spread.

    The tested bot's seat turns round from game to game, so no seat is favoured. Seeded
    (game ``k`` of a cell depends on ``seed``, the cell and ``k`` alone), with one progress
    bar, interruptible, over ``processes`` or a dask ``client``; ``budget`` scales
    ``n_games`` (:meth:`Budget.of`).
    """
    for p in players:
        if not 2 <= p <= MAX_PLAYERS:
            raise ArgumentError(f"T1: 2 to {MAX_PLAYERS} players, not {p}", rule="T1")
    n_games = Budget.of(budget).scaled(n_games, minimum=10)
    workers = 1 if client is not None else worker_count(processes)
    tasks: list[Task] = []
    for p in players:
        for j, spread in enumerate(spreads):
            seeds = _game_seeds(seed, p, j, n=n_games)
            tasks += _tasks(_knowledge_shard, (float(spread), float(reference), p), seeds, workers)
    total = n_games * len(players) * len(spreads)
    out = run_tasks(
        tasks, total=total, processes=processes, client=client, progress=progress, desc="knowledge", count_key="shares"
    )
    rates = np.array([_mean(cell) for cell in out["shares"].reshape(-1, n_games)]).reshape(len(players), len(spreads))
    return KnowledgeResult(tuple(float(s) for s in spreads), tuple(players), float(reference), n_games, seed, rates)
