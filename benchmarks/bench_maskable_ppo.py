"""MaskablePPO (sb3-contrib) learning the solo game, against the package's bots on the same deals.

Run: python benchmarks/bench_maskable_ppo.py [--steps 400000] [--checkpoints 16] [--deals 200] [--figures]

``--figures`` draws the learning curve with the bots' bands into lesson 08's pictures, one per
language (``notebooks/images``, ``notebooks/es/images``, ``notebooks/ja/images``);
``--redraw LOG`` draws them from the printed output of an earlier run, without training.

The learner plays ``exhibition_lab/Exhibition-solo-v0`` with the mask of legal ids; its reward is
the solo score (S7) in fame points (``reward_scale=0.01``), given when the game ends. After every
checkpoint the greedy policy of the network (its most likely legal id) plays the same evaluation
deals as the random, greedy and search bots (``solo_scores``, the deals ``simulate`` plays for
the evaluation seed), and each mean gets its normal 95% interval; at the end the learner's
paired difference to each bot, game by game, gets its own. Training time is wall-clock seconds
of ``learn`` alone (evaluation excluded), on one torch thread.

Same seeds give the same figures as far as torch allows: the seed reaches the environment, the
network's initial weights and the sampling of actions (``seed=`` of the model), and torch runs
its deterministic algorithms on one thread; another torch build or processor may round
differently.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

import numpy as np

import exhibition_lab as xl
from exhibition_lab.plots import Chart
from exhibition_lab.simulate import mean_interval

BOTS = ("random", "greedy", "search")
COLOURS = {"random": "#9e9e9e", "greedy": "#43a047", "search": "#e53935", "learner": "#1e88e5"}
PICTURES = Path(__file__).resolve().parent.parent / "notebooks"
WORDS = {  # the picture's words in each lesson's language
    "en": {
        "title": "MaskablePPO learning the solo game",
        "x": "training steps (decisions)",
        "y": "mean solo score on 200 deals",
        "bot": "{bot} bot",
        "bots": {"random": "random", "greedy": "greedy", "search": "search"},
    },
    "es": {
        "title": "MaskablePPO aprende la partida en solitario",
        "x": "pasos de entrenamiento (decisiones)",
        "y": "puntuación media en 200 repartos",
        "bot": "bot {bot}",
        "bots": {"random": "aleatorio", "greedy": "codicioso", "search": "de búsqueda"},
    },
    "ja": {
        "title": "MaskablePPOがソロを学ぶ",
        "x": "学習ステップ数（判断の数）",
        "y": "200回の配りでのソロ得点の平均（点）",
        "bot": "{bot}",
        "bots": {"random": "ランダムボット", "greedy": "グリーディボット", "search": "サーチボット"},
    },
}
Row = tuple[float, float, float]  # a mean and its 95% interval


def summary(scores: np.ndarray) -> Row:
    low, high = mean_interval(scores[:, None]).ravel()
    return float(scores.mean()), float(low), float(high)


def described(scores: np.ndarray) -> str:
    mean, low, high = summary(scores)
    return f"{mean:8.0f}  ({low:.0f} to {high:.0f})"


def draw(curve: list[tuple[int, Row]], bots: dict[str, Row]) -> None:
    """The learning curve, its 95% band, and each bot's mean and band, in every language."""
    steps = [step for step, _ in curve]
    means, lows, highs = (np.array([row[k] for _, row in curve]) for k in range(3))
    for language, words in WORDS.items():
        xl.set_language(language)
        fig = Chart(figsize=(7, 4), layout="constrained")
        ax = fig.add_subplot()
        for bot, (mean, low, high) in bots.items():
            ax.axhspan(low, high, color=COLOURS[bot], alpha=0.15, linewidth=0)
            name = words["bot"].format(bot=words["bots"][bot])
            ax.axhline(mean, color=COLOURS[bot], linestyle="--", label=name)
        ax.fill_between(steps, lows, highs, color=COLOURS["learner"], alpha=0.25, linewidth=0)
        ax.plot(steps, means, marker="o", color=COLOURS["learner"], label="MaskablePPO")
        ax.set(xlabel=words["x"], ylabel=words["y"], title=words["title"])
        ax.legend(loc="lower right")
        folder = PICTURES / "images" if language == "en" else PICTURES / language / "images"
        fig.savefig(folder / "maskable-ppo-curve.png", dpi=100)
    xl.set_language(None)


