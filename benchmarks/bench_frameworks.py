"""Exhibition through the game-AI frameworks (docs/frameworks.md):

(a) a bot table — 3-player games with Secret Decades, the package's bots (search, greedy,
    random) against OpenSpiel's ISMCTS and MCTS at two simulation budgets: each line-up plays
    the same deals (paired), every deal once per rotation of the seats; wins (Wilson 95%
    interval), mean fame (normal 95% interval) and seconds per decision;
(b) random games per second through each adapter against the rules engine itself;
(c) microseconds to copy a state (OpenSpiel's clone and deepcopy, Game.copy);
(d) the vectorised environment's games per second, and its ratio to the scalar engine;
(e) the paths search and learning use, against their targets: ``observation_tensor`` on
    fresh states, random play with a tensor at every decision, ``resample_from_infostate``,
    ``chance_outcomes`` at a refill, ISMCTS's time per decision, ``VectorGames`` against the
    scalar engine — with observations in the default mode (``copy=True``: no step writes an
    observation the caller still holds; the targets are measured in this mode), with
    ``copy=False`` (one array every step writes over, as Gymnasium's ``copy=False``) and
    without observations. ``--baseline DIR`` runs (e) on the package found in ``DIR`` as well (an
    older checkout, say), turn about in the same run, and prints both.

Times are processor seconds of this process (``time.process_time``): the machine may be busy
with other work, which would otherwise count.

Run: python benchmarks/bench_frameworks.py [--deals 10] [--budgets 25 100] [--processes 2] [--skip-table]
     python benchmarks/bench_frameworks.py --targets-only [--baseline /path/to/checkout] [--rounds 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import exhibition_lab as xl
import exhibition_lab.openspiel as xos
from exhibition_lab.core.simulate import run_tasks
from exhibition_lab.core.stats import mean_interval, wilson_interval
from exhibition_lab.envs import SoloEnv, VectorGames, env, raw_env
from exhibition_lab.games.exhibition.rules.turns import score_state

TABLE_GAME = "python_exhibition(players=3,secret_decades=True)"


# ---------------------------------------------------------------- (a) the bot table
def make_player(spec: str, game: xos.ExhibitionGame, seed: int) -> xos.Player:
    """``search``, ``greedy``, ``random``, ``ismcts-N`` or ``mcts-N``."""
    if spec.startswith("ismcts-"):
        return xos.ismcts_player(game, int(spec.split("-")[1]), seed=seed)
    if spec.startswith("mcts-"):
        return xos.mcts_player(game, int(spec.split("-")[1]), seed=seed)
    return xos.BotPlayer(spec, seed=seed)


def play_rotations(lineup: tuple[str, ...], deal_seed: int) -> dict[str, np.ndarray]:
    """Every rotation of ``lineup`` on the deal of ``deal_seed``: one row per game, one column
    per player of the line-up (fame, win, seconds, decisions)."""
    game = pyspiel.load_game(TABLE_GAME)
    n = len(lineup)
    fame, wins, seconds, decisions = (np.zeros((n, n)) for _ in range(4))
    for shift in range(n):
        order = [(seat + shift) % n for seat in range(n)]  # player order[seat] sits in seat
        players = [make_player(lineup[k], game, seed=deal_seed * 7 + seat) for seat, k in enumerate(order)]
        state = xos.play_deal(game, players, seed=deal_seed)
        sheet = score_state(game.rules, state.rule_state)
        names = game.rules.players
        for seat, k in enumerate(order):
            fame[shift, k] = sheet[names[seat]].total
            wins[shift, k] = names[seat] in sheet.winners
            seconds[shift, k] = players[seat].seconds
            decisions[shift, k] = players[seat].decisions
    return {"scores": fame, "wins": wins, "seconds": seconds, "decisions": decisions}


def bot_table(lineups: list[tuple[str, ...]], deals: int, processes: int) -> list[str]:
    lines = [
        "| line-up | player | games | wins | 95% interval | mean fame | 95% interval | s per decision |",
        "| --- | --- | ---: | ---: | --- | ---: | --- | ---: |",
    ]
    print("\n".join(lines), flush=True)
    for lineup in lineups:
        tasks = [(play_rotations, (lineup, 1000 + d)) for d in range(deals)]
        result = run_tasks(tasks, total=deals * len(lineup), processes=processes, desc=" ".join(lineup))
        games = len(result["scores"])
        wins = result["wins"].mean(axis=0)
        win_low, win_high = wilson_interval(wins, games)
        low, high = mean_interval(result["scores"])
        per_decision = result["seconds"].sum(axis=0) / np.maximum(result["decisions"].sum(axis=0), 1)
        for k, name in enumerate(lineup):
            lines.append(
                f"| {' · '.join(lineup)} | {name} | {games} | {wins[k]:.0%} | {win_low[k]:.0%}–{win_high[k]:.0%} | "
                f"{result['scores'][:, k].mean():.1f} | {low[k]:.1f}–{high[k]:.1f} | {per_decision[k]:.3f} |"
            )
        print("\n".join(lines[-len(lineup) :]), flush=True)
    return lines


# ---------------------------------------------------------------- (b) throughput
def engine_games(players: int, n: int) -> float:
    start = time.process_time()
    for seed in range(n):
        game = xl.Game.new(players, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])
    return n / (time.process_time() - start)


def openspiel_games(players: int, n: int) -> float:
    game = pyspiel.load_game("python_exhibition_solo" if players == 1 else f"python_exhibition(players={players})")
    start = time.process_time()
    for seed in range(n):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])  # all equally likely
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
    return n / (time.process_time() - start)


def pettingzoo_games(players: int, n: int, make: Callable = raw_env) -> float:
    aec = make(players=players)
    start = time.process_time()
    for seed in range(n):
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            legal = np.flatnonzero(observation["action_mask"])
            aec.step(None if terminated or truncated else int(legal[rng.integers(len(legal))]))
    return n / (time.process_time() - start)


def gymnasium_games(n: int) -> float:
    solo = SoloEnv()
    start = time.process_time()
    for seed in range(n):
        _, info = solo.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = solo.step(int(legal[rng.integers(len(legal))]))
    return n / (time.process_time() - start)


def vector_games(players: int, n: int, *, observe: bool, copy: bool = True) -> float:
    """Random games per second of ``VectorGames``, ``n`` at once; by default each step's
    observation is one the next step never writes (``copy=True``), as a caller that keeps
    the states needs."""
    if copy:
        games = VectorGames(players, observe=observe)
    else:
        try:
            games = VectorGames(players, observe=observe, copy=False)
        except TypeError:  # a checkout from before ``copy``
            return float("nan")
    rng = np.random.default_rng(0)
    start = time.process_time()
    state = games.reset(n, seed=1)
    while not state.terminated.all():
        state = games.step(games.random_actions(state, rng))
    return n / (time.process_time() - start)


def throughput(games: int, batch: int) -> list[str]:
    lines = ["| players | through | games/s | vs the engine |", "| ---: | --- | ---: | ---: |"]
    print("\n".join(lines), flush=True)
    warm_up(batch)
    for players in (1, 3):
        n = games if players == 1 else max(games // 3, 1)
        engine = (engine_games(players, n) + engine_games(players, n)) / 2  # before and after: the machine drifts
        rows = [
            ("the rules engine (Game)", engine),
            ("OpenSpiel (pyspiel state, no observations)", openspiel_games(players, n)),
            ("PettingZoo raw_env (with observations)", pettingzoo_games(players, n)),
            ("PettingZoo env() (wrapped)", pettingzoo_games(players, n, env)),
        ]
        if players == 1:
            rows.append(("Gymnasium SoloEnv (with observations)", gymnasium_games(n)))
        rows.append((f"VectorGames, {batch} at once, masks only", vector_games(players, batch, observe=False)))
        rows.append((f"VectorGames, {batch} at once, with observations", vector_games(players, batch, observe=True)))
        rows.append(
            (
                f"VectorGames, {batch} at once, with observations, copy=False",
                vector_games(players, batch, observe=True, copy=False),
            )
        )
        for label, rate in rows:
            lines.append(f"| {players} | {label} | {rate:,.0f} | {rate / engine:.1f}× |")
            print(lines[-1], flush=True)
    return lines


# ---------------------------------------------------------------- (c) copies
def microseconds(action: Callable[[], object], repeat: int = 2000) -> float:
    start = time.process_time()
    for _ in range(repeat):
        action()
    return (time.process_time() - start) / repeat * 1e6


def copies() -> list[str]:
    game = pyspiel.load_game("python_exhibition(players=3)")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while len(state.history()) < 80:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
    played = xl.Game.new(3, seed=0)
    for _ in range(40):
        played.apply(played.legal_actions()[0])
    rows = [
        ("OpenSpiel state.clone()", microseconds(state.clone)),
        ("copy.deepcopy(OpenSpiel state)", microseconds(lambda: copy.deepcopy(state))),
        ("Game.copy()", microseconds(played.copy)),
        ("OpenSpiel state.observation_tensor(0)", microseconds(lambda: state.observation_tensor(0), repeat=500)),
        ("copy.deepcopy(Game)", microseconds(lambda: copy.deepcopy(played))),
    ]
    lines = ["| copy (or observation) of a 3-player state 80 steps in | µs |", "| --- | ---: |"]
    lines += [f"| {label} | {us:.1f} |" for label, us in rows]
    print("\n".join(lines), flush=True)
    return lines


# ---------------------------------------------------------------- (e) the targets
def played_states(game: pyspiel.Game, seeds: range) -> list[pyspiel.State]:
    """Every decision state of random games of ``game`` (fresh clones: nothing asked of them yet)."""
    states = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                states.append(state.clone())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
    return states


def refill_states(game: pyspiel.Game, seeds: range) -> list[pyspiel.State]:
    """Fresh clones of the refill (chance) states of random games."""
    states = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if len(state.history()) > 40:
                    states.append(state.clone())
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
    return states


def each_once(states: list, action: Callable[[object], object]) -> float:
    """Microseconds per call of ``action`` on each state once."""
    start = time.process_time()
    for state in states:
        action(state)
    return (time.process_time() - start) / len(states) * 1e6


def tensor_games(players: int, n: int) -> float:
    """Random games through OpenSpiel with the seat's observation tensor at every decision."""
    game = pyspiel.load_game(f"python_exhibition(players={players})")
    start = time.process_time()
    for seed in range(n):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
    return n / (time.process_time() - start)


