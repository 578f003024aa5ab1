"""Set-up and turn flow: R4–R10c, D3, D4, undo, player views, determinism."""

import numpy as np
import pytest

import exhibition_lab as xl
from tests.conftest import HAND_DECK, card, make_deal, play_randomly
from tests.helpers.decks import MARKET

# 18 market cards: 3 per continent in tile order OC SA AF AS EU NA


def scenario(players=("A", "B"), market=MARKET, stock_top=(), **kwargs) -> xl.Game:
    return xl.Game(list(players), make_deal(list(market), list(stock_top)), deck=HAND_DECK, **kwargs)


def snapshot(game: xl.Game) -> str:
    return game.to_json()


# ---------------------------------------------------------------- set-up
def test_r4_one_to_five_players():
    for n in range(1, 6):
        assert xl.Game.new(n, seed=1).n_players == n
    for bad in (0, 6, ["A"] * 6, [], ["A", "A"], "Ann"):
        with pytest.raises(xl.ExhibitionLabError):
            xl.Game.new(bad, seed=1)


def test_r5_deal_three_sorted_cards_per_continent_rest_is_stock():
    game = xl.Game.new(3, seed=11)
    assert all(len(cards) == 3 for cards in game.market.values())
    for cards in game.market.values():
        assert list(cards) == sorted(cards, key=lambda c: c.sort_key)
    assert game.stock_size == 83
    assert sum(game.card_locations().values()) == 101


def test_r5_einstein_sorts_last_at_its_continent():
    for seed in range(200):
        game = xl.Game.new(1, seed=seed)
        for cards in game.market.values():
            if xl.EINSTEIN in cards:
                assert cards[-1].is_einstein
                return
    pytest.fail("no seed in 0..199 dealt Einstein into the market")


def test_r5_same_seed_same_deal_different_seed_different_deal():
    assert xl.Game.new(2, seed=5).deal == xl.Game.new(2, seed=5).deal
    assert xl.Game.new(2, seed=5).deal != xl.Game.new(2, seed=6).deal
    rng_game = xl.Game.new(2, seed=np.random.default_rng(5))
    assert rng_game.deal == xl.Game.new(2, seed=5).deal


def test_same_seed_and_choices_give_identical_games():
    a = play_randomly(xl.Game.new(3, seed=21), np.random.default_rng(0))
    b = play_randomly(xl.Game.new(3, seed=21), np.random.default_rng(0))
    assert a == b and a.to_json() == b.to_json()
    c = play_randomly(xl.Game.new(3, seed=22), np.random.default_rng(0))
    assert c != a


def test_r6_start_player_and_vehicles():
    game = xl.Game.new(["Ron", "Ann", "Bo", "Cy", "Di"], seed=1)
    assert game.current == 0 and game.current_player == "Ron"
    assert [v.code for v in game.vehicles] == ["OC", "SA", "AF", "AS", "EU"]
    assert xl.Continent.NA not in game.vehicles


# ---------------------------------------------------------------- R7–R9
def test_r7_take_only_at_own_continent():
    game = scenario()
    assert game.legal_actions() == [xl.Take(card(t)) for t in ("1901OC", "1907OC", "1913OC")]
    before = snapshot(game)
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("take 1911SA")
    assert err.value.rule == "R7" and snapshot(game) == before
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("take 1999EU")
    assert err.value.rule == "R7" and "not on the Continents tile" in str(err.value)


def test_r7_empty_continent_lets_you_take_anywhere():
    deck = [c for c in HAND_DECK if c.token in MARKET]
    game = xl.Game(["A"], make_deal(MARKET, deck=deck), deck=deck)
    # A takes all three Oceania cards (stock is empty, no refill), each kept in the Depot or hall
    for token in ("1901OC", "1907OC", "1913OC"):
        game.apply(f"take {token}")
        game.apply(game.legal_actions()[0])
    assert game.market[xl.Continent.OC] == ()
    assert game.vehicles[0] is xl.Continent.OC
    takes = game.legal_actions()
    assert len(takes) == 15 and {a.card for a in takes} == set(game.market_cards)
    game.apply("take 1906NA")
    assert game.vehicles[0] is xl.Continent.NA


def test_r8_vehicle_moves_to_card_continent():
    game = scenario()
    game.apply("take 1907OC")
    assert game.vehicles[0] is xl.Continent.OC and game.phase is xl.Phase.PLACE
    game.apply("place 0 0")
    game.apply("take 1911SA")
    assert game.vehicles[1] is xl.Continent.SA


def test_r8_white_card_lets_player_choose_continent():
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = scenario(market=market)
    game.apply("take 1945W")
    assert game.phase is xl.Phase.MOVE
    assert game.legal_actions() == [xl.Move(c) for c in xl.CONTINENTS]
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("place 0 0")
    assert err.value.rule == "R10"
    game.apply("move OC")  # staying is allowed
    assert game.vehicles[0] is xl.Continent.OC and game.phase is xl.Phase.PLACE
    game.undo()
    game.apply("move NA")
    assert game.vehicles[0] is xl.Continent.NA


