"""Many games at once: seeded, sharded over processes or a dask cluster, with progress.

Every game's seed is derived from ``seed`` and the game's index alone, so the results are
the same whatever the number of processes or shards.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context
from typing import TYPE_CHECKING, cast

import numpy as np

from ...core.budget import Budget
from ...core.errors import ArgumentError, ExhibitionLabError
from ...core.seeding import check_seed
from .agents import Bot, make_bot, play_game
from .arrays.engine import deal_games, play
from .arrays.policies import POLICIES, Policy
from .arrays.scoring import score
from .arrays.solo import FAST_POLICIES, BatchResult, play_batch
from .game import Game
from .rules.cards import TILE_CARDS
from .rules.deal import MAX_PLAYERS
from .rules.layout import Layout
from .rules.scoring import GOAL_LABELS, SoloRules

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client
    from tqdm.auto import tqdm

#: What one shard sends back: plain arrays by name ("scores", "markets", "goal:<label>").
Parts = dict[str, np.ndarray]
#: One shard of a run: the function that plays it and its arguments (the engines' shards take different ones).
_Task = tuple[Callable[..., Parts], tuple[object, ...]]

_SEED_MASK = (1 << 63) - 1


def game_seeds(seed: int, n_games: int) -> np.ndarray:
    """The per-game seeds of a run: a pure function of ``seed`` and the game index."""
    words = np.random.SeedSequence(check_seed(seed)).generate_state(2 * n_games, dtype=np.uint32).astype(np.uint64)
    return ((words[0::2] << np.uint64(32)) | words[1::2]) & np.uint64(_SEED_MASK)


@dataclass(frozen=True)
class _Job:
    """Every setting of a run, as values (never re-derived from a name in the worker)."""

    bots: tuple[str | Bot, ...]
    layout: Layout
    secret_decades: bool
    solo_rules: SoloRules
    rotate_seats: bool = False


def bot_rng(game_seed: int) -> np.random.Generator:
    """The generator a bot draws from in the game of ``game_seed`` (its own stream, apart from
    the deal's, so that a bot that draws does not change the cards)."""
    return np.random.default_rng([int(game_seed), 0xB07])


MARKET_SLOTS = TILE_CARDS


def _market_row(game: Game) -> list[int]:
    years = [-1 if c.year is None else c.year for c in game.market_cards]
    return years + [-1] * (MARKET_SLOTS - len(years))


def _play_one(job: _Job, game_seed: int, bots: list[Bot]) -> tuple[list[int], dict[str, list[float]], list[int]]:
    game = Game.new(len(job.bots), seed=int(game_seed), layout=job.layout, secret_decades=job.secret_decades)
    play_game(game, bots, bot_rng(game_seed))
    sheet = game.score(solo_rules=job.solo_rules)
    scores = [sheet[name] for name in game.players]
    goals = {goal: [s.points.get(goal, np.nan) for s in scores] for goal in GOAL_LABELS}
    return [s.total for s in scores], goals, _market_row(game)


def seating(n_bots: int, game_index: int, rotate: bool) -> list[int]:
    """Which bot sits in each seat of a game: bot ``(seat + game_index) % n_bots`` when
    ``rotate``, so that over every ``n_bots`` games each bot sits once in each seat."""
    shift = game_index % n_bots if rotate else 0
    return [(seat + shift) % n_bots for seat in range(n_bots)]


def _run_shard(job: _Job, seeds: np.ndarray, first_game: int = 0) -> dict[str, np.ndarray]:
    """Play the games of one shard; returns plain arrays (cheap to send between processes),
    one column per bot (per seat too, unless the seats rotate)."""
    bots = [make_bot(b) for b in job.bots]
    totals = np.zeros((len(seeds), len(job.bots)), dtype=np.int64)
    goals = {goal: np.full((len(seeds), len(job.bots)), np.nan) for goal in GOAL_LABELS}
    markets = np.full((len(seeds), MARKET_SLOTS), -1, dtype=np.int16)
    for row, game_seed in enumerate(seeds):
        order = seating(len(bots), first_game + row, job.rotate_seats)
        by_seat, game_goals, markets[row] = _play_one(job, game_seed, [bots[k] for k in order])
        totals[row, order] = by_seat
        for goal, values in game_goals.items():
            goals[goal][row, order] = values
    return {"scores": totals, "markets": markets, **{f"goal:{g}": v for g, v in goals.items()}}


@dataclass(frozen=True)
class SimulationResult:
    """Outcome of :func:`simulate`: one row per game, one column per seat.

    ``scores`` holds totals (the ×100 solo total for one seat); ``points[goal]`` the fame
    points of each goal (NaN where a goal is not in play); ``markets`` the years of the
    cards left on the Continents tile at the end (−1 for Einstein or an empty place).
    With ``rotated`` (``simulate(..., rotate_seats=True)``) the columns are the bots in the
    order given, each having sat in every seat in turn; otherwise they are the seats.
    """

    bots: tuple[str, ...]
    seed: int
    seeds: np.ndarray
    scores: np.ndarray
    points: dict[str, np.ndarray] = field(repr=False)
    markets: np.ndarray = field(repr=False, default_factory=lambda: np.empty((0, MARKET_SLOTS), dtype=np.int16))
    rotated: bool = False

    @property
    def n_games(self) -> int:
        return len(self.scores)

    @property
    def is_solo(self) -> bool:
        seats: int = self.scores.shape[1]
        return seats == 1

    def mean(self) -> np.ndarray:
        """Mean total per seat."""
        means: np.ndarray = self.scores.mean(axis=0)
        return means

    def interval(self, level: float = 0.95) -> np.ndarray:
        """Normal-approximation confidence interval of each seat's mean: rows (low, high)."""
        from statistics import NormalDist

        z = NormalDist().inv_cdf(0.5 + level / 2)
        sem = self.scores.std(axis=0, ddof=1) / np.sqrt(max(self.n_games, 1))
        bounds: np.ndarray = np.vstack([self.mean() - z * sem, self.mean() + z * sem])
        return bounds

    def wins(self) -> np.ndarray:
        """Share of games each seat won outright or shared (ties by total only)."""
        best = self.scores.max(axis=1, keepdims=True)
        shares: np.ndarray = (self.scores == best).mean(axis=0)
        return shares

    def shared_wins(self) -> int:
        """Games in which two or more seats tied for the best total."""
        best = self.scores.max(axis=1, keepdims=True)
        return int(((self.scores == best).sum(axis=1) > 1).sum())

    def win_interval(self, level: float = 0.95) -> np.ndarray:
        """Wilson score interval of each seat's :meth:`wins` share: rows (low, high).

        Unlike the normal approximation it stays inside 0…1 and is not empty for a bot
        that never (or always) wins.
        """
        from statistics import NormalDist

        z = NormalDist().inv_cdf(0.5 + level / 2)
        n = max(self.n_games, 1)
        share = self.wins()
        centre = (share + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return np.vstack([np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)])

    def summary(self) -> str:
        low, high = self.interval()
        lines = [f"{self.n_games:,} game(s), seed {self.seed}" + (", seats rotating" if self.rotated else "")]
        for seat, bot in enumerate(self.bots):
            who = bot if self.rotated else f"seat {seat} ({bot})"
            lines.append(f"{who}: mean {self.mean()[seat]:.1f}  95% CI [{low[seat]:.1f}, {high[seat]:.1f}]")
        return "\n".join(lines)

    def to_frame(self) -> pd.DataFrame:
        """Long table (game, seat, bot, total, goals…) as a pandas DataFrame (optional)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ExhibitionLabError("to_frame() needs pandas: pip install pandas") from exc
        games, seats = np.indices(self.scores.shape)
        data = {"game": games.ravel(), "seat": seats.ravel(), "bot": np.array(self.bots)[seats.ravel()]}
        data["total"] = self.scores.ravel()
        for goal, values in self.points.items():
            if not np.isnan(values).all():
                data[goal] = values.ravel()
        return pd.DataFrame(data)


def _bot_label(bot: str | Bot | Policy) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__)


def _shards(n_games: int, workers: int) -> list[slice]:
    size = max(1, min(500, -(-n_games // (workers * 8))))
    return [slice(k, min(k + size, n_games)) for k in range(0, n_games, size)]


BATCH_CHUNK = 10_000  # games per batch-engine task; fixed, so results never depend on the split


def simulate(
    n_games: int,
    bots: Sequence[str | Bot | Policy] = ("random",),
    *,
    seed: int = 0,
    processes: int | None = None,
    layout: Layout | None = None,
    secret_decades: bool = False,
    client: Client | None = None,
    progress: bool = True,
    solo_rules: SoloRules | str = "harsh",
    engine: str = "auto",
    rotate_seats: bool = False,
    budget: Budget | None = None,
) -> SimulationResult:
    """Play ``n_games`` games with one bot per seat (a single seat is the solo game).

    ``processes=None`` uses every core; ``client`` (a ``dask.distributed.Client``) runs the
    shards on a cluster instead. A ``tqdm`` bar shows progress; Ctrl-C stops the run and
    raises ``KeyboardInterrupt`` without returning partial results.

    ``solo_rules`` is a :class:`SoloRules` value (or a reading's name, S6/D11) and reaches
    both engines as that value, custom readings included.

    ``engine`` picks who plays: ``"scalar"`` plays every game on :class:`Game` with the
    bots themselves (``"random"``, ``"greedy"``, ``"search"`` or :class:`Bot` objects);
    ``"batch"`` plays every game — any player count, layout, Secret Decades — in
    lock-step over numpy arrays with batch policies (``"random"``, ``"heuristic"`` or
    :class:`~exhibition_lab.games.exhibition.arrays.policies.Policy` objects; solo games of ``"random"``
    or ``"heuristic"`` on the solo fast path of :mod:`exhibition_lab.games.exhibition.arrays.solo`);
    ``"auto"`` (the default) uses the batch engine wherever it plays the same players — every seat ``"random"``, or a
    batch-only policy — and the scalar engine otherwise. Either way the games depend on
    ``seed`` alone, not on the number of processes or shards. Batch games have no
    per-game seed (``seeds`` is −1).

    ``rotate_seats=True`` turns the seating round from game to game (game ``k`` seats bot
    ``(seat + k) % seats`` in each seat, see :func:`seating`), because the first seat moves
    first in every round; the result's columns are then the bots, in the order given. Only
    the scalar engine rotates (a batch run of one policy in every seat needs no rotation).

    ``budget`` scales ``n_games`` (never below 50): ``Budget(0.05)`` plays a twentieth; without
    one, :meth:`Budget.of` reads the environment (the test suite's notebook kernels set it),
    and everywhere else the run plays exactly ``n_games``.
    """
    seed = check_seed(seed)  # the run's seed is recorded with its result, in the range every game uses
    if engine not in ("auto", "scalar", "batch"):
        raise ArgumentError(f"engine is 'auto', 'scalar' or 'batch', not {engine!r}")
    if n_games < 1:
        raise ArgumentError(f"simulate needs at least one game, not {n_games}")
    if not 1 <= len(bots) <= MAX_PLAYERS:
        raise ArgumentError(f"one bot per seat, 1 to {MAX_PLAYERS} seats (R4); got {len(bots)}", rule="R4")
    kinds = [_player_kind(bot) for bot in bots]  # fails early on an unknown name
    if rotate_seats and len(set(map(_bot_label, bots))) != len(bots):
        raise ArgumentError(f"rotate_seats tells the bots apart by name; these repeat: {list(map(_bot_label, bots))}")
    n_games = Budget.of(budget).scaled(n_games, minimum=50)
    rules = SoloRules.by_name(solo_rules) if isinstance(solo_rules, str) else solo_rules
    if not isinstance(rules, SoloRules):
        raise ArgumentError(f"solo_rules is a SoloRules or a reading's name, not {solo_rules!r}")
    cores = processes or os.cpu_count() or 1
    layout = layout or Layout.base()
    engine = _choose_engine(engine, kinds)
    if rotate_seats and engine == "batch":
        raise ArgumentError("rotate_seats needs the scalar engine (bots such as 'greedy' or 'search')")
    if engine == "batch":
        seeds = np.full(n_games, -1, dtype=np.int64)
        fast = len(bots) == 1 and isinstance(bots[0], str) and bots[0] in FAST_POLICIES
        setting = (tuple(bots), layout, secret_decades, rules)
        tasks: list[_Task] = [
            (_run_batch_shard, (setting, seed, start, min(BATCH_CHUNK, n_games - start)))
            if fast
            else (_run_lockstep_shard, (setting, seed, start, min(LOCKSTEP_CHUNK, n_games - start)))
            for start in range(0, n_games, BATCH_CHUNK if fast else LOCKSTEP_CHUNK)
        ]
    else:
        # the scalar engine was chosen, so no seat is a batch Policy (_choose_engine refuses them)
        job = _Job(tuple(cast("Sequence[str | Bot]", bots)), layout, secret_decades, rules, rotate_seats)
        seeds = game_seeds(seed, n_games)
        tasks = [(_run_shard, (job, seeds[s], s.start)) for s in _shards(n_games, cores)]
    workers = 1 if client is None and len(tasks) == 1 else cores
    bar = _progress_bar(n_games, progress)
    try:
        if client is not None:
            parts = _run_on_dask(client, tasks, bar)
        elif workers == 1:
            parts = [_tick(bar, function(*args)) for function, args in tasks]
        else:
            parts = _run_on_processes(workers, tasks, bar)
    finally:
        if bar is not None:
            bar.close()
    merged = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    points = {key.split(":", 1)[1]: value for key, value in merged.items() if key.startswith("goal:")}
    labels = tuple(_bot_label(b) for b in bots)
    return SimulationResult(labels, seed, seeds, merged["scores"], points, merged["markets"], rotate_seats)


def _progress_bar(total: int, enabled: bool) -> tqdm | None:
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc="simulate")


def _tick(bar: tqdm | None, part: Parts) -> Parts:
    if bar is not None:
        bar.update(len(part["scores"]))
    return part


def _run_on_processes(workers: int, tasks: list[_Task], bar: tqdm | None) -> list[Parts]:
    parts: list[Parts] = [{} for _ in tasks]
    # fork starts workers at once and works from notebooks and scripts alike; spawn elsewhere
    method = "fork" if "fork" in get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context(method))
    try:
        futures = {pool.submit(function, *args): k for k, (function, args) in enumerate(tasks)}
        for future in as_completed(futures):
            parts[futures[future]] = _tick(bar, future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return parts


def _run_on_dask(client: Client, tasks: list[_Task], bar: tqdm | None) -> list[Parts]:
    from distributed import as_completed as dask_completed

    futures = [client.submit(function, *args, pure=False) for function, args in tasks]
    index = {f.key: k for k, f in enumerate(futures)}
    parts: list[Parts] = [{} for _ in tasks]
    try:
        for future in dask_completed(futures):
            parts[index[future.key]] = _tick(bar, future.result())
    except BaseException:
        client.cancel(futures)
        raise
    return parts


def _player_kind(bot: str | Bot | Policy) -> str:
    """``"both"`` for a player both engines play alike (``"random"``), else ``"batch"``
    (batch policies) or ``"scalar"`` (bots)."""
    if isinstance(bot, Policy) or bot in POLICIES:
        return "both" if bot == "random" else "batch"
    make_bot(bot)
    return "scalar"


def _choose_engine(engine: str, kinds: list[str]) -> str:
    if engine == "auto":
        engine = "scalar" if "scalar" in kinds else "batch"
    wrong = "scalar" if engine == "batch" else "batch"
    if wrong in kinds:
        plays = "batch policies ('random', 'heuristic', Policy objects)" if engine == "batch" else "bots"
        raise ArgumentError(f"the {engine} engine plays {plays}; these seats mix in others: {kinds}")
    return engine


LOCKSTEP_CHUNK = 2_000  # games per task of the lock-step engine; fixed, so results never depend on the split


#: A batch run's settings: the policies by seat, the layout, Secret Decades, the solo rules.
_Setting = tuple[tuple[str | Policy, ...], Layout, bool, SoloRules]


def _run_lockstep_shard(setting: _Setting, seed: int, first_game: int, n_games: int) -> dict[str, np.ndarray]:
    """Games ``first_game …`` on the lock-step engine, as the same arrays as :func:`_run_shard`."""
    policies, layout, secret_decades, rules = setting
    rng = np.random.default_rng([seed, first_game])
    b = deal_games(n_games, rng, players=len(policies), layout=layout, secret_decades=secret_decades)
    play(b, list(policies), rng)
    scores = score(b, rules)
    part = {"scores": scores.totals, "markets": scores.markets}
    for goal in GOAL_LABELS:
        values = scores.points.get(goal)
        part[f"goal:{goal}"] = np.full(scores.totals.shape, np.nan) if values is None else values.astype(np.float64)
    return part


def _run_batch_shard(setting: _Setting, seed: int, first_game: int, n_games: int) -> dict[str, np.ndarray]:
    """Solo games ``first_game …`` on the solo fast path, as the same plain arrays as :func:`_run_shard`."""
    (policy,), layout, secret_decades, rules = setting
    assert isinstance(policy, str)  # the fast path plays a policy by name (FAST_POLICIES)
    result = play_batch(
        n_games,
        policy=policy,
        seed=seed,
        chunk=BATCH_CHUNK,
        first_game=first_game,
        solo_rules=rules,
        layout=layout,
        secret_decades=secret_decades,
    )
    assert isinstance(result, BatchResult)
    part = {"scores": result.scores.astype(np.int64)[:, None], "markets": result.markets}
    for goal in GOAL_LABELS:
        values = result.points.get(goal)
        part[f"goal:{goal}"] = np.full((n_games, 1), np.nan) if values is None else values.astype(np.float64)[:, None]
    return part
