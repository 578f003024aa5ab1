"""Write the tutorial notebooks from this one source, then execute them in place.

Run: python scripts/build_notebooks.py [names...]   (from the repository root)
The executed outputs are committed so that nbval can compare them in the test suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat as nbf

HERE = Path(__file__).resolve().parent.parent / "notebooks"
md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

QUICK = '''import os

# The test suite sets EXLAB_QUICK=1 to scale the simulations down.
QUICK = os.environ.get("EXLAB_QUICK") == "1"'''

NOTEBOOKS: dict[str, list] = {}

NOTEBOOKS["01_rules_tour"] = [
    md("""# A tour of the rules

*Exhibition: 20th Century* is about building the best museum of the 20th century. Every card
is a subject — a year and the continent it belongs to. This notebook walks through a turn on
a live game and shows every hall requirement on real boards. The rule ids (R…, D…) refer to
the project's `RULES.md`."""),
    code("""import exhibition_lab as xl

game = xl.Game.new(["Ron", "Ann"], seed=7)
game"""),
    md("""## Set-up (R5, R6)
Three open cards lie at each continent, sorted by year; the other 83 form the stock. Ron
starts; his Zeppelin stands on Oceania, Ann's Ford on South America."""),
    code("""{continent.title: [card.token for card in cards] for continent, cards in game.market.items()}"""),
    md("""## A turn in four phases
**1 · Take (R7)** — only the cards where your vehicle stands:"""),
    code("""game.legal_actions()"""),
    code("""game.apply("take 1954AF")
print("in hand:", game.hand, "—", game.hand.title)
print("Ron's vehicle is now on", game.vehicles[0].title)   # 2 · Move (R8)
print("Oceania after the refill (R9):", [c.token for c in game.market[xl.Continent.OC]])"""),
    md("""**4 · Place (R10)** — in an empty hall spot where the card fits, or in the Depot.
On an empty hall every spot fits:"""),
    code("""places = game.legal_actions()
print(len(places), "actions:", ", ".join(map(str, places[:4])), "…", places[-1])
game.apply("place 0 2")
game.hall("Ron")"""),
    md("""## The hall requirements (R11–R14)
Here is a hall in the middle of a game, written in the hall notation: showcases separated by
`/`, `.` for an empty spot, the Depot after `|`."""),
    code("""hall = xl.Hall.parse("1904AF . 1945W 1958SA . . / 1918NA 1927OC . . / . / 1973OC . . / 1903NA .")
hall"""),
    md("""`why_not` answers for any card and spot — `None` means it fits:"""),
    code("""questions = [
    ("1920AS", 0, 1, "between 1904 and 1945 in General"),
    ("1960SA", 0, 4, "a second South American card in General"),
    ("1950AS", 0, 1, "1950 left of the 1945 card"),
    ("1936EU", 1, 2, "One Era, 9 years after 1927"),
    ("1939EU", 1, 2, "One Era, 12 years after 1927"),
    ("1949EU", 1, 3, "One Era with one free spot between"),
    ("1975OC", 3, 1, "One Continent: Oceania again"),
    ("1975AS", 3, 1, "One Continent: another continent"),
]
for token, showcase, spot, what in questions:
    reason = hall.why_not(xl.Card.parse(token), showcase, spot)
    print(f"{token} at ({showcase}, {spot}) — {what}:\\n    {'fits' if reason is None else reason}")"""),
    md("""`legal_spots` lists every spot where a card fits:"""),
    code("""for token in ["1920AS", "1990EU", "1930NA"]:
    print(token, hall.legal_spots(xl.Card.parse(token)))"""),
    md("""## The white cards (R16, D7)
The **1945** card has a fixed year and takes whichever continent a showcase needs; **Einstein**
takes any year and any continent — but must still fit strictly between its neighbours, inside
1900–1999. The choice is re-decided whenever the hall changes."""),
    code("""row = xl.Hall.parse("1904AF . 1945W 1958SA 1966EU 1981NA / . . . . / . / . . . / . .")
print("Asian card:  ", row.why_not(xl.Card.parse("1920AS"), 0, 1))
print("Oceanian card:", row.why_not(xl.Card.parse("1920OC"), 0, 1))
print("European card:", row.why_not(xl.Card.parse("1920EU"), 0, 1))
squeezed = xl.Hall.parse(". 1900AS . . . . / . . . . / . / . . . / . .")
print("Einstein before 1900:", squeezed.why_not(xl.Card.parse("EIN"), 0, 0))"""),
    md("""## When an exhibition ends (R10a, R10b)
A full hall is final. A card that fits nowhere may go to the Depot (−1 point each at the end),
or you may end your exhibition — the card then leaves the game (D3).

Illegal moves are refused with the rule that forbids them, and the game stays as it was. It is
Ann's turn; her vehicle stands on South America, so a card from Africa is out of reach:"""),
    code("""before = game.to_json()
try:
    game.apply("take 1993SA")
except xl.IllegalAction as error:
    print(error)
print("game unchanged:", game.to_json() == before)"""),
]