def test_r9_refill_from_stock_top_and_resort():
    game = scenario(stock_top=["1956OC", "1964AS"])
    game.apply("take 1913OC")
    assert [c.token for c in game.market[xl.Continent.OC]] == ["1901OC", "1907OC", "1956OC"]
    assert game.stock_size == 82
    game.apply("place 0 0")
    game.apply("take 1930SA")
    assert [c.token for c in game.market[xl.Continent.SA]] == ["1911SA", "1931SA", "1964AS"]


def test_r9_white_card_refill_happens_after_the_move():
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = scenario(market=market, stock_top=["1961EU"])
    game.apply("take 1945W")
    assert len(game.market[xl.Continent.OC]) == 2 and game.stock_size == 83
    game.apply("move EU")
    assert card("1961EU") in game.market[xl.Continent.OC]


def test_r9_skipped_when_stock_is_empty():
    deck = [c for c in HAND_DECK if c.token in MARKET]
    game = xl.Game(["A"], make_deal(MARKET, deck=deck), deck=deck)
    game.apply("take 1907OC")
    assert game.stock_size == 0 and len(game.market[xl.Continent.OC]) == 2


# ---------------------------------------------------------------- R10
def test_r10_place_in_hall_or_depot_even_when_hall_fits():
    game = scenario()
    game.apply("take 1907OC")
    actions = game.legal_actions()
    assert xl.Place(0, 0) in actions and actions[-1] == xl.ToDepot()
    assert xl.EndExhibition() not in actions
    game.apply("depot")
    assert game.hall(0).depot == (card("1907OC"),)
    assert game.current == 1


def test_r10_illegal_spot_changes_nothing():
    game = scenario(players=("A",))
    game.apply("take 1907OC").apply("place 0 1")
    game.apply("take 1901OC")
    before = snapshot(game)
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("place 0 2")
    assert err.value.rule == "R11" and snapshot(game) == before
    assert "1901OC" in str(err.value)


def test_r10a_end_exhibition_only_when_card_fits_nowhere():
    game = scenario(players=("A",))
    game.apply("take 1907OC")
    before = snapshot(game)
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("end")
    assert err.value.rule == "R10a" and snapshot(game) == before


def test_r10a_voluntary_end_discards_the_card():
    hall_text = (
        "1900AS 1901OC 1902AF 1903NA 1904EU 1905SA / 1907OC 1908AS 1909EU 1910AF / 1911SA / 1912OC . . / 1913SA ."
    )
    hall = xl.Hall.parse(hall_text)
    assert hall.legal_spots(card("1906NA")) == []
    game = _game_with_hall(hall, hand_token="1906NA")
    assert game.legal_actions() == [xl.ToDepot(), xl.EndExhibition()]
    game.apply("end")
    assert game.final == (True,) and game.is_over
    assert game.discard == (card("1906NA"),)  # D3


def test_r10a_depot_full_forces_the_end():
    hall = xl.Hall.parse(
        "1900AS 1901OC 1902AF 1903NA 1904EU 1905SA / 1907OC 1908AS 1909EU 1910AF / 1911SA / 1912OC . . / 1913SA . "
        "| 1960EU 1961EU 1962EU"
    )
    game = _game_with_hall(hall, hand_token="1906NA")
    assert game.legal_actions() == [xl.EndExhibition()]
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("depot")
    assert err.value.rule == "R10"


def _game_with_hall(hall: xl.Hall, hand_token: str) -> xl.Game:
    """A solo game in its place phase with ``hall`` and ``hand_token`` in hand, set up with
    the position notation; the deck is the hall's cards, the hand and spare years, 18 of
    them on the tile (R5, R9: the stock still holds cards)."""
    hand = card(hand_token)
    used = [*hall.cards(), hand]
    years = {c.year for c in used}
    deck = used + [c for c in xl.standard_deck() if c.year not in years]
    spare = [c for c in deck if c not in used][:18]
    tile = " / ".join(
        f"{continent.code} " + " ".join(c.token for c in spare[3 * k : 3 * k + 3])
        for k, continent in enumerate(xl.CONTINENTS)
    )
    vehicle = hand.continent or xl.CONTINENTS[0]  # R8: a coloured card takes the vehicle to its continent
    lines = [
        "seat 1: Solo",
        "layout: base",
        f"tile: {tile}",
        f"vehicles: {vehicle.code}",
        "to move: seat 1",
        "phase: place",
        f"hand: {hand.token} from {vehicle.code}",
        f"six continents: {6 if hall.has_all_continents else '-'}",  # R19: six cards take six rounds
        f"hall 1: {hall}",
    ]
    return xl.Game.from_position("\n".join(lines), seed=3, deck=deck)


def test_r10b_full_hall_makes_exhibition_final():
    full_but_one = xl.Hall.parse(
        "1900AS 1901OC 1902AF 1903NA 1904EU 1905SA / 1907OC 1908AS 1909EU 1910AF / 1911SA / "
        "1912OC 1920OC . / 1913SA 1914EU"
    )
    game = _game_with_hall(full_but_one, hand_token="1930OC")
    game.apply("place 3 2")
    assert game.hall(0).is_full and game.final == (True,) and game.is_over
    assert game.legal_actions() == []


