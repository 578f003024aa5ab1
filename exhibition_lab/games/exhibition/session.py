"""A play session: a game, which seats are people and which are bots, and the bots' turns.

This is the model behind the widgets (it imports no widget code): the board components
render from it and send it the player's clicks as actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ...core.errors import ArgumentError
from ...ui.text.explain import (
    Plain,
    action_in_words,
    card_name,
    card_with_subject,
    fits_nowhere_in_words,
    history_in_words,
    placement_in_words,
    turns_in_words,
)
from .agents import BOTS, Bot, make_bot
from .game import Game, Phase
from .rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot, parse_action
from .rules.cards import Card
from .rules.deal import MAX_PLAYERS, VEHICLES
from .rules.hall import DEPOT_SIZE
from .rules.layout import Layout
from .rules.scoring import PlayerScore, ScoreSheet

HUMAN = "human"
SEAT_KINDS = (HUMAN, *BOTS)

#: Each seat kind in a few words, weakest bot first: short enough for the start panel's
#: dropdown (the whole sentence is :data:`SEAT_DETAILS`, shown on hover).
SEAT_LABELS = {
    HUMAN: "Human (at this screen)",
    "random": "Random bot · beginner",
    "greedy": "Greedy bot · casual",
    "search": "Search bot · strong",
}

#: Each seat kind in a sentence, for the hover text of the start panel's dropdown.
SEAT_DETAILS = {
    HUMAN: "Human: a person who plays at this screen (several humans take turns: hot-seat)",
    "random": "Random bot — beginner: plays any legal move",
    "greedy": "Greedy bot — casual: takes the best points right now",
    "search": "Search bot — strong: plays the game out in its head before it moves",
}

#: One line per variation showcase (V2–V6a) for the start panel: what changes for the player.
VARIATION_LINES = {
    "spread_the_years": "neighbouring cards at least 20 years apart (more across empty spots)",
    "links": "direct neighbours share a continent or lie within 5 years (a continent may appear twice here)",
    "links_strict": "like Links, but no continent twice in the showcase, so neighbours lie within 5 years",
    "one_decade": "all cards from one decade",
    "short_era": "scores the smallest gap between its two cards",
    "antiquity": "scores the oldest card in its right spot",
    "unique_decades": "each card's decade unused in every player's Unique Decades",
}


@dataclass(frozen=True)
class SetUp:
    """What a new game is made of, kept so that "Play again" can deal the same set-up anew."""

    seats: tuple[str, ...] = (HUMAN, "greedy")
    names: tuple[str, ...] = ()
    seed: int = 0
    variations: tuple[str, ...] = ()
    secret_decades: bool = False

    def deals_like(self, other: SetUp) -> bool:
        """Whether ``other`` deals the same cards: the same seed, number of players,
        variations and Secret Decade (names and bot kinds do not change the deal)."""
        return (self.seed, len(self.seats), self.variations, self.secret_decades) == (
            other.seed,
            len(other.seats),
            other.variations,
            other.secret_decades,
        )

    def next(self) -> SetUp:
        """The same set-up with the next seed: a new deal, the same players and rules."""
        return replace(self, seed=self.seed + 1)


class PlaySession:
    """One game with a kind per seat (``"human"`` or a bot name).

    Human actions go through :meth:`act`; the bots then play until a human is to move or
    the game is over. :meth:`undo` steps back to the previous human decision.
    """

    def __init__(self, game: Game, seats: Sequence[str | Bot], *, seed: int = 0) -> None:
        if len(seats) != game.n_players:
            raise ArgumentError(f"{game.n_players} seat(s) need as many kinds, got {len(seats)}")
        self.game = game
        self.seats = [s if isinstance(s, str) else s.name for s in seats]
        self._bots = {k: make_bot(s) for k, s in enumerate(seats) if s != HUMAN}
        self._rng = np.random.default_rng([seed, 0x5E55])
        self.bot_moves: list[str] = []
        self._words: list[str] = []  # one sentence per action of game.history
        self.setup = SetUp(
            tuple(self.seats), tuple(game.players), seed, game.layout.variations, game.secret_decades is not None
        )

    @classmethod
    def new(
        cls,
        seats: Sequence[str] = (HUMAN, "greedy"),
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        variations: Sequence[str] = (),
        secret_decades: bool = False,
    ) -> PlaySession:
        """A new game: one kind per seat (1 to ``MAX_PLAYERS`` seats), optional names, variation showcases."""
        if not 1 <= len(seats) <= MAX_PLAYERS:
            raise ArgumentError(f"a game has 1 to {MAX_PLAYERS} players (R4), not {len(seats)}", rule="R4")
        names = list(names) if names else cls.default_names(seats)
        layout = Layout.base().with_variations(*variations)
        game = Game.new(names, seed=seed, layout=layout, secret_decades=secret_decades)
        session = cls(game, seats, seed=seed)
        session.run_bots()
        return session

    @classmethod
    def from_setup(cls, setup: SetUp) -> PlaySession:
        """A new game from a :class:`SetUp` (names default as in :meth:`new`)."""
        return cls.new(
            setup.seats,
            names=setup.names or None,
            seed=setup.seed,
            variations=setup.variations,
            secret_decades=setup.secret_decades,
        )

    def again(self) -> PlaySession:
        """Play again: the same players and rules, a new deal (the next seed)."""
        return PlaySession.from_setup(self.setup.next())

    @staticmethod
    def default_names(seats: Sequence[str]) -> list[str]:
        """``You`` for a lone human, ``Human 1``, ``Greedy 2`` … otherwise (seat numbers from 1)."""
        return _default_names(seats)

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [k for k in range(self.game.n_players) if self.is_human(k)]

    @property
    def humans_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.current)

    @property
    def viewer(self) -> int:
        """The seat whose hall the board shows as "yours": the human to move, else the
        first human seat, else seat 0 (a game of bots)."""
        if self.humans_turn:
            return self.game.current
        return self.human_seats[0] if self.human_seats else 0

    # ------------------------------------------------------------------ actions
    def act(self, action: Action | str) -> None:
        """Apply a human action (raises :class:`~exhibition_lab.core.errors.IllegalAction`,
        leaving the game unchanged), then let the bots play."""
        if self.game.is_over:
            raise ArgumentError("the game is over; start a new one")
        if not self.humans_turn:
            raise ArgumentError(f"it is {self.game.current_player}'s turn (a bot)")
        self._apply(action)
        self.run_bots()

    def _apply(self, action: Action | str) -> None:
        """Apply one action, keeping its sentence (said before it changes the game)."""
        action = parse_action(action)
        self._sync_words()
        words = action_in_words(self.game, action) if self.game.is_legal(action) else ""
        self.game.apply(action)  # raises IllegalAction and changes nothing when refused
        self._words.append(words)

    def _sync_words(self) -> list[str]:
        """The sentence cache, matched to the history (undo shortens it; a game handed in
        with a history is described once by replaying it backwards)."""
        n = len(self.game.history)
        if len(self._words) > n:
            del self._words[n:]
        elif len(self._words) < n:
            self._words = history_in_words(self.game)
        return self._words

    def run_bots(self) -> list[str]:
        """Bots move until a human is to move or the game ends; returns their moves."""
        done = []
        while not self.game.is_over and not self.is_human(self.game.current):
            seat = self.game.current
            actions = self.game.legal_actions()
            bot = self._bots[seat]
            view = self.game.view() if getattr(bot, "uses_view", True) else None
            action = actions[0] if len(actions) == 1 else bot.choose(view, actions, self._rng)
            self._apply(action)
            done.append(f"{self.game.players[seat]} ({self.seats[seat]}): {action}")
        self.bot_moves.extend(done)
        return done

    def undo(self) -> int:
        """Step back to the previous human decision; returns how many actions were undone.

        Only real decisions are taken back: a forced move (the only legal action, e.g. the
        End exhibition left when the card fits nowhere and the Depot is full, R10a) goes back
        with the decision before it, so Undo never offers the same forced move again. That
        holds at game over too: Undo reopens the game at the last real choice.
        Hot-seat (several human seats): a player takes back only their own decisions, never
        another person's; the bots' turns after it go back with it."""
        why_not = self.why_no_undo()
        if why_not:
            raise ArgumentError(why_not)
        steps = len(self.game.history) - self._last_human_index()
        for _ in range(steps):
            self.game.undo()
        return steps

    def _last_human_index(self) -> int | None:
        """The history index of the last human action that was a choice (more than one
        legal action at the time), found by stepping a copy of the game back."""
        history = self.game.history
        twin = self.game.copy()
        for k in range(len(history) - 1, -1, -1):
            twin.undo()  # now at the position where history[k] was chosen
            if self.is_human(history[k][0]) and len(twin.legal_actions()) > 1:
                return k
        return None

    def why_no_undo(self) -> str:
        """Why Undo is refused now (``""`` when it is allowed)."""
        if not self.human_seats:
            return "a game of bots has nothing to undo"
        last = self._last_human_index()
        if last is None:
            if any(self.is_human(seat) for seat, _ in self.game.history):
                return "nothing to undo: every human move so far was forced (the only one possible)"
            return "nothing to undo: no human move yet"
        owner = self.game.history[last][0]
        if self.humans_turn and owner != self.game.current:
            # hot-seat: the last human decision belongs to another person at this screen
            return (
                f"Undo takes back only your own moves: the last one was {self.game.players[owner]}'s "
                "(hot-seat players cannot undo each other)"
            )
        return ""

    def undo_in_words(self) -> str:
        """What :meth:`undo` would take back, counted in turns: ``"your placement of 1910
        and Greedy 2's turn"``; another person's decision is named (``"Ben's exhibition
        ending"``), never with a gendered pronoun."""
        last = self._last_human_index()
        if last is None:
            return "nothing"
        history = self.game.history
        owner, action = history[last]
        mine = "your" if self.humans_turn or len(self.human_seats) == 1 else f"{self.game.players[owner]}'s"
        own = f"{mine} {_decision_noun(action, self.game, last)}"
        if not isinstance(action, EndExhibition) and any(
            seat == owner and isinstance(a, EndExhibition) for seat, a in history[last + 1 :]
        ):
            own += f", {mine} exhibition ending"  # the forced end that followed goes back too
        others = []
        for seat, _ in turns_in_words(self.game, self._sync_words(), last + 1):
            name = self.game.players[seat]
            if seat != owner and name not in others:
                others.append(name)
        if not others:
            return own
        return own + " and " + " and ".join(f"{name}'s turn" for name in others)

    def why_not_spot(self, showcase: int, spot: int) -> str | None:
        """Why the card in hand may not go to this spot (``None`` if it may)."""
        game = self.game
        if game.phase is not Phase.PLACE:
            return None
        return game.hall(game.current).why_not(game.hand, showcase, spot, game.others(), players=game.n_players)

    def legal_spots(self) -> list[tuple[int, int]]:
        return [(a.showcase, a.spot) for a in self.game.legal_actions() if isinstance(a, Place)]

    def can(self, kind: type) -> bool:
        """Whether an action of this kind (Take, Move, Place, ToDepot, EndExhibition) is legal now."""
        return self.humans_turn and any(isinstance(a, kind) for a in self.game.legal_actions())

    # ------------------------------------------------------------------ in words
    def seat_label(self, seat: int) -> str:
        """``"Greedy 2 (greedy bot)"`` or the human's name alone."""
        name = self.game.players[seat]
        return name if self.is_human(seat) else f"{name} ({self.seats[seat]} bot)"

    def turns_since(self, start: int) -> list[tuple[int, str]]:
        """The turns played from ``history[start]`` on, one sentence per turn with the seat."""
        return turns_in_words(self.game, self._sync_words(), start)

    def placement_in_words(self, showcase: int, spot: int) -> Plain | None:
        """Why the card in hand may not go to this spot, in plain words (``None`` if it may)."""
        game = self.game
        if game.phase is not Phase.PLACE:
            return None
        hall = game.hall(game.current)
        return placement_in_words(hall, game.hand, showcase, spot, game.others(), players=game.n_players)

    def fits_nowhere(self) -> list[tuple[str, Plain]]:
        """When the card in hand fits no hall spot: one reason per showcase; else ``[]``."""
        game = self.game
        if game.phase is not Phase.PLACE or self.legal_spots():
            return []
        return fits_nowhere_in_words(game.hall(game.current), game.hand, game.others(), players=game.n_players)

    def what_now(self) -> str:
        """What the player to move may do now, naming only what is possible (R7–R10a)."""
        game = self.game
        if game.is_over:
            return "The game is over."
        who = game.current_player
        if not self.humans_turn:
            return f"{who} is thinking…"
        mine = "your" if who == "You" else f"{who}'s"
        if game.phase is Phase.TAKE:
            here = game.vehicles[game.current]
            vehicle = VEHICLES[game.current]
            if game.market[here]:
                return f"{who}: take a card from {here.title}, where {mine} {vehicle} stands"
            return f"{who}: {here.title} is empty, so take a card from any continent"
        if game.phase is Phase.MOVE:
            return f"{who}: the white card lets {mine} vehicle go anywhere — choose a continent"
        card = card_name(game.hand)
        options = []
        if self.legal_spots():
            options.append(f"place {card} in a lit spot")
        if self.can(ToDepot):
            options.append("put it in the Depot")
        if self.can(EndExhibition):
            options.append("end your exhibition")
        if len(options) > 1:
            options[-1] = "or " + options[-1]
        nowhere = "" if self.legal_spots() else f"{card} fits nowhere in the hall — "
        return f"{who}: {nowhere}{', '.join(options)}"

    def others_last_turns(self, *, short: bool = False) -> list[tuple[int, str]]:
        """The other players' turns since the viewer's previous turn, one sentence each
        (what happened while you were not deciding); in a solo game, your last full turn.
        ``short`` names each card by its year alone (the subject stays on the card's hover)."""
        turns = self._others_last_turns()
        if not short:
            return turns
        taken = [a.card for _, a in self.game.history[-8 * self.game.n_players :] if isinstance(a, Take)]
        shortened = []
        for seat, text in turns:
            for card in taken:
                text = text.replace(f"took {card_with_subject(card)} from", f"took {card_name(card)} from")
            shortened.append((seat, text))
        return shortened

    def _others_last_turns(self) -> list[tuple[int, str]]:
        game = self.game
        history = game.history
        start = max(0, len(history) - 8 * game.n_players)  # a round of turns is at most a few actions each
        turns = self.turns_since(self._turn_start(start))
        viewer = self.viewer
        k = len(turns)
        if self.humans_turn or game.is_over:
            while k and turns[k - 1][0] == viewer:
                k -= 1  # the viewer's own turn in progress
        others = []
        while k and turns[k - 1][0] != viewer:
            others.append(turns[k - 1])
            k -= 1
        if others or game.n_players > 1:
            return others[::-1]
        # solo: while a turn is under way (told in the message line), the turn before it
        in_progress = self.humans_turn and game.phase is not Phase.TAKE
        finished = [t for t in turns if t[0] == viewer][:-1]
        return finished[-1:] if in_progress else []

    def _turn_start(self, index: int) -> int:
        history = self.game.history
        while 0 < index < len(history) and not isinstance(history[index][1], Take):
            index -= 1
        return index

    def cards_of_last_turns(self) -> set[Card]:
        """The cards the other players took in :meth:`others_last_turns` (to mark them in their
        halls): the card taken is the card placed or put in the Depot."""
        game = self.game
        turns = self.others_last_turns()
        if not turns or game.n_players == 1:
            return set()
        seats = {seat for seat, _ in turns}
        window = game.history[-8 * game.n_players :]
        viewer = self.viewer
        cards: set[Card] = set()
        for seat, action in reversed(window):
            if seat == viewer and cards:
                break  # back at the viewer's previous turn
            if seat in seats and seat != viewer and isinstance(action, Take):
                cards.add(action.card)
        return cards

    def end_cost_in_words(self) -> str:
        """What *End exhibition* costs, said before the click (R10a, R24)."""
        game = self.game
        hall = game.hall(game.current)
        card = card_name(game.hand) if game.hand else "the card in hand"
        scale = 100 if game.is_solo else 1
        unit = "points" if game.is_solo else "fame points"
        empty = hall.n_empty
        cost = f"−{empty * scale} {unit}" if empty else "no penalty"
        depot = "" if len(hall.depot) < DEPOT_SIZE else "your Depot is full, so "
        return (
            f"{depot}ending makes your hall final: {card} leaves the game (R10a) and its {empty} empty "
            f"spot{'s' if empty != 1 else ''} stay empty for good ({cost}, R24)"
        )

    def result_in_words(self) -> str:
        """The end of the game in one line: the winner(s), or a solo game's final score."""
        game = self.game
        sheet = game.score()
        if game.is_solo:
            total = str(sheet[game.players[0]].total).replace("-", "−")
            return f"Final score: {total} points (solo, ×100 scale)"
        winners = sheet.winners
        if len(winners) == 1:
            return "You win" if winners[0] == "You" else f"{winners[0]} wins"
        return " and ".join(winners) + " share the win"

    def solo_rules_in_words(self) -> str:
        """A solo game's scoring in two sentences, for its first screen (S2–S6, D11)."""
        return (
            "Solo game: scores are shown ×100 (1 fame point = 100 points, S2). "
            "Mid Century is harsh: +100 minus 200 points per year your card is away from 1950 (S6), "
            "and Years Gap loses 100 points for each card left on the tile older than its left card "
            "or younger than its right card (S4)."
        )

    def live_score(self) -> ScoreSheet:
        """The engine's explained score of the halls as they stand (:meth:`Game.score`),
        with hidden information left out until the end: another seat's Secret Decade
        line (V7) is dropped, so its total is what the others may know."""
        sheet = self.game.score()
        if self.game.is_over or self.game.secret_decades is None:
            return sheet
        viewer = self.viewer
        scores = {}
        for seat, name in enumerate(self.game.players):
            score = sheet[name]
            if seat != viewer:
                lines = tuple(line for line in score.lines if line.goal != "secret_decade")
                score = PlayerScore(score.name, lines, score.tiebreak, score.scale)
            scores[name] = score
        return ScoreSheet(scores)

    def hand_in_words(self) -> str:
        """The card in hand with its subject, or ``""``."""
        return card_with_subject(self.game.hand) if self.game.hand else ""

    def log_lines(self) -> list[str]:
        """Every action so far in words, newest last: ``Ron: took 1969 · … from Asia, …``."""
        words = self._sync_words()
        return [f"{self.game.players[seat]}: {words[k]}" for k, (seat, _action) in enumerate(self.game.history)]


def _decision_noun(action: Action, game: Game, index: int) -> str:
    """A decision as a noun phrase: ``placement of 1910``, ``choice of Asia``."""
    if isinstance(action, Take):
        return f"taking of {card_name(action.card)}"
    if isinstance(action, Move):
        return f"move to {action.continent.title}"
    card = next((a.card for _, a in reversed(game.history[: index + 1]) if isinstance(a, Take)), None)
    of = f" of {card_name(card)}" if card is not None else ""
    if isinstance(action, Place):
        return f"placement{of}"
    if isinstance(action, ToDepot):
        return f"Depot move{of}"
    return "exhibition ending"


def _default_names(seats: Sequence[str]) -> list[str]:
    names = []
    for k, kind in enumerate(seats):
        base = "You" if kind == HUMAN and seats.count(HUMAN) == 1 else f"{kind.capitalize()} {k + 1}"
        names.append(base)
    return names