NOTEBOOKS["02_scoring_rons_board"] = [
    md("""# Scoring Ron's board, goal by goal

The rulebook ends with Ron's final exhibition. Here it is in the hall notation, next to Ann,
whose Years Gap is smaller (the rulebook does not show the other boards)."""),
    code("""import exhibition_lab as xl

example = xl.load_example("ron")
ron, ann = example.halls["Ron"], example.halls["Ann"]
ron"""),
    code("""sheet = example.score()
print(sheet["Ron"].explain())"""),
    md("""Goal by goal:

* **All 6 Continents (R19)** — Asia is only in the Depot, and Depot cards never count: 0.
* **Years Gap (R20)** — 1972 − 1903 = 69, the biggest gap at the table: 5.
* **Continent Focus (R21)** — three North American and three Oceanian cards: 3. The 1945 card
  counts for no continent (R17).
* **Number of Decades (R22)** — every decade but the 1990s (the 1996 card is in the Depot): 9.
* **Chain of Years (R23)** — 1972-1973-1974, in two different showcases: 3.
* **Empty spots (R24)** and **Depot (R25)** — −3 and −2.

The whole table, with the Mid Century tiebreaker (R26) deciding equal totals:"""),
    code("""sheet"""),
    md("""## What if…
**…Ron had put an Asian card between 1904 and the 1945 card?** The 1945 card then takes Oceania's
place in General and Ron shows all six continents:"""),
    code("""what_if = ron.place(xl.Card.parse("1920AS"), 0, 1)
after = xl.score_halls({"Ron": what_if, "Ann": ann})
changes = {goal: (sheet["Ron"].points[goal], after["Ron"].points[goal]) for goal in after["Ron"].points
           if sheet["Ron"].points[goal] != after["Ron"].points[goal]}
print(changes, "total", sheet["Ron"].total, "→", after["Ron"].total)"""),
    md("""**…Ron had kept his Depot empty?** Only the Depot line changes — Depot cards count for no goal:"""),
    code("""no_depot = xl.Hall.parse(str(ron).split("|")[0])
print(xl.score_halls({"Ron": no_depot, "Ann": ann})["Ron"].points)"""),
    md("""**…Ann's Years Gap were as big as Ron's?** Equal gaps share the points (dense ranking, R20):"""),
    code("""ann_wide = xl.Hall.parse(str(ann).replace("1925AF 1968NA", "1900AS 1969NA"))
tied = xl.score_halls({"Ron": ron, "Ann": ann_wide})
print("Years Gap:", {name: tied[name].points["years_gap"] for name in tied.names})"""),
    md("""More boards with their hand-worked scores ship with the package:"""),
    code("""for key in xl.example_names():
    print(f"{key:26} {xl.load_example(key).title}")"""),
]