def tensor_in_play(players: int, n: int) -> float:
    """Microseconds of ``observation_tensor`` for the seat to move, asked once at each
    decision of random games (as a learner asks: each state the first time it is seen)."""
    game = pyspiel.load_game(f"python_exhibition(players={players})")
    spent = calls = 0
    for seed in range(n):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                start = time.process_time_ns()
                state.observation_tensor(state.current_player())
                spent += time.process_time_ns() - start
                calls += 1
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
    return spent / calls / 1e3


def ismcts_seconds(deals: int, simulations: int) -> float:
    """Seconds per decision of ISMCTS (random rollouts) in 3-player games with Secret Decades."""
    game = pyspiel.load_game(TABLE_GAME)
    seconds = decisions = 0.0
    for deal in range(deals):
        players = [xos.ismcts_player(game, simulations, seed=deal * 3 + s) for s in range(3)]
        xos.play_deal(game, players, seed=500 + deal)
        seconds += sum(p.seconds for p in players)
        decisions += sum(p.decisions for p in players)
    return seconds / max(decisions, 1)


def warm_up(batch: int) -> None:
    """Play each path a little first, untimed: a path's first games in a process pay for its
    imports and the tables it builds once, which would be counted against the engine alone in
    the first round (its rate there is about two thirds of its rate after)."""
    for players in (1, 3):
        engine_games(players, 10)
        openspiel_games(players, 3)
        vector_games(players, min(batch, 256), observe=True)


