"""The play app after the second newcomer test (ux_report2): each fix driven through widget
clicks, without a browser (the layout promises are checked in test_browser.py)."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.games.exhibition.session import VARIATION_LINES, PlaySession
from exhibition_lab.ui.render.tile import VEHICLES_ROW_HEIGHT, vehicles_row_html
from exhibition_lab.ui.widgets.cards import CSS, SOFT_HYPHEN, breakable
from exhibition_lab.ui.widgets.market import tile_before_last_action
from exhibition_lab.ui.widgets.panels import minus, rule_tag, tag_rules
from exhibition_lab.ui.widgets.whatif import preset_pair
from exhibition_lab.widgets import GameApp, YearsGapExplorer
from tests.test_widgets import click_one_step, play_until

#: A hyphen written where a minus sign belongs: before a number, not inside a range (1972-73).
HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-\d")


def plain(value: str) -> str:
    return html.unescape(re.sub("<[^>]+>", "", value))


def to_place(app: GameApp) -> None:
    while app.game.phase is not xl.Phase.PLACE:
        click_one_step(app)


def play_out_filling_the_depot(app: GameApp, clicks: int = 400) -> None:
    """Play to the end (or ``clicks`` clicks), putting cards in the Depot while it has room
    (for negative scores)."""
    for _ in range(clicks):
        if app.game.is_over:
            return
        depot = app.find("exlab-depot")[0]
        if app.game.phase is xl.Phase.PLACE and not depot.disabled:
            depot.click()
        else:
            click_one_step(app)
    assert clicks < 400 or app.game.is_over, "the game did not end"


def new_marks(app: GameApp) -> set:
    return {b.card for b in app.find("exlab-new-card")}


# ---------------------------------------------------------------- bug 3: "new" follows the game
def test_new_badges_after_undo_are_those_the_position_had():
    app = GameApp(seats=["human", "greedy"], seed=4)
    for _ in range(3):  # a few turns, so that the bots have refilled the tile
        to_place(app)
        click_one_step(app)
    to_place(app)
    placing = new_marks(app)  # the marks while the card taken is to be placed
    assert placing  # the take refilled its continent (R9)
    click_one_step(app)  # place: the bot plays, the tile changes
    assert new_marks(app) != placing
    app.undo_button.click()
    assert app.game.phase is xl.Phase.PLACE
    assert new_marks(app) == placing == app.market.new_cards  # the badges of this position, not of the last screen
    app.render()  # a redraw changes nothing
    assert new_marks(app) == placing


def test_new_badges_are_the_tile_cards_that_came_since_your_last_action():
    app = GameApp(seats=["human", "greedy"], seed=9)
    assert not new_marks(app)  # nothing came before your first action
    to_place(app)
    click_one_step(app)
    game = app.game
    last = max(k for k, (seat, _) in enumerate(game.history) if seat == 0)
    past = game.copy()
    for _ in range(len(game.history) - last):
        past.undo()
    before = {c for cards in past.market.values() for c in cards}
    now = {c for cards in game.market.values() for c in cards}
    assert new_marks(app) == now - before == app.market.new_cards
    assert tile_before_last_action(game, 0) == before and len(game.history) > last  # the game is untouched


# ---------------------------------------------------------------- bug 4: one unit in solo
def no_fit_app(seats: list[str], seed: int) -> GameApp:
    app = GameApp(seats=seats, seed=seed)
    assert play_until(app, lambda a: not a.session.legal_spots())
    return app


def test_solo_no_fit_costs_are_all_in_points():
    app = no_fit_app(["human"], 3)
    box = plain(re.search(r"<div class='exlab-nofit'>.*?</div>", app.status.status.value).group(0))
    assert "fame point" not in box and " fp" not in box  # S2: a solo game counts ×100 points
    if app.session.can(xl.ToDepot):
        assert "Put in Depot: −100 points at the end" in box
    empty = app.game.hall(0).n_empty
    assert f"−{100 * empty} points" in box


def test_no_fit_costs_in_fame_points_with_several_players_and_your_take_first():
    app = no_fit_app(["human", "greedy"], 3)
    status = app.status.status.value
    box = plain(re.search(r"<div class='exlab-nofit'>.*?</div>", status).group(0))
    if app.session.can(xl.ToDepot):
        assert "Put in Depot: −1 fame point at the end" in box
    told = plain(status)
    assert told.startswith("You took ")  # your own take stays first, where the closed box shows it
    assert told.index("You took") < told.index("fits nowhere in your hall")


# ---------------------------------------------------------------- bug 7: hot-seat turns line
def test_hot_seat_turns_are_told_once_and_say_whose_turn_they_follow():
    app = GameApp(seats=["human", "human", "greedy"], seed=5)
    first, second = app.game.players[:2]
    to_place(app)
    click_one_step(app)  # the first player's whole turn; the second is to move
    turns, status = plain(app.status.turns.value), plain(app.status.status.value)
    assert turns.startswith(f"Before {second}'s first turn: {first} took ")
    assert f"{first} took" not in status  # not the same sentence twice
    assert f"now it is {second}'s turn" in status
    to_place(app)
    click_one_step(app)  # the second player's turn, then the bot's
    turns = plain(app.status.turns.value)
    assert turns.startswith(f"Since {first}'s last turn: ")
    assert f"{second} took" in turns and "Greedy 3 took" in turns
    while not app.game.is_over:
        click_one_step(app)
    turns = plain(app.status.turns.value)
    assert not turns or turns.startswith(f"After {first}'s last turn: ")  # at the end: from whose turn on


def test_the_first_turns_line_does_not_speak_of_a_last_turn():
    app = GameApp(seats=["greedy", "human"], seed=2)  # the bot moves first
    assert plain(app.status.turns.value).startswith("Before your first turn: Greedy 1 took ")
    to_place(app)
    click_one_step(app)
    assert plain(app.status.turns.value).startswith("Since your last turn: Greedy 1 took ")


def test_solo_last_turn_says_you_once():
    app = GameApp(seats=["human"], seed=2)
    to_place(app)
    click_one_step(app)
    to_place(app)
    turns = plain(app.status.turns.value)
    assert turns.startswith("Your last turn: took ") and "You took" not in turns


# ---------------------------------------------------------------- bug 9: the true minus sign
def test_every_number_below_zero_has_the_true_minus_sign():
    app = GameApp(seats=["human"], seed=3)
    texts = [app.live_score.value, app.status.status.value]
    while not app.game.is_over:
        play_out_filling_the_depot(app, clicks=1)
        texts += [app.status.status.value, app.status.turns.value]
    texts += [app.score_sheet.value, app.status.banner.value, app.live_score.value]
    assert app.game.score()["You"].total < 0  # a solo game ends below zero: there is a sign to check
    for text in texts:
        assert not HYPHEN_MINUS.search(plain(text)), plain(text)
        assert not HYPHEN_MINUS.search(html.unescape(text))  # tooltips too
    assert minus("-8700, 1972-73") == "−8700, 1972-73"


def test_solo_why_counts_mid_century_in_points_like_the_sheet():
    app = GameApp(seats=["human"], seed=3)
    play_out_filling_the_depot(app)
    score = app.game.score()["You"]
    line = score.line("mid_century")
    why = plain(app.score_sheet.value)
    assert f"→ {minus(f'{line.points * 100:g}')} points" in why
    assert f"→ {minus(f'{line.points:g}')}\n" not in why  # not the engine's fame points


# ---------------------------------------------------------------- the score table explained
def test_each_score_column_says_what_it_counts_on_hover():
    app = GameApp(seats=["human", "greedy"], seed=1)
    heads = re.findall(r"<th class='exlab-goal-head' title='([^']*)'>", app.live_score.value)
    goals = list(app.session.live_score().goals)
    assert len(heads) == len(goals)
    for goal, hover in zip(goals, heads):
        words = html.unescape(hover)
        rule = app.game.score()["You"].line(goal).rule
        assert f"({rule})" in words and len(words) > 40, words
    chain = html.unescape(heads[goals.index("chain")])
    assert "at least 1" in chain and "empty hall" in chain  # why an empty hall shows Chain 1 (R23)
    assert "hover a heading" in plain(app.live_score.value)


def test_solo_mid_century_says_why_an_empty_spot_is_minus_9900():
    app = GameApp(seats=["human"], seed=1)
    value = html.unescape(app.live_score.value)
    assert app.game.hall(0).showcases[2][0] is None
    head = re.search(r"title='(Mid Century \(S6, D11\)[^']*)'>Mid C.", value)
    assert head and "farthest" in head.group(1) and "50 years" in head.group(1) and "−9900" in head.group(1)
    cell = re.search(r"<td title='(Mid Century \(S6\): empty[^']*)'>−9900</td>", value)
    assert cell and "D11" in cell.group(1) and "fame" not in cell.group(1)


# ---------------------------------------------------------------- variations named
def test_a_new_game_names_its_variations_with_their_rules():
    app = GameApp(seats=["human", "greedy"], seed=1)
    assert "Variation" not in plain(app.status.status.value)  # base game: nothing to name
    app._new_session(PlaySession.new(["human", "greedy"], seed=2, variations=("links", "short_era")))
    told = plain(app.status.status.value)
    assert told.startswith("New game (seed 2): ")
    assert "Variations: Links over General" in told and "Short Era over Years Gap" in told
    assert "V3" in told and "V5" in told and VARIATION_LINES["short_era"] in told
    app._new_session(PlaySession.new(["human", "greedy"], seed=3, secret_decades=True))
    assert "Variation: Secret Decade" in plain(app.status.status.value)


def test_variation_showcase_titles_carry_their_rule_on_hover():
    session = PlaySession.new(["human", "greedy"], seed=2, variations=("links",))
    app = GameApp(session.game, ["human", "greedy"])
    names = [label.value for label in app.find("exlab-showcase-name")]
    links = next(value for value in names if ">Links<" in value)
    hover = html.unescape(re.search(r"title='([^']*)'", links).group(1))
    assert "rule V3" in hover and VARIATION_LINES["links"] in hover and "over General" in hover
    assert all("title=" not in value for value in names if ">One Era<" in value)  # base showcases: no rule


# ---------------------------------------------------------------- rule ids as tags
def test_rule_ids_in_running_text_become_tags_with_a_hover():
    text = "ending makes your hall final: 1950 leaves the game (R10a) and 7 spots (−7 fame points, R24)"
    tagged = tag_rules(text)
    assert rule_tag("R10a") in tagged and rule_tag("R24") in tagged
    assert "(R10a)" not in tagged and "(−7 fame points)" in tagged
    assert "title='rule R10a of the rules reference'" in rule_tag("R10a")
    assert tag_rules("years 1972-73 in Asia") == "years 1972-73 in Asia"  # no id, no tag


def test_the_no_fit_box_tags_every_rule_id():
    app = no_fit_app(["human", "greedy"], 3)
    box = re.search(r"<div class='exlab-nofit'>.*?</div>", app.status.status.value).group(0)
    bare = re.sub(r"<span class='exlab-rule'[^>]*>[^<]*</span>", "", box)
    assert not re.search(r"\b[RSVDT]\d{1,2}[a-z]?\b", plain(bare))  # every id sits in a tag
    assert "exlab-rule" in box


# ---------------------------------------------------------------- the hint wins
def test_the_hints_mark_is_drawn_above_the_green_marks():
    css = re.sub(r"\s+", " ", CSS)
    rule = re.search(r"\.exlab-app \.exlab-hinted \{([^}]*)\}", css).group(1)
    assert "z-index" in rule and "!important" in rule
    assert re.search(r"\.exlab-hinted\.exlab-empty-spot[^{]*\{[^}]*background: #ede7f6 !important", css)
    assert '.exlab-hinted::before { content: "hint"' in css


# ---------------------------------------------------------------- tile columns keep their size
def test_a_tile_column_keeps_its_height_with_up_to_four_vehicles():
    players = ("Ana", "Ben", "Cleo", "Dan", "Eve")
    heights = []
    for k in range(5):
        # the row reads only the players and where their vehicles stand
        vehicles = tuple(xl.Continent.OC if s < k else xl.Continent.EU for s in range(5))
        row = vehicles_row_html(SimpleNamespace(players=players, vehicles=vehicles), xl.Continent.OC)
        assert row.count('class="exlab-vehicle"') == k
        heights.append(re.search(r"(?<![-\w])height:(\d+)px", row).group(1))
    assert heights == [str(VEHICLES_ROW_HEIGHT)] * 5  # none to four: the same height
    five = vehicles_row_html(SimpleNamespace(players=players, vehicles=(xl.Continent.AS,) * 5), xl.Continent.AS)
    assert five.count('class="exlab-vehicle"') == 5  # all five shown (the one case that grows)


# ---------------------------------------------------------------- long words on cards
def test_long_words_on_hall_cards_get_a_soft_hyphen():
    shown = breakable("Singapore becomes independent", 8)
    assert shown.replace(SOFT_HYPHEN, "") == "Singapore becomes independent"
    assert all(len(part) <= 8 for word in shown.split(" ") for part in word.split(SOFT_HYPHEN))
    assert breakable("Fall of the Berlin Wall", 8) == "Fall of the Berlin Wall"
    app = GameApp(seats=["human"], seed=2)
    for button in app.find("exlab-market-card"):
        if button.card is not None:  # the text is the card's; only break points are added
            subject = button.description.split("\n", 1)[1].replace(SOFT_HYPHEN, "")
            assert button.tooltip.split("\n", 1)[1].startswith(subject.rstrip("…"))


# ---------------------------------------------------------------- what if…, only your cards
def test_what_if_presets_only_from_cards_you_hold():
    assert "none" in preset_cases(6)


def preset_cases(seed: int) -> set[str]:
    """Play a solo game, a card alone in Years Gap's right spot, checking the What if
    presets at each placement; returns which cases came: ``"hand"`` (the card in hand sets
    the left slider), ``"none"`` (nothing of yours for the left)."""
    app = GameApp(seats=["human"], seed=seed)
    gap = next(s for s, kind in enumerate(app.game.layout) if kind.key == "years_gap")
    tool = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    tool.value = True
    (explorer,) = app.tool_area.children
    seen = set()
    for _ in range(300):
        game = app.game
        if game.is_over or seen == {"hand", "none"}:
            break
        if game.phase is not xl.Phase.PLACE:
            click_one_step(app)
            continue
        hall, hand = game.hall(0), game.hand
        right = hall.showcases[gap][1]
        right_spot = app.find(f"exlab-spot-{gap}-1")[0]
        if right is None and "exlab-legal" in right_spot._dom_classes and hand.year and hand.year > 1960:
            right_spot.click()  # a card of yours alone in the right spot
            continue
        if right is not None and hall.showcases[gap][0] is None:
            fits_left = hand.year is not None and not hand.is_white and hand.year < right.year
            heading = plain(explorer.heading.value)
            assert explorer.right.value == right.year and f"right card {right.year}: your card there" in heading
            if fits_left:  # the card in hand may stand left of it: it sets the left slider
                assert preset_pair(game) == (hand.year, right.year) and explorer.left.value == hand.year
                assert f"left card {hand.year}: the card in your hand" in heading
                seen.add("hand")
            else:  # nothing of yours for the left: no year is called yours (ux report 2)
                assert preset_pair(game) == (None, right.year)
                assert "left card: no card of yours yet" in heading
                seen.add("none")
        others = [b for b in app.find("exlab-legal") if b.spot != (gap, 0)]
        if others:
            others[0].click()
        else:
            click_one_step(app, prefer_depot=True)
    assert seen, "the right Years Gap spot was never filled alone"
    return seen


def test_what_if_presets_from_the_card_in_hand_too():
    seen = set()
    for seed in range(6, 16):  # deals differ: find one where the hand also fits left of it
        seen |= preset_cases(seed)
        if seen == {"hand", "none"}:
            break
    assert seen == {"hand", "none"}


def test_what_if_keeps_a_slider_no_card_of_yours_sets():
    explorer = YearsGapExplorer.for_game(xl.Game.new(["You"], seed=4))
    assert preset_pair(explorer.game) == (None, None) or explorer.game.hand is not None
    explorer.left.value, explorer.right.value = 1931, 1977
    explorer.refresh()  # the position did not change: the player's question stays
    assert (explorer.left.value, explorer.right.value) == (1931, 1977)


def test_what_if_in_a_live_game_follows_the_games_mid_century_reading():
    game = xl.Game.new(["You"], seed=4)
    explorer = YearsGapExplorer.for_game(game)
    assert explorer.reading.layout.display == "none" and explorer.reading.value == "harsh"
    note = plain(explorer.reading_note.value)
    assert "as in this game" in note and "harsh" in note and "S6" in note
    free = YearsGapExplorer()  # outside a game both readings stay to compare
    assert free.reading.layout.display != "none" and free.reading_note.value == ""