def test_r10c_final_players_are_skipped_and_game_goes_on():
    # B fills its Depot first and so runs out of room early (R10a); A and C keep placing
    game = xl.Game.new(["A", "B", "C"], seed=0)
    while not game.is_over and not (game.final[1] and game.current == 0 and game.phase is xl.Phase.TAKE):
        actions = game.legal_actions()
        game.apply(actions[-1] if game.current == 1 else actions[0])
    assert game.final == (False, True, False) and game.discard  # D3: B's last card left the game
    start_round = game.round
    for seat, round_ in [(0, start_round), (2, start_round), (0, start_round + 1)]:
        assert (game.current, game.round) == (seat, round_)
        game.apply(game.legal_actions()[0])  # take
        while game.phase is not xl.Phase.TAKE:
            game.apply(game.legal_actions()[0])


def test_rounds_count_start_player_turns():
    game = xl.Game.new(2, seed=9)
    for expected_round, expected_seat in [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0)]:
        assert (game.round, game.current) == (expected_round, expected_seat)
        game.apply(game.legal_actions()[0])
        if game.phase is xl.Phase.MOVE:
            game.apply(game.legal_actions()[0])
        game.apply(game.legal_actions()[0])


def test_d4_game_ends_when_no_card_can_be_taken():
    deck = [c for c in HAND_DECK if c.token in MARKET]
    game = xl.Game(["A", "B"], make_deal(MARKET, deck=deck), deck=deck)
    play_randomly(game, np.random.default_rng(1))
    assert game.is_over
    assert game.market_cards == () or all(game.final)
    assert all(game.final)
    assert sum(game.card_locations().values()) == 18


def test_d4_open_exhibitions_become_final_when_tile_is_empty():
    deck = [c for c in HAND_DECK if c.token in MARKET]
    game = xl.Game(["A", "B"], make_deal(MARKET, deck=deck), deck=deck)
    while not game.is_over:
        actions = game.legal_actions()
        # always keep the exhibition open: place in the hall when possible, else the depot
        placing = [a for a in actions if isinstance(a, (xl.Place, xl.Take, xl.Move))]
        game.apply(placing[0] if placing else actions[0])
    assert game.market_cards == ()
    assert all(game.final)


# ---------------------------------------------------------------- undo, copy, views
def test_undo_restores_exactly_the_previous_state():
    game = xl.Game.new(2, seed=13)
    rng = np.random.default_rng(2)
    states = [game.to_json()]
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
        states.append(game.to_json())
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.to_json() == expected
    with pytest.raises(xl.ExhibitionLabError, match="nothing to undo"):
        game.undo()


def test_copy_is_independent():
    game = xl.Game.new(2, seed=13)
    twin = game.copy()
    assert twin == game
    twin.apply(twin.legal_actions()[0])
    assert twin != game and game.history == ()


def test_view_hides_stock_order_and_other_secret_decades():
    game = xl.Game.new(3, seed=8, secret_decades=True)
    view = game.view(1)
    assert view.stock_size == 83 and not hasattr(view, "stock")
    assert set(view.unseen) == set(game.state.stock)
    assert [c for c in game.deck if c in set(view.unseen)] == list(view.unseen)  # deck order, not stock order
    assert view.secret_decades[1] == game.secret_decades[1]
    assert view.secret_decades[0] is None and view.secret_decades[2] is None
    play_randomly(game, np.random.default_rng(0))
    assert game.view(1).secret_decades == game.secret_decades


def test_v7_secret_decades_dealt_from_seed():
    a = xl.Game.new(5, seed=3, secret_decades=True)
    assert len(set(a.secret_decades)) == 5 and set(a.secret_decades) <= set(range(1900, 2000, 10))
    assert a.secret_decades == xl.Game.new(5, seed=3, secret_decades=True).secret_decades
    assert xl.Game.new(5, seed=3).secret_decades is None


def test_actions_have_text_forms():
    for text in ["take 1969NA", "take EIN", "move EU", "place 0 1", "depot", "end"]:
        assert str(xl.parse_action(text)) == text
    for bad in ["", "jump", "place 0", "place a b", "take 2000NA", "move XX", "x" * 100]:
        with pytest.raises(xl.NotationError):
            xl.parse_action(bad)


def test_game_over_refuses_actions():
    game = play_randomly(xl.Game.new(1, seed=2), np.random.default_rng(2))
    assert game.is_over
    with pytest.raises(xl.IllegalAction) as err:
        game.apply("depot")
    assert err.value.rule == "R10c"


def test_game_html_shows_market_and_halls():
    from exhibition_lab.ui.render.pictures import game_html

    html = game_html(xl.Game.new(["Ron", "Ann"], seed=7))
    assert "Ron" in html and "Zeppelin" in html and html.count('class="exlab-continent-name"') == 6
