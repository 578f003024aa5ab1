"""Undo takes back a person's last real decision, counted and named in turns; hot-seat players
take back only their own."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.core.session import UndoRefusal
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.text import play as words
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    new_marks,
    plain,
    play_to_the_end,
    to_place,
)


def test_undo_steps_back_to_the_previous_human_decision():
    app = GameApp(seats=["human", "random"], seed=4)
    assert app.find("exlab-undo")[0].disabled
    click_one_step(app)
    click_one_step(app)  # the placement; the bot then plays its turn
    assert app.game.current == 0 and len(app.game.history) >= 4
    app.find("exlab-undo")[0].click()
    assert app.game.phase is xl.Phase.PLACE and len(app.game.history) in (1, 2)


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
    assert app.session.undo_refusal() == (UndoRefusal.NOT_YOURS, 0)
    assert "the last one was Human 1's" in app.undo_button.tooltip
    with pytest.raises(xl.ExhibitionLabError, match="another person"):
        app.session.undo()
    assert app.game.to_json() == before
    click_one_step(app)  # Human 2 takes: that one is theirs to take back
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.game.current == 1 and app.game.phase is xl.Phase.TAKE


def test_undo_names_a_decision_without_pronouns():
    session = PlaySession.new(["human", "greedy"], seed=0)
    while not session.game.is_over:
        session.act(session.game.legal_actions()[0])
    said = words.undo_in_words(session)
    assert "end of your exhibition" not in said and not re.search(r"\b(?:his|her)\b", said)
    two = PlaySession.new(["human", "human"], seed=0)
    while not two.game.is_over:
        two.act(two.game.legal_actions()[0])
    owner = two.game.history[two.last_decision()][0]
    said = words.undo_in_words(two)
    name = two.game.players[owner]
    assert said.startswith(f"{name}'s ") and "your" not in said
    if any(isinstance(a, xl.EndExhibition) for s, a in two.game.history if s == owner):
        assert f"{name}'s exhibition ending" in said


def test_undo_at_game_over_reopens_the_last_real_choice():
    app = GameApp(seats=["human", "greedy"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    app.wait_review()
    game = app.game
    # the last human action that had an alternative, found by stepping a copy back
    twin, last = game.copy(), None
    for k in range(len(game.history) - 1, -1, -1):
        twin.undo()
        if game.history[k][0] == 0 and len(twin.legal_actions()) > 1:
            last = k
            break
    assert last is not None and not app.undo_button.disabled
    app.undo_button.click()
    assert len(app.game.history) == last and not app.game.is_over
    assert len(app.game.legal_actions()) > 1  # never the same forced move again
    assert app.end_panel.layout.display == "none" and app.review_area.children == ()
    assert plain(app.status.status.value).startswith("Took back your ")


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


def test_a_depot_card_taken_back_leaves_its_spot_drawn_empty():
    # The browser clears a button's old text only when the new description is not empty, so
    # an empty Depot spot is painted with a blank that is not "" (R10: the card left the Depot).
    app = GameApp(seats=["human"], seed=4)
    to_place(app)
    app.find("exlab-depot")[0].click()
    spots = app.hall.depot_cards
    assert spots[0].description.strip() != ""  # the card stands in the Depot
    app.find("exlab-undo")[0].click()
    assert app.game.phase is xl.Phase.PLACE
    assert all(b.description and not b.description.strip() for b in spots)
