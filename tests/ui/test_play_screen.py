"""The play screen without any widget: the presenter turns a session into plain data, and
a whole game, the no-fit moment and Undo read right from it (R7–R10a, R24, R25)."""

from __future__ import annotations

import subprocess
import sys

import exhibition_lab as xl
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.screens.play import PlayScreen, after_turn, present, undone
from exhibition_lab.ui.text import play as words


def act_through_screen(session: PlaySession, screen: PlayScreen) -> xl.Action:
    """What a person clicks, read from the screen alone: a lit tile card, a continent, the
    first lit spot, else the Depot, else the end."""
    taking = [c.card for column in screen.tile.columns for c in column.cards if c.takeable]
    if taking:
        return xl.Take(taking[0])
    if screen.chooser.shown:
        return xl.Move(sorted(screen.chooser.allowed, key=lambda c: c.title)[0])
    lit = [(s.showcase, s.spot) for row in screen.hall.spots for s in row if s.lit]
    if lit:
        return xl.Place(*lit[0])
    return xl.ToDepot() if screen.hall.depot.enabled else xl.EndExhibition()


def test_the_presenter_needs_no_widget_code():
    code = (
        "import sys; from exhibition_lab.games.exhibition.session import PlaySession; "
        "from exhibition_lab.ui.screens.play import present; present(PlaySession.new(['human', 'greedy'], seed=1)); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_whole_game_played_through_the_screen():
    session = PlaySession.new(["human", "greedy"], seed=5)
    screen = present(session)
    assert screen.banner.startswith("Round 1 · You: take a card from ")
    assert not screen.over and screen.sheet.sheet is None and screen.tile.shown
    steps = 0
    while not screen.over:
        lit_cards = {c.card for column in screen.tile.columns for c in column.cards if c.takeable}
        legal = session.game.legal_actions()
        assert lit_cards == {a.card for a in legal if isinstance(a, xl.Take)}  # R7: exactly the takeable cards
        lit_spots = {(s.showcase, s.spot) for row in screen.hall.spots for s in row if s.lit}
        assert lit_spots == {(a.showcase, a.spot) for a in legal if isinstance(a, xl.Place)}
        assert screen.hall.end.enabled == any(isinstance(a, xl.EndExhibition) for a in legal)  # R10a
        before = len(session.game.history)
        seat = session.game.current
        session.act(act_through_screen(session, screen))
        screen = present(session, after_turn(session, session.turn_start(before), seat=seat))
        steps += 1
        assert steps < 200
    assert screen.sheet.sheet is not None and screen.sheet.title == "Score sheet"
    assert screen.banner.startswith("Game over — ") and not screen.tile.shown and not screen.score.shown
    assert not screen.hint.enabled
    assert [name for name, _ in [(w.split(":")[0], w) for w, _ in screen.sheet.whys]] == list(
        session.game.score().ranking
    )
    # the log tells turns, not actions: every turn begins with a take (R7)
    takes = [seat for seat, action in session.game.history if isinstance(action, xl.Take)]
    assert len(screen.log) == len(takes) and screen.log_summary == f"Log ({len(takes)} turns)"
    for line, seat in zip(screen.log[::-1], takes, strict=True):
        assert line.startswith(session.game.players[seat] + " "), line
    assert screen.log_moves == len(session.game.history)


def test_the_no_fit_screen_says_why_and_what_each_way_out_costs():
    session = PlaySession.new(["human"], seed=0)
    for _ in range(300):
        if session.hand_fits_nowhere():
            break
        session.act(act_through_screen(session, present(session)))
    assert session.hand_fits_nowhere(), "a card that fits nowhere was expected before the end"
    screen = present(session, after_turn(session, session.turn_start(len(session.game.history) - 1), seat=0))
    assert not any(s.lit for row in screen.hall.spots for s in row)
    empty = [s for row in screen.hall.spots for s in row if s.card is None]
    assert empty and all(s.refused and s.hover for s in empty)  # red, each saying why on hover
    no_fit = screen.message.no_fit
    card = session.game.hand
    assert no_fit is not None and no_fit.title.startswith(f"{card.year} fits no spot of your hall: ")
    assert [r.showcase for r in no_fit.reasons] == [k.name for k in session.game.layout]
    labels = {c.label: c for c in no_fit.costs}
    assert "End exhibition" in labels and screen.hall.end.enabled and screen.hall.end.lit
    hall = session.game.hall(0)
    assert f"−{100 * hall.n_empty} points" in labels["End exhibition"].cost  # S2: solo points ×100
    if "Put in Depot" in labels:
        assert labels["Put in Depot"].cost == "−100 points at the end" and labels["Put in Depot"].rule == "R25"
    assert "fits nowhere in the hall" in screen.banner


def test_undo_on_the_screen():
    session = PlaySession.new(["human", "greedy"], seed=4)
    screen = present(session)
    assert not screen.undo.enabled and screen.undo.tooltip == "Nothing to undo: no human move yet"
    while session.game.phase is not xl.Phase.PLACE:
        session.act(act_through_screen(session, screen))
        screen = present(session)
    card = session.game.hand
    session.act(act_through_screen(session, screen))  # the placement; the bot answers
    screen = present(session)
    assert screen.undo.enabled
    assert screen.undo.tooltip == f"Take back your placement of {card.year} and Greedy 2's turn"
    what = words.undo_in_words(session)
    session.undo()
    screen = present(session, undone(session, what))
    assert screen.message.text.startswith(f"Took back your placement of {card.year} and Greedy 2's turn. You: ")
    assert session.game.hand == card and any(s.lit for row in screen.hall.spots for s in row)


def test_hot_seat_undo_refusal_names_the_other_person():
    session = PlaySession.new(["human", "human"], seed=5)
    while session.game.current == 0:
        session.act(act_through_screen(session, present(session)))
    screen = present(session)
    assert not screen.undo.enabled
    assert screen.undo.tooltip.startswith("Undo takes back only your own moves: the last one was Human 1's")
    assert screen.hall.title == "Human 2's Exhibition Hall"


def test_the_hint_marks_one_control():
    session = PlaySession.new(["human"], seed=3)
    card = next(c.card for column in present(session).tile.columns for c in column.cards if c.takeable)
    screen = present(session, hint=("card", card))
    marked = [c.card for column in screen.tile.columns for c in column.cards if c.hinted]
    assert marked == [card]
    assert not any(s.hinted for row in screen.hall.spots for s in row) and not screen.hall.depot.hinted


def test_an_empty_spot_says_its_showcases_rule_on_hover():
    # before any card is refused there, an empty spot's hover says what its showcase asks:
    # R11 everywhere, R12 in General, R14 in One Era, R13 in One Continent
    session = PlaySession.new(["human", "greedy"], seed=2)
    screen = present(session)
    hovers = {row[0].showcase: row[0].hover for row in screen.hall.spots}
    general, one_era, _, one_continent, _ = (hovers[s] for s in range(5))
    assert general.startswith("General, 1st spot: years ascend left to right (R11)") and "(R12)" in general
    assert "at most 10 years apart" in one_era and "(R14)" in one_era
    assert "(R13)" in one_continent and "(R12)" not in one_continent