NOTEBOOKS["03_play"] = [
    md("""# Play *Exhibition: 20th Century*

You against a greedy bot. Click a lit card on the Continents tile to take it, then a lit
spot of your hall (green outline) — or the Depot. A click on any other spot tells you which
rule forbids it. Open **New game** at the bottom for more players, other bots, variation
showcases or the Secret Decade.

Run it as an app: `voila notebooks/03_play.ipynb`."""),
    code("""from exhibition_lab.widgets import GameApp

app = GameApp(seats=["human", "greedy"], seed=7)
app"""),
]

NOTEBOOKS["04_solo_odds"] = [
    md("""# Solo odds: how risky is a Years Gap?

In the solo game the Years Gap is worth **5 points minus the cards left on the Continents tile
whose year lies outside your two cards** (S4). Say you hold 1912 and 1987. How many points will
the final market leave you?"""),
    code(QUICK),
    code("""import numpy as np

import exhibition_lab as xl
from exhibition_lab import odds, plots
from exhibition_lab.bots import GreedyBot
from exhibition_lab.simulate import simulate

deck = xl.standard_deck()
pool = [card for card in deck if card.year not in (1912, 1987)]
plots.plot_pool_timeline(pool, 1912, 1987)"""),
    md("""## Exact odds
If the 18 cards left at the end are a uniform draw from the 99 others, the number outside
follows the hypergeometric law exactly:"""),
    code("""exact = odds.solo_years_gap_odds(1912, 1987, pool)
print("P(k outside) for k = 0…6:", exact[:7].round(3))
print(f"expected Years Gap fame: {odds.expected_fp(exact):.2f} fp")
print("fame 0…5:", odds.fp_distribution(exact).round(3))"""),
    md("""## Every pair at once
The expected fame for every (left, right) pair — the bright corner is where the points are:"""),
    code("""grid = odds.years_gap_grid(deck)
plots.plot_years_gap_grid(grid)"""),
    code("""for left, right in [(1912, 1987), (1905, 1995), (1920, 1980), (1900, 1999)]:
    print(f"{left}–{right}: {grid[left - 1900, right - 1900]:.2f} fp")"""),
    md("""## Exact model against real play
Bots do not leave a uniform market: they take cards they can use. Simulated greedy games
(seeded, so this is reproducible) give the markets that real play leaves:"""),
    code("""# NBVAL_IGNORE_OUTPUT
GAMES = 60 if QUICK else 600
greedy = simulate(GAMES, ["greedy"], seed=1, processes=2)
simulated = odds.market_penalty_from_markets(greedy.markets, 1912, 1987)
plots.plot_penalty_odds(exact, simulated, labels=("exact (uniform market)", f"greedy play, {GAMES} games"))"""),
    md("""## Asking mid-game
In a live solo game the pool is what you have not placed: the open cards and the unseen stock
(only as a set — the order stays hidden)."""),
    code("""game = xl.Game.new(["You"], seed=3)
bot, rng = GreedyBot(), np.random.default_rng(3)
for _ in range(12):
    game.apply(bot.choose(game.view(), game.legal_actions(), rng))
left, right = 1910, 1985
live = odds.game_penalty_odds(game, left, right)
print(f"after {len(game.history)} actions: {game.stock_size} cards in stock, pool of {len(odds.game_pool(game))}")
print(f"{left}–{right}: expected {odds.expected_fp(live):.2f} fp now")"""),
    md("""## Two readings of Mid Century (S6, D11)
The solo rule for Mid Century is ambiguous: a harsh penalty of 2 fp per year from 1950, or a
mild tiebreak-sized one. The package lets you pick:"""),
    code("""plots.plot_mid_century_readings()"""),
    code("""# NBVAL_IGNORE_OUTPUT
mild = simulate(GAMES, ["greedy"], seed=1, processes=2, solo_rules="tiebreak")
plots.plot_score_histograms({"greedy, harsh reading": greedy, "greedy, tiebreak reading": mild})"""),
]