def redraw(log: Path) -> None:
    """Draw the pictures from a run's printed lines (bots, then ``steps seconds mean (low to high)``)."""
    number = r"(-?\d+)"
    interval = rf"{number}\s+\({number} to {number}\)"
    bots: dict[str, Row] = {}
    curve: list[tuple[int, Row]] = []
    for line in log.read_text().split("learner − bot")[0].splitlines():
        if found := re.match(rf"\s*(random|greedy|search):\s+{interval}", line):
            bots[found[1]] = (float(found[2]), float(found[3]), float(found[4]))
        elif found := re.match(rf"\s*(\d+)\s+\d+\s+{interval}", line):
            curve.append((int(found[1]), (float(found[2]), float(found[3]), float(found[4]))))
    draw(curve, bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300_000, help="training steps (decisions) in all")
    parser.add_argument("--checkpoints", type=int, default=15, help="evaluations along the way")
    parser.add_argument("--deals", type=int, default=200, help="evaluation deals, the same for every player")
    parser.add_argument("--seed", type=int, default=0, help="the learner's seed")
    parser.add_argument("--eval-seed", type=int, default=2026, help="the evaluation deals' seed")
    parser.add_argument("--figures", action="store_true", help="draw lesson 08's pictures at the end")
    parser.add_argument("--redraw", type=Path, help="draw the pictures from an earlier run's output, and stop")
    args = parser.parse_args()
    if args.redraw:
        redraw(args.redraw)
        return
    import torch  # the learner's libraries: the rl extra
    from sb3_contrib import MaskablePPO

    from exhibition_lab.envs import SoloEnv, solo_scores

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)

    print(f"{args.deals} evaluation deals (seed {args.eval_seed}); solo score ×100 (S2, S7), 95% intervals")
    bots = {}
    for bot in BOTS:
        began = time.perf_counter()
        bots[bot] = solo_scores(bot, args.deals, seed=args.eval_seed)
        print(f"{bot:>8}: {described(bots[bot])}   [{time.perf_counter() - began:.0f} s]")

    model = MaskablePPO(
        "MlpPolicy",
        SoloEnv(reward_scale=0.01),
        n_steps=2048,
        batch_size=256,
        n_epochs=5,
        gamma=1.0,  # one score at the end of a short game: no reason to discount it
        ent_coef=0.01,
        seed=args.seed,
    )

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(model.predict(observation, action_masks=mask, deterministic=True)[0])

    chunk = args.steps // args.checkpoints
    trained, seconds = 0, 0.0
    learner = solo_scores(policy, args.deals, seed=args.eval_seed)
    curve = [(0, summary(learner))]
    print(f"\n{'steps':>8} {'train s':>8}  learner mean (95% interval)")
    print(f"{trained:8d} {seconds:8.0f}  {described(learner)}")
    for _ in range(args.checkpoints):
        began = time.perf_counter()
        model.learn(chunk, reset_num_timesteps=False)
        seconds += time.perf_counter() - began
        trained = model.num_timesteps
        learner = solo_scores(policy, args.deals, seed=args.eval_seed)
        curve.append((trained, summary(learner)))
        print(f"{trained:8d} {seconds:8.0f}  {described(learner)}", flush=True)

    print("\nlearner − bot, game by game (95% interval)")
    for bot, scores in bots.items():
        print(f"{bot:>8}: {described(learner - scores)}")
    if args.figures:
        draw(curve, {bot: summary(scores) for bot, scores in bots.items()})


if __name__ == "__main__":
    main()