def targets(games: int, batch: int, deals: int) -> dict[str, float]:
    """The figures of (e), by name."""
    game = pyspiel.load_game("python_exhibition(players=3)")
    secret = pyspiel.load_game(TABLE_GAME)
    states = played_states(game, range(3))
    hidden = played_states(secret, range(3))
    refills = refill_states(game, range(3))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    warm_up(batch)
    engine = (engine_games(3, games) + engine_games(3, games)) / 2
    solo_engine = (engine_games(1, games) + engine_games(1, games)) / 2
    figures = {
        "observation_tensor in play, each state once (µs)": tensor_in_play(3, max(games // 3, 2)),
        "observation_tensor, fresh clones (µs)": each_once(states, lambda s: s.observation_tensor(s.current_player())),
        "observation_tensor, asked again (µs)": each_once(states, lambda s: s.observation_tensor(s.current_player())),
        "resample_from_infostate (µs)": each_once(
            hidden, lambda s: s.resample_from_infostate(s.current_player(), sampler)
        ),
        "chance_outcomes at a refill (µs)": each_once(refills, lambda s: s.chance_outcomes()),
        "engine, 3 players (games/s)": engine,
        "OpenSpiel, no tensors / engine": openspiel_games(3, games) / engine,
        "OpenSpiel, tensor at every decision / engine": tensor_games(3, games) / engine,
        "ISMCTS-25 (ms per decision)": ismcts_seconds(deals, 25) * 1e3,
    }
    for players, scalar in ((1, solo_engine), (3, engine)):
        figures[f"VectorGames {players}p, observations / engine"] = vector_games(players, batch, observe=True) / scalar
        figures[f"VectorGames {players}p, masks only / engine"] = vector_games(players, batch, observe=False) / scalar
        figures[f"VectorGames {players}p, observations, copy=False / engine"] = (
            vector_games(players, batch, observe=True, copy=False) / scalar
        )
    return figures


def _figure(value: float) -> str:
    """A figure of the table: three digits below 1 (a ratio next to a target such as 0.5× must
    not round onto it), two above."""
    return f"{value:,.3f}" if abs(value) < 1 else f"{value:,.2f}"


def target_table(games: int, batch: int, deals: int, baseline: str | None, rounds: int = 1) -> list[str]:
    """(e), on this package and, with ``baseline``, on the one in that folder too, turn about
    ``rounds`` times: each figure is the median of its rounds (a busy machine's load drifts)."""
    ours_runs: list[dict[str, float]] = []
    theirs_runs: list[dict[str, float]] = []
    for _ in range(rounds):
        ours_runs.append(targets(games, batch, deals))
        if baseline:
            command = [sys.executable, __file__, "--targets-json", "--games", str(games), "--batch", str(batch)]
            command += ["--deals", str(deals)]
            env = {**os.environ, "PYTHONPATH": baseline}
            run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            theirs_runs.append(json.loads(run.stdout))
    ours = {name: float(np.median([run[name] for run in ours_runs])) for name in ours_runs[0]}
    theirs = (
        {name: float(np.median([run[name] for run in theirs_runs])) for name in theirs_runs[0]} if theirs_runs else {}
    )
    lines = ["| figure | before | after | after / before |", "| --- | ---: | ---: | ---: |"]
    for name, value in ours.items():
        old = theirs.get(name)
        ratio = f"{value / old:.2f}" if old and np.isfinite(old) else ""
        lines.append(f"| {name} | {'' if old is None else _figure(old)} | {_figure(value)} | {ratio} |")
    print("\n".join(lines), flush=True)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--budgets", type=int, nargs="+", default=[25, 100])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--games", type=int, default=150, help="random games per adapter in (b)")
    parser.add_argument("--batch", type=int, default=4096, help="games at once in the vectorised environment")
    parser.add_argument("--skip-table", action="store_true")
    parser.add_argument("--targets-only", action="store_true", help="only (e), the targets")
    parser.add_argument("--baseline", help="a folder whose exhibition_lab (e) also runs on, for before/after")
    parser.add_argument("--rounds", type=int, default=1, help="runs of (e), turn about; the median of each figure")
    parser.add_argument("--targets-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.targets_json:  # the baseline's run of (e), read by target_table
        print(json.dumps(targets(args.games, args.batch, args.deals)))
        return
    if args.targets_only:
        print("## (e) targets\n", flush=True)
        target_table(args.games, args.batch, args.deals, args.baseline, args.rounds)
        return
    print("## (c) copies\n", flush=True)
    copies()
    print("\n## (b, d) throughput\n", flush=True)
    throughput(args.games, args.batch)
    if not args.skip_table:
        print("\n## (a) bot table\n", flush=True)
        lineups = [("search", "greedy", "random")]
        lineups += [("search", "greedy", f"{kind}-{b}") for kind in ("ismcts", "mcts") for b in args.budgets]
        bot_table(lineups, args.deals, args.processes)


if __name__ == "__main__":
    main()
