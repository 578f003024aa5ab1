"""The status lines: the banner says what is possible now, the turns line tells the others'
turns, the message line answers your click, the no-fit box says why and what each way out
costs."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.coach import GoalChange
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.render.play import rule_tag, tag_rules
from exhibition_lab.ui.screens.play import Message, no_fit
from exhibition_lab.ui.text import play as words
from exhibition_lab.ui.text.coach_words import plain_change
from exhibition_lab.ui.text.numbers import minus
from exhibition_lab.ui.widgets.cards import CSS
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    no_fit_app,
    placement,
    plain,
    play_out_filling_the_depot,
    play_until,
    to_place,
)

COORDINATES = re.compile(r"\(\d+, ?\d+\)")

HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-\d")


def test_status_tells_what_the_bots_did_in_words():
    app = GameApp(seats=["human", "greedy", "random"], seed=4)
    click_one_step(app)  # take
    taken = app.game.hand
    click_one_step(app)  # place; both bots answer
    mine = app.status.status.value  # the message line: your own turn
    assert f"You took {taken.year} " in mine and " column" in mine and "placed it in" in mine
    assert "Greedy 2" not in mine
    status = app.status.turns.value  # the bots' turns have their own line
    assert status.startswith("<b>Since your last turn:</b>")
    for seat in (1, 2):
        name = app.game.players[seat]
        assert f"{name} took " in status
    # each bot's sentence names where its card went, in words
    bot_turns = words.turns_in_words(app.session, app.session.turns_since(len(app.game.history) - 4))
    for _seat, sentence in bot_turns:
        # two turns share the line: each card by its year, its subject on the card's hover
        short = sentence
        for _, action in app.game.history[-8:]:
            if isinstance(action, xl.Take) and action.card.title:
                short = short.replace(f"{action.card.year} “{action.card.title}”", str(action.card.year))
        assert short != sentence and short in html.unescape(status), (short, status)
        ending = re.search(r" and,? (placed it in (.+)|put it in the Depot|as it fit nowhere.*)$", sentence)
        assert ending, sentence
        if ending.group(2):
            assert any(ending.group(2).startswith(kind.name) for kind in app.game.layout)
    assert not COORDINATES.search(status)
    assert "took" in app.log_view.value and not COORDINATES.search(app.log_view.value)


def test_banner_names_only_what_is_possible_now():
    app = GameApp(seats=["human"], seed=6)
    vehicle_at = app.game.vehicles[0].title
    assert f"take a card from {vehicle_at}" in app.status.banner.value
    click_one_step(app)
    if app.game.phase is xl.Phase.MOVE:
        click_one_step(app)
    banner = app.status.banner.value
    assert app.session.legal_spots() and "lit spot" in banner and "Depot" in banner
    assert "end your exhibition" not in banner  # R10a: not allowed while a spot fits
    assert app.hall.end.disabled and "exlab-lit" not in app.hall.end._dom_classes
    assert not app.hall.depot.disabled and "exlab-lit" in app.hall.depot._dom_classes


def test_no_fit_message_gives_one_reason_per_showcase():
    app = GameApp(seats=["human"], seed=0)
    found = play_until(app, lambda a: not a.session.legal_spots())
    assert found, "a hand that fits nowhere was expected before the end"
    status = html.unescape(re.sub("<[^>]+>", "", app.status.status.value))
    card = app.game.hand
    assert f"{card.year} fits no spot of your hall" in status
    hall = app.game.hall(0)
    for s, kind in enumerate(app.game.layout):
        assert f"{kind.name}:" in status
        if all(c is not None for c in hall.showcases[s]):
            assert f"{kind.name}: full" in status
    assert "fits nowhere" in app.status.banner.value and "end your exhibition" in app.status.banner.value
    assert not app.find("exlab-legal")
    assert not app.hall.end.disabled and "exlab-lit" in app.hall.end._dom_classes
    assert not COORDINATES.search(status)


def test_illegal_click_says_it_in_plain_words_with_the_rule_as_suffix():
    app = GameApp(seats=["human"], seed=3)
    play_until(app, lambda a: len(a.game.hall(0).hall_cards()) >= 2 and a.session.legal_spots())
    legal = {b.spot for b in app.find("exlab-legal")}
    illegal = next(b for b in app.find("exlab-spot") if b.spot not in legal)
    before = app.game.to_json()
    illegal.click()
    assert app.game.to_json() == before
    plain = placement(app, illegal.spot)
    message = app.status.status.value
    assert html.escape(plain.words) in message
    # the tag's hover says what the code is, then the rule in a sentence; a space stands before it
    tag = re.search(rf" <span class='exlab-rule' title='rule {plain.rule} of the rules reference — [^']+'>", message)
    assert tag is not None and message[tag.end() :].startswith(f"{plain.rule}</span>")
    assert message.index("exlab-error") < message.index("exlab-rule")  # words first, rule after


def test_status_stays_short_when_many_bot_turns_follow():
    app = GameApp(seats=["human", "greedy"], seed=2)
    while not app.game.is_over:
        click_one_step(app)
    app._tell(0)  # every turn of the game at once
    status = wide(app.status.status.value)
    assert "more turns (see the log)" in status
    assert status.count(" took ") == 4  # the first turn and the last three


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


def test_status_box_offers_more_only_for_long_text():
    app = GameApp(seats=["human"], seed=0)
    app.status.say(Message("Short."))
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
    # opened, the box takes its room above the board (in the page's flow), never over the board
    more.value = True
    css = re.sub(r"\s+", " ", CSS)
    opened = re.search(r"\.exlab-status-box\.exlab-status-open \{([^}]*)\}", css).group(1)
    assert "position: relative" in opened
    assert re.search(r"\.exlab-status-frame:has\(\.exlab-status-open\) \{ height: auto", css)
    # but with a card in hand (the tile waits) it lies over the tile: the hall and the Depot stay put
    placing = re.search(
        r"\.exlab-app:has\(\.exlab-tile-placing\) \.exlab-status-box\.exlab-status-open \{([^}]*)\}", css
    )
    assert placing and "position: absolute" in placing.group(1)
    app.status.say(Message("The next answer."))  # folds it again: the board comes back to its place
    assert not more.value and "exlab-status-open" not in app.status.box._dom_classes


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
    assert f"Final score: {total:,}".replace("-", "−") in banner and "solo, ×100 scale" in banner
    assert "win" not in banner


def test_the_winner_is_named_with_the_right_verb():
    seen = set()
    for seed in range(12):
        session = PlaySession.new(["human", "random"], seed=seed)
        while not session.game.is_over:
            session.act(session.game.legal_actions()[0])
        winners = session.game.score().winners
        said = words.result_in_words(session)
        if winners == ["You"]:
            assert said == "You win"
        elif len(winners) == 1:  # the person at the screen is told they lost (R27)
            assert said == f"You lose: {winners[0]} wins"
        elif "You" in winners:
            assert said == "You share the win with " + " and ".join(w for w in winners if w != "You")
        else:
            assert said == " and ".join(winners) + " share the win"
        seen.add(said)
        if "You win" in seen and len(seen) > 1:
            break
    assert "You win" in seen


def test_a_solo_game_tells_the_previous_turn_while_the_next_is_under_way():
    app = GameApp(seats=["human"], seed=2)
    to_place(app)
    click_one_step(app)  # a whole turn: the message line tells it, the turns line stays empty
    told = wide(app.status.status.value)
    assert told.startswith("You took") and app.status.turns.value == ""
    to_place(app)  # the next turn is under way: the finished one moves to its own line
    # "Your last turn: You took …" once said "you" twice
    assert plain(app.status.turns.value) == "Your last turn: " + told.removeprefix("You ")


def test_at_game_over_only_the_turns_after_your_last_turn_are_told():
    # "After your last turn" tells the bots' turns that came after yours, never one before
    # it; when your turn ended the game (D4) there is none to tell
    ended = set()
    for seed in (2, 3, 4, 5):
        app = GameApp(seats=["human", "greedy"], seed=seed)
        while not app.game.is_over:
            click_one_step(app)
        turns = words.turns_in_words(app.session, app.session.turns_since(0))
        after = []
        while turns and turns[-1][0] == 1:
            after.append(turns.pop()[1])
        shown = wide(app.status.turns.value)
        ended.add(bool(after))
        if after:
            assert shown.startswith("After your last turn:")  # at the end: from whose turn on
            # several turns name each card by its year: "Greedy 2 took from Asia: 1905"
            assert all(text.split(" “")[0] in shown for text in after), shown
            assert shown.count("Greedy 2 took") == len(after), shown
        else:
            assert shown == "", shown
    assert ended == {True, False}  # both endings met


def wide(value: str) -> str:
    """The turns line as a wide app shows it: the whole form, not the short one a narrow app
    shows in its place."""
    return plain(re.sub(r"<span class='exlab-turns-short'>.*?</span>", "", value))


def narrow(value: str) -> str:
    """The turns line as a narrow app (a notebook cell beside the file browser) shows it."""
    return plain(re.sub(r"<span class='exlab-turns-long'>.*?</span>", "", value))


def test_a_bots_turn_is_told_whole_by_year_where_the_app_is_narrow_r10():
    # beside JupyterLab's file browser the line holds about 75 characters a line: the bot's
    # card named by its year alone, where it went (R10: every turn ends with a placement)
    # stays inside the line's two lines instead of behind "More"
    app = GameApp(seats=["human", "greedy"], seed=7)
    to_place(app)
    click_one_step(app)  # your placement; the bot answers
    whole, short = wide(app.status.turns.value), narrow(app.status.turns.value)
    assert whole.startswith("Since your last turn: Greedy 2 took ") and "“" in whole
    assert short.startswith("Since your last turn: Greedy 2 took ") and "“" not in short
    assert short.split(" placed it in ")[1] == whole.split(" placed it in ")[1]
    assert len(short) <= 150  # two lines of the narrow line
    # the style sheet shows one form by the app's width, the whole one when the line is opened
    css = re.sub(r"\s+", " ", CSS)
    assert ".exlab-app .exlab-turns-short { display: none; }" in css
    narrow_rules = css.split("@container exlab-app (max-width: 1249px) { .exlab-app .exlab-turns-long")[1]
    assert narrow_rules.startswith(" { display: none; } .exlab-app .exlab-turns-short { display: inline; }")
    assert ".exlab-status-open .exlab-turns-long { display: inline; }" in narrow_rules
    # "More" is offered by the short form's length: it is what the narrow line holds
    assert app.status.more.layout.visibility == ("visible" if len(narrow(app.status.status.value)) > 140 else "hidden")


def test_several_other_turns_name_cards_by_year_to_fit_their_line():
    app = GameApp(seats=["human", "greedy", "greedy", "greedy"], seed=3)
    to_place(app)
    click_one_step(app)
    turns = app.session.others_last_turns()
    assert len(turns) == 3
    shown = plain(app.status.turns.value)
    for _, action in app.game.history[-12:]:
        if isinstance(action, xl.Take) and action.card.title and action.card in app.session.cards_of_last_turns():
            assert re.search(rf"took {action.card.year} from the [A-Za-z ]+ column", shown), shown
            assert action.card.title not in shown


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
    # R10, R10a, R24, R25: the ways out with their costs and the reasons come first, in sight
    # while the box is closed; your own take is told after them
    card, empty = app.game.hand, app.game.hall(0).n_empty
    ways = " or ".join(
        ["Put in Depot (−1 fame point)"] * app.session.can(xl.ToDepot)
        + [f"End exhibition ({empty} empty spot{'s stay' if empty != 1 else ' stays'}: −{empty} fame point"]
    )
    assert told.startswith(f"{card.year} fits no spot of your hall: {ways}")
    assert told.index("Why it fits nowhere:") < told.index("You took")


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


def test_minus_signs_are_true_minus_signs():
    assert (
        plain_change(GoalChange("empty_spots", -3, -2, "two spots", "R24"))
        == "Empty Spots goes from −3 to −2 (+1 fame point)"
    )
    assert minus("1945-1950 is −5, not -5") == "1945-1950 is −5, not −5"


def test_a_showcase_with_a_free_spot_says_the_continent_already_shown_refuses_the_card():
    # R12: a free spot in the right place of the years (R11) still refuses a card whose
    # continent the showcase already shows; the closed status says so, not only "fits nowhere"
    app = GameApp(seats=["human", "greedy"], seed=1)

    assert play_until(app, lambda a: not a.session.legal_spots() and _r12_with_room(a))
    told = plain(app.status.status.value)
    card = app.game.hand
    assert told.startswith(f"{card.year} fits no spot of your hall:")
    why = told[told.index("Why it fits nowhere:") :]
    assert "already shows" in why and "continents must differ" in why and "R12" in why
    assert told.index("R12") < told.index("You took")


def _r12_with_room(app: GameApp) -> bool:
    """Whether a showcase with a free spot refuses the card in hand by R12 alone."""
    hall = app.game.hall(0)
    reasons = no_fit(app.session).reasons
    return any(r.rule == "R12" and None in hall.showcases[s] for s, r in enumerate(reasons))


def test_your_own_turn_is_told_by_year_where_the_app_is_narrow_r10():
    # your own move in the message line: where the app is narrow each card is named by its year
    # alone, so where it went (R10) stays inside the line's two lines instead of behind "More"
    app = GameApp(seats=["human", "greedy"], seed=3)
    to_place(app)
    whole, short = wide(app.status.status.value), narrow(app.status.status.value)
    card = app.game.hand
    assert whole.startswith(f"You took {card.year} “") and short.startswith(f"You took {card.year} from the ")
    assert "“" not in short and whole.split(" column")[1] == short.split(" column")[1]
    click_one_step(app)  # the placement: where it went is told in both forms
    whole, short = wide(app.status.status.value), narrow(app.status.status.value)
    assert " placed it in " in short and short.split(" placed it in ")[1] == whole.split(" placed it in ")[1]
    assert len(short) < len(whole)
