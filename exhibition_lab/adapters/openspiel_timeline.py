"""Timeline with the Exhibition deck as OpenSpiel games: ``python_exhibition_timeline`` (2 to
8 players, T1–T7, the winners sharing 1, T5) and ``python_exhibition_timeline_practice``
(alone, T8: the return is the number of cards placed right).

Parameters: ``players`` (2), ``hand_size`` (0: T1's table), ``max_rounds`` (200, D16) and
``deck_seed`` (0), the shuffle that numbers the cards so that an id tells nothing about a
year (T7); ``Timeline.new(players, seed=s)`` numbers them as ``deck_seed=s`` does. Practice
takes ``mistakes`` (3) and ``deck_seed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ..core.errors import ArgumentError
from ..core.protocol import CHANCE
from ..core.seeding import check_seed
from ..games.timeline.rules import (
    DEFAULT_MISTAKES,
    MAX_HAND,
    TimelineRules,
    TimelineState,
    shuffle_order,
    timeline_deck,
    timeline_player_names,
)
from ..games.timeline.rules import MAX_PLAYERS as TIMELINE_PLAYERS
from ..games.timeline.rules import Phase as TimelinePhase
from .openspiel_bridge import (
    PRIVATE,
    Params,
    ProtocolGame,
    ProtocolState,
    game_type,
    known_parameters,
    pyspiel,
    register,
)

# ---------------------------------------------------------------------- type and info
TIMELINE_NAME = "python_exhibition_timeline"
PRACTICE_NAME = "python_exhibition_timeline_practice"
TIMELINE_DEFAULTS: Params = {"players": 2, "hand_size": 0, "max_rounds": 200, "deck_seed": 0}
PRACTICE_DEFAULTS: Params = {"mistakes": DEFAULT_MISTAKES, "deck_seed": 0}


def timeline_rules_of(name: str, params: Params) -> TimelineRules:
    """Timeline's rules for a game's parameters: ``players`` (2–8, T1), ``hand_size`` (0: T1's
    table), ``max_rounds`` (D16) — or, for practice, ``mistakes`` (T8) — and ``deck_seed``,
    the shuffle that gives the cards their ids, so that an id tells nothing about a year (T7)."""
    values = known_parameters(name, PRACTICE_DEFAULTS if name == PRACTICE_NAME else TIMELINE_DEFAULTS, params)
    cards = timeline_deck()
    order, _ = shuffle_order(np.random.default_rng(check_seed(values["deck_seed"], what="deck_seed")), len(cards))
    deck = tuple(cards[i] for i in order)
    if name == PRACTICE_NAME:
        return TimelineRules(timeline_player_names(1), deck, mistakes=values["mistakes"])
    players = values["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= TIMELINE_PLAYERS:
        raise ArgumentError(
            f"{TIMELINE_NAME} has 2 to {TIMELINE_PLAYERS} players (T1), not {players!r}; practice is {PRACTICE_NAME}",
            rule="T1",
        )
    hand = values["hand_size"] or None
    return TimelineRules(timeline_player_names(players), deck, hand_size=hand, max_rounds=values["max_rounds"])


def timeline_type(name: str, rules: TimelineRules) -> Any:
    """Alone, nothing is hidden from anybody: the draws are chance (T8); at a table the hands
    are hidden and the winners share 1 (T5)."""
    if rules.is_solo:
        return game_type(name, "Timeline with the Exhibition deck (practice)", (1, 1), PRACTICE_DEFAULTS,
                         information=pyspiel.GameType.Information.PERFECT_INFORMATION)  # fmt: skip
    return game_type(name, "Timeline with the Exhibition deck", (2, TIMELINE_PLAYERS), TIMELINE_DEFAULTS,
                     pyspiel.GameType.Utility.CONSTANT_SUM)  # fmt: skip


# ---------------------------------------------------------------------- the state
class TimelineSpielState(ProtocolState):
    """An OpenSpiel state over a :class:`~exhibition_lab.games.timeline.rules.TimelineState`."""

    def __str__(self) -> str:
        return timeline_text(self.rules, self.rule_state, seat=None)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> ProtocolState:
        """The other hands drawn anew (:meth:`TimelineRules.resample`), with the ids that
        replay to them: each draw of a redrawn card reads as the draw of the card now in its
        place, so that the state serialises as itself (T7)."""
        resampled = super().resample_from_infostate(player_id, probability_sampler)
        before, after = self.rule_state.hands, resampled.rule_state.hands
        swap = {a: b for old, new in zip(before, after) for a, b in zip(old, new) if a != b}
        if swap:
            ids = [swap.get(item.action, item.action) if item.player == CHANCE else item.action
                   for item in self.full_history()]  # fmt: skip
            resampled.replay_as(ids)
        return resampled


def timeline_text(rules: TimelineRules, state: TimelineState, seat: int | None, *, hands: str = "own") -> str:
    """A Timeline state in words as ``seat`` sees it (T7): the timeline with its years, the
    hands — the seat's own as card ids and subjects, the others as counts (every hand when
    ``seat`` is None or ``hands`` is ``"all"``, none when ``hands`` is ``"none"``, the table's
    view) — the removed cards, the pile's size."""
    deck = rules.deck
    lines = ["timeline: " + " ".join(f"{deck[c].year}:{c}" for c in state.timeline)]
    for other, hand in enumerate(state.hands):
        if hands == "all" or (hands == "own" and (seat is None or other == seat)):
            lines.append(f"hand {other + 1}: " + "; ".join(f"{c} {deck[c].title}" for c in hand))
        else:
            lines.append(f"hand {other + 1}: {len(hand)} cards")
    lines += [
        "removed: " + " ".join(f"{deck[c].year}:{c}" for c in state.removed),
        f"pile: {len(state.pile)}",
        f"round: {state.round} turn: {state.turn} phase: {state.phase.value} to move: {state.seat + 1}",
        f"placed: {' '.join(map(str, state.placed))} mistakes: {state.mistakes}",
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------------- the observer
class TimelineObserver:
    """What one Timeline seat sees (T7), for OpenSpiel. The tensor, seats counted from the
    observer: ``phase`` (deal, play, draw, play-off, over), ``to_move`` (P), then per card id
    ``hand`` (the observer's cards), ``timeline``, ``removed`` and ``years`` (a card's year,
    scaled to 0…1 over the deck, where it is face up: on the timeline or removed), then
    ``hand_sizes`` (P, over 20), ``active`` (P) and ``progress`` (pile size, round, mistakes,
    scaled to 0…1). With ``perfect_recall`` the string adds every play so far (plays are
    public); cards drawn stay hidden but in one's own hand.

    The kinds of observation OpenSpiel asks for: ``private_info`` shows the seat's own hand
    (``SINGLE_PLAYER``), every hand (``ALL_PLAYERS``) or none, only the counts (``NONE``);
    ``public_info=False`` keeps only that private part (the tensor's ``hand``, the string's
    hands). Alone (T8) nothing is hidden from anybody: the hand is public and the private part
    is empty, as a game of perfect information has it."""

    PHASES = ("deal", "play", "draw", "playoff", "over")

    def __init__(self, game: TimelineGame, iig_obs_type: Any, params: Params | None) -> None:
        if params:
            raise ArgumentError(f"Timeline's observations take no parameters; passed {params}")
        rules = game.rules
        self._rules = rules
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = bool(iig_obs_type.public_info)
        # alone, the hand hides nothing from anybody (T8): it is public, shown whatever is asked
        self._private = "all" if rules.is_solo else PRIVATE[iig_obs_type.private_info]
        p, d = rules.n_players, rules.n_cards
        self.shapes: dict[str, tuple[int, ...]] = {
            "phase": (5,), "to_move": (p,), "hand": (d,), "timeline": (d,), "removed": (d,),
            "years": (d,), "hand_sizes": (p,), "active": (p,), "progress": (3,)}  # fmt: skip
        if not self._public:
            self.shapes = {} if rules.is_solo else {"hand": (d,)}
        self.tensor = np.zeros(sum(int(np.prod(shape)) for shape in self.shapes.values()), dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size
        years = np.array(rules.years, dtype=float)
        self._years = (years - years.min()) / max(years.max() - years.min(), 1.0)

    def set_from(self, state: TimelineSpielState, player: int) -> None:
        rules, now, parts = self._rules, state.rule_state, self.dict
        self.tensor[:] = 0.0
        if "hand" in parts:
            if self._private == "own":
                parts["hand"][list(now.hands[player])] = 1.0
            elif self._private == "all":
                for hand in now.hands:
                    parts["hand"][list(hand)] = 1.0
        if not self._public:
            return
        p = rules.n_players
        relative = [(player + r) % p for r in range(p)]
        parts["phase"][self.PHASES.index(now.phase.value)] = 1.0
        if now.phase.value == "play":
            parts["to_move"][(now.seat - player) % p] = 1.0
        parts["timeline"][list(now.timeline)] = 1.0
        parts["removed"][list(now.removed)] = 1.0
        seen = list(now.timeline) + list(now.removed)
        parts["years"][seen] = self._years[seen]
        parts["hand_sizes"][:] = [len(now.hands[s]) / MAX_HAND for s in relative]
        parts["active"][:] = [float(now.active[s]) for s in relative]
        parts["progress"][:] = [
            len(now.pile) / rules.n_cards,
            min(now.round / rules.max_rounds, 1.0),
            now.mistakes / rules.mistakes,
        ]

    def string_from(self, state: TimelineSpielState, player: int) -> str:
        rules, now = self._rules, state.rule_state
        if not self._public:
            if rules.is_solo or self._private == "none":
                return ""
            deck, seats = rules.deck, range(len(now.hands)) if self._private == "all" else [player]
            return "\n".join(f"hand {s + 1}: " + "; ".join(f"{c} {deck[c].title}" for c in now.hands[s]) for s in seats)
        text = timeline_text(rules, now, seat=player, hands=self._private)
        if not self._recall:
            return text
        at_play = now._replace(phase=TimelinePhase.PLAY)  # every play was decided in a play phase
        plays = [str(rules.decode(at_play, item.action)) for item in state.full_history() if item.player != CHANCE]
        return f"{text}\nplays: {', '.join(plays)}"


# ---------------------------------------------------------------------- the games
class TimelineGame(ProtocolGame):
    """``python_exhibition_timeline``: Timeline for 2 to 8 players (T1–T7); the winners share 1 (T5)."""

    NAME: ClassVar[str] = TIMELINE_NAME
    DEFAULTS: ClassVar[Params] = TIMELINE_DEFAULTS
    STATE: ClassVar[type[ProtocolState]] = TimelineSpielState
    OBSERVER: ClassVar[Callable[..., Any]] = TimelineObserver
    rules: TimelineRules

    @classmethod
    def rules_of(cls, params: Params) -> TimelineRules:
        return timeline_rules_of(cls.NAME, params)

    @classmethod
    def type_of(cls, rules: TimelineRules) -> Any:
        return timeline_type(cls.NAME, rules)


class TimelinePracticeGame(TimelineGame):
    """``python_exhibition_timeline_practice``: Timeline alone (T8); the return is the number
    of cards placed right before the mistake limit."""

    NAME: ClassVar[str] = PRACTICE_NAME
    DEFAULTS: ClassVar[Params] = PRACTICE_DEFAULTS


# ---------------------------------------------------------------------- registration
register(TimelineGame)
register(TimelinePracticeGame)

__all__ = [
    "PRACTICE_DEFAULTS",
    "PRACTICE_NAME",
    "TIMELINE_DEFAULTS",
    "TIMELINE_NAME",
    "TimelineGame",
    "TimelineObserver",
    "TimelinePracticeGame",
    "TimelineSpielState",
    "timeline_rules_of",
    "timeline_text",
]
