"""Luck and skill in the solo game: every deal's clairvoyant ceiling against the bots.

Run: python benchmarks/bench_ceiling.py [--deals 1000] [--processes 2] [--beam 4] [--nodes 200]
     [--time-limit SECONDS] [--search-rollouts 32] [--layout years_gap|short_era|antiquity]
     [--turns-left K] [--out results.json]
     python benchmarks/bench_ceiling.py --report results.json

For each deal (the seeds ``simulate`` deals, ``game_seeds(seed, n)``) it solves the ceiling
within a per-deal budget (two beams of width ``--beam``, then ``--nodes`` positions of
branch and bound) and plays the random, greedy and search bots on the same deal, as
``simulate`` plays them (paired deals). It prints the median solve time, the share proven
optimal, the ceiling's mean and spread, each bot's mean gap to the ceiling with its 95%
interval, how often the pair goal's market penalty (Years Gap, S4; Short Era or Antiquity
with ``--layout``, S5) cost a bot points the ceiling's line kept, and how much of each bot's
score variance the deal's ceiling explains (R²). Results are saved after every shard, so
Ctrl-C stops the run and keeps what was played; ``--report`` prints a saved run.

``--turns-left K`` measures how far from the end the solver proves exactly: the greedy bot
plays each deal until at most K placements remain (empty spots plus free Depot places),
and the ceiling is solved from there (no bots); the report gives the share proven and the
median time of the proofs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numpy as np

import exhibition_lab as xl
from exhibition_lab.core.progress import progress_bar
from exhibition_lab.core.stats import mean_interval
from exhibition_lab.games.exhibition.agents import GreedyBot, RandomBot, SearchBot, play_game
from exhibition_lab.odds import SoloCeiling, solo_ceiling
from exhibition_lab.simulate import game_seeds

BOTS = ("random", "greedy", "search")
PAIR_GOALS = {"years_gap": "years_gap", "short_era": "short_era", "antiquity": "antiquity"}


def layout_of(name: str) -> xl.Layout:
    return xl.Layout.base() if name == "years_gap" else xl.Layout.base().with_variations(name)


def pair_points(game: xl.Game, goal: str) -> float:
    return float(game.score()[game.players[0]].points.get(goal, 0.0))


def late_position(seed: int, layout: xl.Layout, turns_left: int) -> xl.Game:
    """The deal played by the greedy bot until at most ``turns_left`` placements remain."""
    game = xl.Game.new(1, seed=seed, layout=layout)
    bot, rng = GreedyBot(), np.random.default_rng([seed, 0xB07])
    while not game.is_over:
        hall = game.hall(0)
        if game.phase is xl.Phase.TAKE and hall.n_empty + 3 - len(hall.depot) <= turns_left:
            break
        game.apply(bot.choose(game.view(), game.legal_actions(), rng))
    return game


def solve(seed: int, game: xl.Game, args: dict) -> tuple[SoloCeiling, dict]:
    """The ceiling from ``game`` within the per-deal budget, and its row of figures."""
    start = time.perf_counter()
    best = solo_ceiling(game, nodes=args["nodes"], beam=args["beam"], time_limit=args.get("time_limit"))
    seconds = time.perf_counter() - start
    row = {
        "seed": seed,
        "ceiling": best.score,
        "bound": best.upper_bound,
        "proven": best.proven,
        "seconds": seconds,
        "nodes": best.nodes,
    }
    return best, row


def one_deal(seed: int, args: dict) -> dict:
    layout = layout_of(args["layout"])
    if args.get("turns_left") is not None:
        return solve(seed, late_position(seed, layout, args["turns_left"]), args)[1]
    game = xl.Game.new(1, seed=seed, layout=layout)
    best, row = solve(seed, game, args)
    row["ceiling_pair"] = pair_points(best.replay(game), args["layout"])
    bots = {"random": RandomBot(), "greedy": GreedyBot(), "search": SearchBot(rollouts=args["search_rollouts"])}
    for name, bot in bots.items():
        played = play_game(xl.Game.new(1, seed=seed, layout=layout), [bot], np.random.default_rng([seed, 0xB07]))
        row[name] = played.score()[played.players[0]].total
        row[f"{name}_pair"] = pair_points(played, args["layout"])
    return row


def shard(seeds: list[int], args: dict) -> list[dict]:
    return [one_deal(int(s), args) for s in seeds]


def report(rows: list[dict], layout: str) -> str:
    n = len(rows)
    if "random" not in rows[0]:
        return late_report(rows)
    ceiling = np.array([r["ceiling"] for r in rows], dtype=float)
    bound = np.array([r["bound"] for r in rows], dtype=float)
    proven = np.array([r["proven"] for r in rows])
    seconds = [r["seconds"] for r in rows]
    lines = [
        f"deals: {n} (layout {layout})",
        f"median solve time: {statistics.median(seconds):.2f} s (mean {statistics.mean(seconds):.2f} s)",
        f"proven optimal within budget: {proven.mean():.1%}; "
        f"mean gap to the proven bound {np.mean(bound - ceiling):.0f}",
        "median time of a proof: "
        + (f"{statistics.median(r['seconds'] for r in rows if r['proven']):.2f} s" if proven.any() else "none proven"),
        f"ceiling: mean {ceiling.mean():.0f}, sd {ceiling.std(ddof=1):.0f}, "
        f"quartiles {np.percentile(ceiling, 25):.0f} / {np.median(ceiling):.0f} / {np.percentile(ceiling, 75):.0f}",
        f"proven upper bound: mean {bound.mean():.0f}",
    ]
    ceiling_pair = np.array([r["ceiling_pair"] for r in rows])
    lines.append(
        f"{layout} fp on the ceiling's line: mean {ceiling_pair.mean():.2f}; "
        f"lost ≥1 fp in {np.mean(ceiling_pair < 5):.0%}"
    )
    for name in BOTS:
        scores = np.array([r[name] for r in rows], dtype=float)
        gap = ceiling - scores
        mean, low, high = _interval(gap)
        pair = np.array([r[f"{name}_pair"] for r in rows])
        avoidable = np.mean(ceiling_pair > pair)
        r2 = np.corrcoef(ceiling, scores)[0, 1] ** 2 if n > 2 else float("nan")
        lines.append(
            f"{name:>7}: mean {scores.mean():7.0f}  gap to ceiling {mean:6.0f} [95% {low:.0f}, {high:.0f}]  "
            f"{layout} fp {pair.mean():.2f}, lost ≥1 fp {np.mean(pair < 5):.0%}, avoidable {avoidable:.0%}  "
            f"R² of score on ceiling {r2:.2f}"
        )
    return "\n".join(lines)


def late_report(rows: list[dict]) -> str:
    proven = [r for r in rows if r["proven"]]
    gaps = [r["bound"] - r["ceiling"] for r in rows]
    solved = statistics.median(r["seconds"] for r in proven) if proven else float("nan")
    return (
        f"positions: {len(rows)}; proven optimal within budget: {len(proven) / len(rows):.0%}; "
        f"median time of a proof {solved:.2f} s; median time {statistics.median(r['seconds'] for r in rows):.2f} s; "
        f"mean gap to the proven bound {statistics.mean(gaps):.0f}"
    )


def _interval(values: np.ndarray) -> tuple[float, float, float]:
    low, high = np.ravel(mean_interval(values))
    return float(np.mean(values)), float(low), float(high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--beam", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=200, help="0: no limit on positions")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per deal for the ceiling")
    parser.add_argument("--turns-left", type=int, default=None, help="solve from K placements before the end")
    parser.add_argument("--search-rollouts", type=int, default=32)
    parser.add_argument("--layout", choices=sorted(PAIR_GOALS), default="years_gap")
    parser.add_argument("--shard", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path("ceiling_results.json"))
    parser.add_argument("--report", type=Path)
    args = parser.parse_args()
    if args.report is not None:
        saved = json.loads(args.report.read_text())
        print(report(saved["rows"], saved["settings"]["layout"]))
        return
    keys = ("beam", "nodes", "time_limit", "turns_left", "search_rollouts", "layout", "seed")
    settings = {k: getattr(args, k) for k in keys}
    settings["nodes"] = settings["nodes"] or None
    seeds = [int(s) for s in game_seeds(args.seed, args.deals)]
    shards = [seeds[i : i + args.shard] for i in range(0, len(seeds), args.shard)]
    rows: list[dict] = []
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.processes)
    try:
        with progress_bar(len(seeds), desc="ceiling") as bar:
            futures = [pool.submit(shard, s, settings) for s in shards]
            for future in as_completed(futures):
                part = future.result()
                rows += part
                bar.update(len(part))
                args.out.write_text(json.dumps({"settings": settings, "rows": rows}))
        pool.shutdown()
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)  # the shards under way are dropped
        print(f"\nstopped: {len(rows)} of {len(seeds)} deals played")
    rows.sort(key=lambda r: seeds.index(r["seed"]))
    args.out.write_text(json.dumps({"settings": settings, "rows": rows}))
    print(f"{len(rows)} deals in {time.perf_counter() - start:.0f} s on {args.processes} processes; {settings}")
    if rows:
        print(report(rows, args.layout))


if __name__ == "__main__":
    main()
