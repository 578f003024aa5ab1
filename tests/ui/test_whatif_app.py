"""The what-if explorer inside a live solo game: it opens on the game, follows it, and presets
its sliders only from cards the player holds."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab import odds
from exhibition_lab.ui.widgets.whatif import preset_pair
from exhibition_lab.widgets import GameApp, YearsGapExplorer
from tests.helpers.play import (
    click_one_step,
    plain,
    to_place,
)
from tests.helpers.whatif import check_shows


def test_what_if_panel_opens_on_the_live_solo_game_and_follows_it():
    app = GameApp(seats=["human"], seed=6)
    button = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    button.value = True
    (explorer,) = app.tool_area.children
    assert isinstance(explorer, YearsGapExplorer) and explorer.game is app.game
    for _ in range(4):
        click_one_step(app)
    pool = odds.game_pool(app.game)
    free = sorted(c.year for c in pool if c.year is not None and not c.is_white)
    explorer.left.value, explorer.right.value = free[2], free[-3]
    check_shows(explorer, odds.pair_odds("years_gap", free[2], free[-3], pool))
    np.testing.assert_allclose(explorer.heatmap.grid, odds.game_penalty_grid(app.game), rtol=1e-6, equal_nan=True)


def test_what_if_says_on_hover_what_it_opens_and_stands_beside_hint():
    # a newcomer finds it where the buttons of every turn are, and its hover says what it is for
    app = GameApp(seats=["human"], seed=6)
    button = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    assert "Years Gap" in button.tooltip and "cards still to come" in button.tooltip
    assert button in app.tools_row.children and button.layout.display != "none"
    topbar = next(c for c in app.children if "exlab-topbar" in c._dom_classes)
    assert any(app.tools_row in getattr(box, "children", ()) for box in topbar.children)
    app.controls.players.value = 2
    app.controls.button.click()
    assert button.layout.display == "none"  # a game of several has no pair showcase to weigh (S4)


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
            else:  # nothing of yours for the left: no year is called yours
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
    # D11: each reading is named on its button as the package and the course name it
    for label, reading in free.reading.options:
        assert label.split(":")[0] == reading


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_what_if_opens_with_a_plain_lead_and_a_head_that_leads_back_to_the_board(speak, language):
    # one plain sentence first (the pair's 5 fp and what costs it, S4), before the numbers;
    # above the tool, under your hall, a head says where it stands and leads back or shuts it
    speak(language)
    app = GameApp(seats=["human"], seed=6)
    tool = app.find("exlab-tool-button")[0]
    tool.value = True
    (explorer,) = app.tool_area.children
    assert explorer.children[1] is explorer.lead and "S4" in explorer.lead.value
    assert "5" in plain(explorer.lead.value) and "k =" not in explorer.lead.value
    assert app._tool_head.layout.display == "flex" and tool.description in app._tool_title.value
    back, close = app._tool_head.children[1:]
    ticks = app._decision_anchor.tick
    back.click()  # the board comes back into view; the tool stays open under the hall
    assert app._decision_anchor.tick == ticks + 1 and tool.value and app.tool_area.children
    close.click()
    assert not tool.value and app.tool_area.children == () and app._tool_head.layout.display == "none"
    assert app._decision_anchor.tick == ticks + 2


def test_the_lead_says_what_the_map_shows_at_a_glance_its_best_pair_and_how_many_keep_little():
    # a map that opens dark (most pairs keep under 1 fp, S4) says so in words before the reader
    # wonders, with the pair that keeps most; recounted here from the exact grid
    explorer = YearsGapExplorer()
    shares = set()
    for goal in ("years_gap", "short_era"):
        explorer.goal.value = goal
        grid = odds.penalty_grid(goal, explorer.pool_cards)
        left, right = np.unravel_index(int(np.nanargmax(grid)), grid.shape)
        finite = grid[np.isfinite(grid)]
        share = f"{np.mean(finite < 1):.0%}"
        said = plain(explorer.lead.value)
        assert f"{1900 + left}–{1900 + right}" in said and f"{grid[left, right]:.2f} fp" in said, said
        assert f"{share} of the pairs keep less than 1 fp" in said, said
        shares.add(share)
    assert len(shares) == 2  # the two goals' maps differ: each lead counts its own


def test_after_back_to_the_board_the_tool_s_button_brings_the_open_tool_back_into_view():
    # the button shows pressed while its tool lies open under the hall: the reader's click
    # after "Back to the board" means "show it", so the same tool comes back into view; only
    # the next click (or Close) shuts it
    app = GameApp(seats=["human"], seed=6)
    tool = app.find("exlab-tool-button")[0]
    tool.value = True
    (explorer,) = app.tool_area.children
    back = app._tool_head.children[1]
    back.click()
    shown = app._tool_anchor.tick
    tool.value = False  # the page's click on the pressed button
    assert tool.value and app.tool_area.children == (explorer,)  # the same tool, not a new one
    assert app._tool_anchor.tick == shown + 1  # brought into view
    tool.value = False  # a click now, with the tool in view, shuts it
    assert app.tool_area.children == () and app._tool_head.layout.display == "none"
    tool.value = True
    back = app._tool_head.children[1]
    back.click()
    app._tool_head.children[2].click()  # Close after Back to the board shuts it for good
    assert not tool.value and app.tool_area.children == ()