NOTEBOOKS["05_variants_and_strategy"] = [
    md("""# Variation showcases, a bot tournament and solo strength

Each variation lies over one base showcase and takes its size (V1, D9). White cards are not
allowed in them."""),
    code(QUICK),
    code("""import exhibition_lab as xl
from exhibition_lab import plots
from exhibition_lab.simulate import simulate

layout = xl.Layout.base().with_variations("links", "spread_the_years", "one_decade", "short_era")
[(showcase.name, showcase.size, showcase.covers) for showcase in layout]"""),
    code("""hall = xl.Hall.parse("1950EU 1953AS . . . . / 1910OC . . . / . / 1961SA . . / 1940NA .", layout, players=2)
hall"""),
    code("""questions = [
    ("1958OC", 0, 2, "Links: within 5 years of 1953"),
    ("1960OC", 0, 2, "Links: 7 years after 1953"),
    ("1930AS", 1, 1, "Spread the Years: 20 after 1910"),
    ("1925AS", 1, 1, "Spread the Years: only 15 after 1910"),
    ("1965AF", 3, 1, "One Decade: the 1960s again"),
    ("1971AS", 3, 1, "One Decade: the 1970s"),
    ("1945W", 0, 2, "a white card in a variation"),
]
for token, showcase, spot, what in questions:
    reason = hall.why_not(xl.Card.parse(token), showcase, spot, players=2)
    print(f"{token} at ({showcase}, {spot}) — {what}:\\n    {'fits' if reason is None else reason}")"""),
    md("""Short Era rewards the *smallest* difference in its two spots (V5), Antiquity the oldest right
card (V6), both with dense ranking:"""),
    code("""def short(pair: str) -> xl.Hall:
    return xl.Hall.parse(f". . . . . . / . . . . / . / . . . / {pair}", layout, players=3)


xl.score_halls({"A": short("1950EU 1952AS"), "B": short("1960EU 1962AS"), "C": short("1900EU 1990AS")})"""),
    md("""## Tournament
Three seats — greedy, random and a quick search bot — over many seeded games, base layout:"""),
    code("""# NBVAL_IGNORE_OUTPUT
from exhibition_lab.bots import SearchBot

GAMES = 8 if QUICK else 60
tournament = simulate(GAMES, ["greedy", "random", SearchBot(rollouts=6, rollout="random")], seed=5, processes=2)
print(tournament.summary())
print("share of wins:", {bot: float(share) for bot, share in zip(tournament.bots, tournament.wins().round(2))})"""),
    code("""# NBVAL_IGNORE_OUTPUT
plots.plot_score_histograms({bot: tournament.scores[:, seat] for seat, bot in enumerate(tournament.bots)},
                            title="Totals per seat (fame points)")"""),
    md("""## Solo strength
How much does thinking ahead pay in solo play? Random play runs on the batch engine (a hundred
thousand games in about a second); the greedy and search bots play the same seeded deals on the
scalar engine. The search bot plans each turn with 256 lock-step playouts (about 15 ms):"""),
    code("""# NBVAL_IGNORE_OUTPUT
SOLO = 6 if QUICK else 40
solo = {
    "random": simulate(100_000 // (10 if QUICK else 1), ["random"], seed=7, progress=False),
    "greedy": simulate(SOLO, ["greedy"], seed=7, processes=2, engine="scalar"),
    "search": simulate(SOLO, ["search"], seed=7, processes=2, engine="scalar"),
}
for bot, result in solo.items():
    low, high = result.interval()[:, 0]
    print(f"{bot:>6}: mean {result.mean()[0]:7.0f}  95% CI [{low:.0f}, {high:.0f}]  ({result.n_games} games)")"""),
    code("""# NBVAL_IGNORE_OUTPUT
plots.plot_score_histograms(solo, density=True, title="Solo totals by bot")"""),
]


def write(name: str) -> Path:
    notebook = nbf.v4.new_notebook()
    notebook.cells = NOTEBOOKS[name]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    path = HERE / f"{name}.ipynb"
    nbf.write(notebook, path)
    return path


def execute(path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace", str(path)],
        check=True,
    )


def main(names: list[str]) -> None:
    for name in names or list(NOTEBOOKS):
        execute(write(name))
        print("built", name)


if __name__ == "__main__":
    main(sys.argv[1:])
