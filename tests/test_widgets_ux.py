"""The play app after the newcomer usability test (ux_report): each fix driven through
widget clicks, without a browser (the layout promises are checked in test_browser.py)."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.render.cards import card_html
from exhibition_lab.ui.widgets.coach import counted
from exhibition_lab.widgets import GameApp, YearsGapExplorer
from tests.conftest import HAND_DECK, make_deal
from tests.test_game import MARKET
from tests.test_widgets import click_one_step, enabled, play_until


def plain(value: str) -> str:
    return html.unescape(re.sub("<[^>]+>", "", value))


def to_place(app: GameApp) -> None:
    """Take a card (and move after a white one) until the human holds a card to place."""
    while app.game.phase is not xl.Phase.PLACE:
        click_one_step(app)


# ---------------------------------------------------------------- the status never jumps
def test_other_players_turns_keep_their_own_line_through_a_wrong_click():
    app = GameApp(seats=["human", "greedy", "random"], seed=4)
    to_place(app)
    click_one_step(app)  # the placement; both bots answer
    turns = app.status.turns.value
    for seat in (1, 2):
        assert f"{app.game.players[seat]} took " in turns
    to_place(app)  # your next take does not wipe them out
    assert app.status.turns.value == turns
    legal = {b.spot for b in app.find("exlab-legal")}
    wrong = next(b for b in app.find("exlab-spot") if b.spot not in legal)
    wrong.click()  # the answer goes to the message line, the turns stay
    assert "exlab-error" in app.status.status.value and app.status.turns.value == turns


def test_the_bots_cards_are_marked_in_their_halls():
    app = GameApp(seats=["human", "greedy", "random"], seed=4)
    to_place(app)
    start = len(app.game.history)
    click_one_step(app)
    taken = [a.card for seat, a in app.game.history[start:] if seat != 0 and isinstance(a, xl.Take)]
    assert len(taken) == 2
    in_halls = [c for c in taken if any(c in app.game.hall(s).hall_cards() for s in (1, 2))]
    assert app.opponents.value.count('exlab-marked"') == len(in_halls)
    for card in in_halls:
        assert card_html(card, mini=True, extra_class="exlab-marked") in app.opponents.value


def test_refilled_tile_cards_are_marked_new_until_the_next_move():
    app = GameApp(seats=["human"], seed=2)
    before = {c for cards in app.game.market.values() for c in cards}
    assert not app.find("exlab-new-card")  # a new game marks nothing
    click_one_step(app)
    now = {c for cards in app.game.market.values() for c in cards}
    refilled = now - before
    assert refilled and app.market.new_cards == refilled
    marked = {b.card for b in app.find("exlab-new-card")}
    assert marked == refilled
    assert all("new on the tile" in b.tooltip for b in app.find("exlab-new-card"))
    app.render()  # a redraw without a move keeps the marks
    assert {b.card for b in app.find("exlab-new-card")} == marked


def test_status_box_offers_more_only_for_long_text():
    app = GameApp(seats=["human"], seed=0)
    app.status.say("Short.")
    app.status.turns.value = ""
    app.status._offer_more()
    assert app.status.more.layout.visibility == "hidden"
    found = play_until(app, lambda a: not a.session.legal_spots())
    assert found
    more = app.status.more
    assert more.layout.visibility == "visible"  # the no-fit reasons are longer than the box
    more.value = True
    assert "exlab-status-open" in app.status.box._dom_classes and more.description == "Less"
    more.value = False
    assert "exlab-status-open" not in app.status.box._dom_classes


def test_hint_panel_lies_beside_the_tile_not_above_the_board():
    app = GameApp(seats=["human", "greedy"], seed=3)
    tree_before = [type(c) for c in app.children]
    app.hint_button.click()
    assert app.hint_panel.layout.display != "none"
    middle = next(c for c in app.children if "exlab-middle" in c._dom_classes)
    assert app.hint_panel in middle.children and app.market in middle.children
    assert app.hint_panel not in app.children and [type(c) for c in app.children] == tree_before
    app.hint_panel.close_button.click()
    assert app.hint_panel.layout.display == "none" and not app.find("exlab-hinted")


# ---------------------------------------------------------------- what a click costs
def test_end_exhibition_says_what_it_costs_before_the_click():
    app = GameApp(seats=["human"], seed=0)
    assert play_until(app, lambda a: not a.session.legal_spots())
    empty = app.game.hall(0).n_empty
    end = app.hall.end
    assert not end.disabled
    assert f"{empty} empty spot" in end.tooltip and f"−{100 * empty} points" in end.tooltip  # solo: ×100
    assert "leaves the game" in end.tooltip
    assert "End exhibition:" in plain(app.status.status.value)


def test_end_exhibition_tooltip_says_what_it_does_when_not_allowed():
    app = GameApp(seats=["human", "greedy"], seed=1)
    to_place(app)
    assert app.hall.end.disabled and "makes your hall final" in app.hall.end.tooltip


def test_undo_message_counts_turns_not_actions():
    app = GameApp(seats=["human", "greedy"], seed=4)
    to_place(app)
    card = app.game.hand
    click_one_step(app)
    assert app.undo_button.tooltip.startswith(f"Take back your placement of {card.year} and Greedy 2's turn")
    app.undo_button.click()
    message = plain(app.status.status.value)
    assert message.startswith(f"Took back your placement of {card.year} and Greedy 2's turn")
    assert "moves" not in message and app.game.phase is xl.Phase.PLACE


def test_hot_seat_players_undo_only_their_own_moves():
    app = GameApp(seats=["human", "human"], seed=5)
    to_place(app)
    click_one_step(app)  # Human 1's turn is over: Human 2 is to move
    assert app.game.current == 1
    assert app.undo_button.disabled and "only your own moves" in app.undo_button.tooltip
    before = app.game.to_json()
    with pytest.raises(xl.ExhibitionLabError, match="Human 1's"):
        app.session.undo()
    assert app.game.to_json() == before
    click_one_step(app)  # Human 2 takes: that one is theirs to take back
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.game.current == 1 and app.game.phase is xl.Phase.TAKE


# ---------------------------------------------------------------- solo games
def test_a_solo_game_explains_its_scoring_and_ends_with_a_final_score():
    app = GameApp(seats=["human"], seed=3)
    app.controls.players.value = 1
    app.controls.button.click()
    start = plain(app.status.status.value)
    assert "×100" in start and "Mid Century" in start and "1950" in start
    while not app.game.is_over:
        click_one_step(app)
    total = app.game.score()["You"].total
    banner = plain(app.status.banner.value)
    assert f"Final score: {total}".replace("-", "−") in banner and "solo, ×100 scale" in banner
    assert "win" not in banner


def test_the_winner_is_named_with_the_right_verb():
    seen = set()
    for seed in range(12):
        session = PlaySession.new(["human", "random"], seed=seed)
        while not session.game.is_over:
            session.act(session.game.legal_actions()[0])
        winners = session.game.score().winners
        words = session.result_in_words()
        if winners == ["You"]:
            assert words == "You win"
        elif len(winners) == 1:
            assert words == f"{winners[0]} wins"
        else:
            assert words == " and ".join(winners) + " share the win"
        seen.add(words)
        if "You win" in seen and len(seen) > 1:
            break
    assert "You win" in seen


# ---------------------------------------------------------------- new game, fresh cards
def market_of(app: GameApp) -> list:
    return [c for cards in app.game.market.values() for c in cards]


def test_new_game_deals_fresh_cards_and_shows_the_seed_it_used():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.button.click()
    first_seed, first_market = app.session.setup.seed, market_of(app)
    # the field shows no seed it will not use: empty means new cards (ux report 2, bug 2)
    assert controls.seed.value == "" and controls.seed.placeholder == "new cards" and not controls.keep_seed.value
    assert f"New game (seed {first_seed})" in app.status.status.value
    controls.button.click()
    assert app.session.setup.seed != first_seed and market_of(app) != first_market
    # the seed shown deals the same cards again when typed in
    controls.seed.value = str(first_seed)
    assert controls.keep_seed.value
    controls.button.click()
    assert app.session.setup.seed == first_seed and market_of(app) == first_market


def test_fresh_seeds_come_from_the_apps_seeded_generator():
    def seeds(app_seed: int) -> list[int]:
        app = GameApp(seats=["human", "greedy"], seed=app_seed)
        found = []
        for _ in range(3):
            app.controls.button.click()
            found.append(app.session.setup.seed)
        return found

    assert seeds(7) == seeds(7) and seeds(7) != seeds(8)


# ---------------------------------------------------------------- the coach
def test_review_counts_use_plurals():
    assert [counted(1, "blunder"), counted(3, "inaccuracy"), counted(2, "mistake"), counted(5, "good")] == [
        "1 blunder",
        "3 inaccuracies",
        "2 mistakes",
        "5 good",
    ]
    app = GameApp(seats=["human"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    (view,) = app.review_area.children
    summary = plain(view.summary.value)
    assert not re.search(r"\b(?:[02-9]|\d\d+) (?:inaccuracy|mistake|blunder|decision)\b", summary), summary
    assert not re.search(r"\b1 (?:inaccuracies|mistakes|blunders|decisions)\b", summary), summary
    assert app._review_anchor.tick == 1  # the review is brought into view


# ---------------------------------------------------------------- the card in hand
def test_the_card_in_hand_is_drawn_as_a_card_face_also_while_choosing_a_continent():
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = xl.Game(["You", "Bot"], make_deal(market), deck=HAND_DECK)
    app = GameApp(game, ["human", "greedy"])
    assert "exlab-hand-card" not in app.hand_view.value  # nothing in hand yet
    white = next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W"))
    white.click()
    assert app.game.phase is xl.Phase.MOVE
    assert card_html(app.game.hand, extra_class="exlab-hand-card") in app.hand_view.value
    enabled(app, "exlab-continent-choice")[0].click()
    assert card_html(app.game.hand, extra_class="exlab-hand-card") in app.hand_view.value


# ---------------------------------------------------------------- words on the score
def test_chain_of_years_minimum_is_said_as_a_rule_not_a_contradiction():
    app = GameApp(seats=["human", "greedy"], seed=1)
    cells = re.findall(r"<td title='([^']*R23[^']*)'>([^<]*)</td>", app.live_score.value)
    assert len(cells) == 2 and all(points == "1" for _, points in cells)  # an empty hall: the minimum
    words = html.unescape(cells[0][0])
    assert "at least 1" in words and "R23" in words and "no dated card" not in words


# ---------------------------------------------------------------- what if…, tied to the game
def test_what_if_is_preset_from_the_years_gap_card_and_the_card_in_hand():
    app = GameApp(seats=["human"], seed=6)
    tool = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    tool.value = True
    (explorer,) = app.tool_area.children
    assert isinstance(explorer, YearsGapExplorer)
    assert [v for _, v in explorer.goal.options] == ["years_gap"]  # no Short Era/Antiquity in a base game
    gap = next(s for s, kind in enumerate(app.game.layout) if kind.key == "years_gap")
    held = None
    for _ in range(120):  # play until a card stands in Years Gap's left spot, then hold another
        to_place(app)
        left = app.find(f"exlab-spot-{gap}-0")[0]
        if held is None and "exlab-legal" in left._dom_classes and app.game.hand.year < 1960:
            held = app.game.hand.year
            left.click()
            continue
        if held is not None and app.game.hand.year is not None and not app.game.hand.is_white:
            break
        click_one_step(app)
    assert held is not None
    hand = app.game.hand.year
    expected = (held, hand) if hand > held else (held, max(1987, held + 1))
    assert (explorer.left.value, explorer.right.value) == expected
    explorer.left.value = 1930  # the player's own question is kept while the position is unchanged
    app.render()
    assert explorer.left.value == 1930


def test_continent_buttons_sit_in_the_hall_head_so_the_hall_stays_put():
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = xl.Game(["You", "Bot"], make_deal(market), deck=HAND_DECK)
    app = GameApp(game, ["human", "greedy"])
    assert app.chooser in app.hall.head.children and app.chooser not in app.children
    assert app.hall.head.layout.height == "32px"
    next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W")).click()
    assert app.chooser.layout.display == "flex"


def test_a_solo_game_tells_the_previous_turn_while_the_next_is_under_way():
    app = GameApp(seats=["human"], seed=2)
    to_place(app)
    click_one_step(app)  # a whole turn: the message line tells it, the turns line stays empty
    told = plain(app.status.status.value)
    assert told.startswith("You took") and app.status.turns.value == ""
    to_place(app)  # the next turn is under way: the finished one moves to its own line
    # ux report 2: "Your last turn: You took …" said "you" twice
    assert plain(app.status.turns.value) == "Your last turn: " + told.removeprefix("You ")


def test_at_game_over_the_other_players_last_turns_are_told():
    for seed in (2, 3):
        app = GameApp(seats=["human", "greedy"], seed=seed)
        while not app.game.is_over:
            click_one_step(app)
        turns = app.session.turns_since(0)
        while turns[-1][0] == 0:
            turns.pop()  # your own last turn is told in the message line
        last_run = []
        while turns and turns[-1][0] == 1:
            last_run.append(turns.pop()[1])
        shown = plain(app.status.turns.value)
        assert last_run and shown.startswith("After your last turn:")  # at the end: from whose turn on
        assert all(text in shown for text in last_run)


def test_the_score_sheet_says_when_the_tiebreak_decided():
    from exhibition_lab.games.exhibition.rules.scoring import PlayerScore, ScoreLine, ScoreSheet
    from exhibition_lab.ui.widgets.panels import tiebreak_html

    def sheet(**players: tuple[int, int | None]) -> ScoreSheet:
        return ScoreSheet(
            {
                name: PlayerScore(name, (ScoreLine("decades", "R22", points, "test"),), distance)
                for name, (points, distance) in players.items()
            }
        )

    decided = plain(tiebreak_html(sheet(You=(4, 5), Ann=(4, 28))))
    assert "You win the tiebreak" in decided and "5 years from 1950" in decided and "R26" in decided
    other = plain(tiebreak_html(sheet(You=(4, 30), Ann=(4, 1))))
    assert "Ann wins the tiebreak" in other and "1 year from 1950" in other
    assert "a shared win" in plain(tiebreak_html(sheet(You=(4, 3), Ann=(4, 3))))
    assert tiebreak_html(sheet(You=(5, 30), Ann=(4, 1))) == ""  # the totals decided


def test_several_other_turns_name_cards_by_year_to_fit_their_line():
    app = GameApp(seats=["human", "greedy", "greedy", "greedy"], seed=3)
    to_place(app)
    click_one_step(app)
    turns = app.session.others_last_turns()
    assert len(turns) == 3
    shown = plain(app.status.turns.value)
    for _, action in app.game.history[-12:]:
        if isinstance(action, xl.Take) and action.card.title and action.card in app.session.cards_of_last_turns():
            assert f"took {action.card.year} from" in shown and action.card.title not in shown


def test_review_gives_the_coachs_reason_for_each_decision_that_lost_points():
    from exhibition_lab.ui.widgets.coach import review_reason

    app = GameApp(seats=["human", "greedy"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    (view,) = app.review_area.children
    lost = [k for k, d in enumerate(view.review.decisions) if d.label != "good"]
    assert lost
    for k in lost[:3]:
        view.go(k)
        reason = review_reason(view.decision)
        assert f"The coach's reason: {html.escape(reason)}." in view.board.value
        assert "→" not in reason and " fp" not in reason  # plain words, no notation


def test_unlit_spots_say_why_on_hover_and_turn_red_when_the_card_fits_nowhere():
    app = GameApp(seats=["human"], seed=3)
    play_until(app, lambda a: len(a.game.hall(0).hall_cards()) >= 2 and a.session.legal_spots())
    legal = {b.spot for b in app.find("exlab-legal")}
    unlit = [b for b in app.find("exlab-spot") if b.spot not in legal and "exlab-empty-spot" in b._dom_classes]
    assert unlit
    for button in unlit:
        why = app.session.placement_in_words(*button.spot)
        assert why.words in button.tooltip and why.rule in button.tooltip
    assert not app.find("exlab-refused")  # red only when nothing fits
    assert play_until(app, lambda a: not a.session.legal_spots())
    empty = [b for b in app.find("exlab-spot") if "exlab-empty-spot" in b._dom_classes]
    assert empty and set(app.find("exlab-refused")) == set(empty)
