"""The Continents tile, the card in hand and the other players' halls: what came new, what they
took, card faces that keep their text."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.ui.render.cards import card_html
from exhibition_lab.ui.render.tile import VEHICLES_ROW_HEIGHT, vehicles_row_html
from exhibition_lab.ui.widgets.cards import SOFT_HYPHEN, breakable
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    enabled,
    new_marks,
    to_place,
    white_card_app,
)


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
    assert app.session.tile_before_last_action(0) == before and len(game.history) > last  # the game is untouched


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


def test_long_words_on_hall_cards_get_a_soft_hyphen():
    shown = breakable("Singapore becomes independent", 8)
    assert shown.replace(SOFT_HYPHEN, "") == "Singapore becomes independent"
    assert all(len(part) <= 8 for word in shown.split(" ") for part in word.split(SOFT_HYPHEN))
    assert breakable("Fall of the Berlin Wall", 8) == "Fall of the Berlin Wall"
    app = GameApp(seats=["human"], seed=2)
    for button in app.find("exlab-market-card"):
        if button.card is not None:  # the text is the card's; only break points are added
            subject = button.description.split("\n", 1)[1].replace(SOFT_HYPHEN, "")
            assert button.tooltip.splitlines()[-1].startswith(subject.rstrip("…"))


@pytest.mark.parametrize(
    ("subject", "broken"),
    [("Unión Sudafricana", "Sudafri-cana"), ("República", "Repú-blica"), ("construcción", "cons-truc-ción")],
)
def test_a_soft_hyphen_never_parts_a_consonant_from_its_r_or_l(subject, broken):
    # Spanish (and English) syllables open with "fr", "bl", "tr": "Sudaf-ricana" misleads a reader
    shown = breakable(subject, 7).replace(SOFT_HYPHEN, "-")
    assert broken in shown, shown
    assert not re.search(r"[bcdfgkptv]-[rl]", shown, re.IGNORECASE), shown


def test_cards_carry_their_subject_and_depot_cards_stand_upright():
    app = GameApp(seats=["human"], seed=1)
    for button in app.find("exlab-market-card"):
        if button.card is not None and button.card.title:
            first_words = button.card.title.split()[0]
            assert first_words in button.description.replace("\u00ad", "")  # shortened at most, never hidden
            assert button.card.title in button.tooltip  # the full text on hover
    from exhibition_lab.ui.render.halls import hall_body_html

    hall = xl.Hall.parse(". . . . . . / . . . . / . / . . . / . . | 1932AS")
    assert "rotate" not in hall_body_html(hall) and "rotate" not in app.children[0].value


def test_the_card_in_hand_is_drawn_as_a_card_face_also_while_choosing_a_continent():
    app = white_card_app()
    assert "exlab-hand-card" not in app.hand_view.value  # nothing in hand yet
    white = next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W"))
    white.click()
    assert app.game.phase is xl.Phase.MOVE
    assert card_html(app.game.hand, extra_class="exlab-hand-card") in app.hand_view.value
    enabled(app, "exlab-continent-choice")[0].click()
    assert card_html(app.game.hand, extra_class="exlab-hand-card") in app.hand_view.value


def _ends_by_the_rules(game: xl.Game, card) -> bool:
    """Whether the engine, once ``card`` is taken (and a white card's vehicle moved, R8),
    offers neither a spot nor the Depot: only the exhibition's end (R10a)."""
    after = game.copy()
    after.apply(xl.Take(card))
    if after.phase is xl.Phase.MOVE:
        after.apply(after.legal_actions()[0])
    return all(isinstance(a, xl.EndExhibition) for a in after.legal_actions())


def test_a_card_whose_take_would_end_the_exhibition_is_ringed_and_said_before_the_take():
    """With the Depot full, the cards you may take that fit no spot of your hall are ringed
    in red, their hover says taking one ends your exhibition, and the message line says
    why, exactly where the engine would then offer only the end (R10, R10a)."""
    warned = 0
    for seed in range(12):
        app = GameApp(seats=["human"], seed=seed)
        for _ in range(400):
            game = app.game
            if game.is_over:
                break
            if game.phase is xl.Phase.TAKE:
                truth = {c for c in app.session.takeable() if _ends_by_the_rules(game, c)}
                ringed = {b.card for b in app.find("exlab-ends")}
                assert ringed == truth
                assert all("ends your exhibition" in b.tooltip and "R10a" in b.tooltip for b in app.find("exlab-ends"))
                # the message line says it once the Depot is full and a ringed card lies there
                assert ("ringed in red" in app.status.status.value) == bool(truth)
                assert "ringed in red" not in app.status.banner.value  # the banner keeps its two lines
                warned += bool(truth)
            depot = app.find("exlab-depot")[0]
            if game.phase is xl.Phase.PLACE and not depot.disabled:
                depot.click()
            else:
                click_one_step(app)
    assert warned, "no position of these games had a card whose take ends the exhibition"


def test_the_page_drawing_the_board_gets_every_part_of_it_once_more(monkeypatch):
    # a page opened while the kernel was still starting can miss some of the first changes
    # (a tile column drawn blank): once the page says the board is drawn, every widget of the
    # app, with its layout and style, is sent again as it stands
    import ipywidgets as w

    app = GameApp(seats=["human"], seed=4)
    sent: dict[str, dict] = {}

    def record(widget, msg, buffers=None):
        if msg.get("method") == "update":
            sent.setdefault(widget.model_id, {}).update(msg["state"])

    monkeypatch.setattr(w.Widget, "_send", record)
    app._decision_anchor._handle_custom_msg({"other": True}, [])
    assert not sent  # only the page's own word that the board is drawn
    app._decision_anchor._handle_custom_msg({"drawn": True}, [])
    buttons = [b for column in app.market._buttons for b in column]
    assert len(buttons) == 18  # six continents, three open cards (R5)
    for button in buttons:
        assert sent[button.model_id]["description"] == button.description
        assert tuple(sent[button.model_id]["_dom_classes"]) == tuple(button._dom_classes)
        assert button.layout.model_id in sent and button.style.model_id in sent
    heads = app.market._headers
    assert all(sent[h.model_id]["value"] == h.value and h.value for h in heads)
    assert app.hall.model_id in sent and app.status.model_id in sent
