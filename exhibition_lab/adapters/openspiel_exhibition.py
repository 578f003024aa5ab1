"""Exhibition as OpenSpiel games: ``python_exhibition`` (2 to 5 players) and
``python_exhibition_solo`` (the solo game, S1–S7).

Everything is read from the rules (:class:`~exhibition_lab.games.exhibition.rules.turns.Setup`):
chance is explicit — the deal card by card, each refill and each Secret Decade are chance
nodes whose outcomes are the cards (or decades) that may come; actions are the integer ids
of :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`; a player's
observation is what that seat may know (:mod:`exhibition_lab.games.exhibition.observation`),
never the stock's order nor another seat's Secret Decade before the end.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from typing import Any, ClassVar, cast

import numpy as np

from ..core.errors import ArgumentError
from ..core.protocol import CHANCE
from ..games.exhibition.notation import write_position
from ..games.exhibition.observation import EMPTY, Observer, visible_decades
from ..games.exhibition.rules.actions import DealDecade
from ..games.exhibition.rules.cards import TILE_CARDS
from ..games.exhibition.rules.deal import DECADES, MAX_PLAYERS, player_names
from ..games.exhibition.rules.layout import Layout
from ..games.exhibition.rules.scoring import SoloRules
from ..games.exhibition.rules.turns import Phase, Setup, State
from .openspiel_bridge import (
    PRIVATE,
    Now,
    Params,
    ProtocolGame,
    ProtocolState,
    check_player,
    game_type,
    known_parameters,
    pyspiel,
    register,
    variations_of,
)

# ---------------------------------------------------------------------- type and info
GAME_NAME = "python_exhibition"
SOLO_NAME = "python_exhibition_solo"
#: The parameters of each game and their defaults.
GAME_DEFAULTS: Params = {"players": 2, "variations": "", "secret_decades": False, "utility": "margin"}
SOLO_DEFAULTS: Params = {"variations": "", "secret_decades": False, "mid_century": "harsh"}


def setup_of(name: str, params: Params) -> Setup:
    """The rules a game's parameters ask for; an unknown parameter or value raises
    :class:`~exhibition_lab.core.errors.ArgumentError`."""
    values = known_parameters(name, SOLO_DEFAULTS if name == SOLO_NAME else GAME_DEFAULTS, params)
    layout = Layout.base().with_variations(*variations_of(values["variations"]))
    secret = values["secret_decades"]
    if not isinstance(secret, bool):
        raise ArgumentError(f"secret_decades is True or False, not {secret!r}", rule="V7")
    if name == SOLO_NAME:
        rules = SoloRules.by_name(values["mid_century"])
        return Setup(player_names(1), layout, secret_decades=secret, solo_rules=rules, utility="score")
    players = values["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ArgumentError(
            f"{GAME_NAME} has 2 to {MAX_PLAYERS} players (R4), not {players!r}; the solo game is {SOLO_NAME}", rule="R4"
        )
    return Setup(player_names(players), layout, secret_decades=secret, utility=values["utility"])


def utility_model(setup: Setup) -> Any:
    """OpenSpiel's name for how the returns of ``setup`` add up."""
    if setup.utility == "win":
        return pyspiel.GameType.Utility.CONSTANT_SUM
    if setup.utility == "margin" and setup.n_players == 2:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def information_model(setup: Setup) -> Any:
    """Without Secret Decades nothing is hidden from one seat that another sees: the stock is a
    set everybody knows and its draws are chance, as backgammon's dice are (perfect
    information); each seat's Secret Decade (V7) makes the information imperfect."""
    if setup.secret_decades:
        return pyspiel.GameType.Information.IMPERFECT_INFORMATION
    return pyspiel.GameType.Information.PERFECT_INFORMATION


def exhibition_type(name: str, setup: Setup) -> Any:
    """The OpenSpiel type of an instance of ``name`` with rules ``setup``."""
    if name == SOLO_NAME:
        return game_type(name, "Exhibition: 20th Century (solo)", (1, 1), SOLO_DEFAULTS,
                         utility_model(setup), information_model(setup))  # fmt: skip
    return game_type(name, "Exhibition: 20th Century", (2, MAX_PLAYERS), GAME_DEFAULTS,
                     utility_model(setup), information_model(setup))  # fmt: skip


def observer_of(now: Now) -> Observer:
    """The observer every state of the game shares (made once for a state loaded by pickle)."""
    observer: Observer | None = now.shared.get("observer")
    if observer is None:
        observer = now.shared["observer"] = Observer(cast(Setup, now.rules))
    return observer


def deck_index(now: Now) -> dict[int, int]:
    """Each deck card's id, found by identity (the deck's own objects are the only ones in play)."""
    index: dict[int, int] | None = now.shared.get("deck")
    if index is None:
        index = now.shared["deck"] = {id(card): k for k, card in enumerate(cast(Setup, now.rules).deck)}
    return index


# ---------------------------------------------------------------------- the state
class ExhibitionState(ProtocolState):
    """An OpenSpiel state over a rule state of :class:`Setup`."""

    @property
    def setup(self) -> Setup:
        """The rules of this game (an Exhibition state's rules are always a :class:`Setup`)."""
        return cast(Setup, self._now.rules)

    def _action_to_string(self, player: int, action: int) -> str:
        space = self.setup.space
        if player == CHANCE:
            if self._now.state.phase is Phase.DECADES:
                return str(space.decode_decade(action))
            return str(space.decode_draw(action))
        return str(space.decode_action(action))

    def is_terminal(self) -> bool:
        return self._now.state.phase is Phase.OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a deal or a refill every stock card is equally likely (R5, R9): the ids are
        kept from state to state — a draw takes its card out — rather than rebuilt and
        sorted at every refill; the Secret Decades' odds come from the rules (V7)."""
        now = self._now
        phase = now.state.phase
        if phase is not Phase.REFILL and phase is not Phase.DEAL:
            return super().chance_outcomes()
        ids = self._stock_ids()
        return list(zip(ids, repeat(1.0 / len(ids), len(ids)), strict=True))

    def _stock_ids(self) -> list[int]:
        """The ids of the stock's cards, ascending (a draw's id is its card's)."""
        now = self._now
        ids: list[int] | None = now.cache.get("stock")
        if ids is None:
            index = deck_index(now)
            ids = now.cache["stock"] = sorted(index[id(card)] for card in now.state.stock)
        return ids

    def _apply_action(self, action: int) -> None:
        before = self._now
        super()._apply_action(action)
        kept: list[int] | None = before.cache.get("stock")
        if kept is None:
            return
        now = self._now
        if now.state.stock is before.state.stock:
            now.cache["stock"] = kept  # never changed in place: shared
        elif before.state.phase is Phase.REFILL or before.state.phase is Phase.DEAL:
            ids = kept.copy()
            ids.remove(action)  # the card drawn leaves the stock (R5, R9)
            now.cache["stock"] = ids

    def observation_tensor(self, player: object = None) -> np.ndarray:
        """What ``player`` (the seat to move when omitted) sees, as the default observer's
        tensor (:class:`ExhibitionObserver`): a new ``float32`` array of the same numbers
        pyspiel's own method gives as a list, drawn by the game's observer on its board
        (only what changed since the state it last drew) rather than through OpenSpiel's
        copy of every segment, and kept on the state, which never changes, for the next call."""
        now = self._now
        seat = now.player if player is None else player
        if type(seat) is not int or not 0 <= seat < len(now.state.halls):  # a seat of the game (R4)
            seat = check_player(seat, len(now.state.halls))
        kept = now.cache.get(seat)
        if kept is None:
            kept = now.cache[seat] = observer_of(now).vector(now.state, seat, player=now.player)
        copy: np.ndarray = kept.copy()
        return copy

    def __str__(self) -> str:
        state = self._now.state
        return write_position(self.setup, state, state.secret_decades)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> ExhibitionState:
        """A state ``player_id`` cannot tell apart from this one: the other seats' Secret
        Decades drawn anew (V7); the stock is a set and has no order to redraw.

        The redrawn decades change nothing else in the rule state, so the twin is this state
        with its decades replaced — no replay of the history through the rules. Its history
        stays this one's (what the seat saw); it serialises as the ids that deal the new
        decades, which load back as the twin."""
        seed = int(probability_sampler() * 2**53)
        now = self._now
        twin = now.rules.resample(now.state, player_id, np.random.default_rng(seed))
        resampled = cast(ExhibitionState, self.with_rule_state(twin))
        if twin.secret_decades != now.state.secret_decades:
            ids = list(self._replayed if self._replayed is not None else self.history())
            space = self.setup.space
            for seat, decade in enumerate(twin.secret_decades or ()):  # the deal's decade outcomes follow the tile
                ids[TILE_CARDS + seat] = space.encode(DealDecade(decade))
            resampled.replay_as(ids)
        return resampled


# ---------------------------------------------------------------------- the observer
class ExhibitionObserver:
    """What one seat sees, for OpenSpiel: ``tensor`` (and its segments in ``dict``) and
    strings, for the kinds of observation OpenSpiel asks for:

    - ``private_info``: the seat's own Secret Decade (``SINGLE_PLAYER``), every seat's
      (``ALL_PLAYERS``, a spectator's view) or none before the end (``NONE``, the table's view);
    - ``public_info=False``: only that private part (the Secret Decades, V7);
    - ``perfect_recall``: the string adds the seat's whole history — its view of every step,
      Secret Decades it may not see written ``?``. The tensor is the present view only, so the
      games declare no information-state tensor (``provides_information_state_tensor`` is
      false): the information state is the string.
    """

    def __init__(self, game: ExhibitionGame, iig_obs_type: Any, params: Params | None) -> None:
        if params:
            raise ArgumentError(f"Exhibition's observations take no parameters; passed {params}")
        self._observer = game.observer
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = bool(iig_obs_type.public_info)
        self._private = PRIVATE[iig_obs_type.private_info]
        layout = self._observer.layout
        self.tensor = np.zeros(layout.size if self._public else layout.players * len(DECADES), dtype=np.float32)
        self.dict = layout.split(self.tensor) if self._public else {"secret_decades": self.tensor.reshape(-1, 10)}

    def set_from(self, state: ExhibitionState, player: int) -> None:
        observer = self._observer
        vector = observer.vector(state.rule_state, player, private=self._private)
        self.tensor[:] = vector if self._public else vector[observer.layout.slices["secret_decades"]]

    def string_from(self, state: ExhibitionState, player: int) -> str:
        rules, now = state.rules, state.rule_state
        decades = self._decades(now, player)
        if not self._public:
            return (
                "" if decades is None else "secret decades: " + " ".join("?" if d is None else str(d) for d in decades)
            )
        text = write_position(rules, now, decades)
        if not self._recall:
            return text
        seen = list(map(str, state.history()))
        # the deal's decade outcomes follow the tile, seat by seat (V7): the hidden ones read "?"
        for seat, decade in enumerate(decades or ()):
            if decade is None and TILE_CARDS + seat < len(seen):
                seen[TILE_CARDS + seat] = "?"
        return f"{text}\nseen: {' '.join(seen)}"

    def _decades(self, now: State, player: int) -> list[int | None] | None:
        """The Secret Decades ``player`` sees, ``None`` for hidden ones (V7)."""
        if now.secret_decades is None:
            return None
        seen = visible_decades(now, player, len(now.secret_decades), private=self._private)
        return [None if d == EMPTY else DECADES[d] for d in seen]


# ---------------------------------------------------------------------- the games
class ExhibitionGame(ProtocolGame):
    """``python_exhibition``: Exhibition for 2 to 5 players. Parameters: ``players`` (2),
    ``variations`` (``""``; variation keys joined by ``+``, e.g. ``"links+short_era"``,
    V1–V6a), ``secret_decades`` (``False``, V7) and ``utility`` (``"margin"``: fame minus the
    best other seat's; ``"win"``: an equal share of 1 for the winners, R26 deciding equal
    totals; ``"score"``: fame)."""

    NAME: ClassVar[str] = GAME_NAME
    DEFAULTS: ClassVar[Params] = GAME_DEFAULTS
    STATE: ClassVar[type[ProtocolState]] = ExhibitionState
    OBSERVER: ClassVar[Callable[..., Any]] = ExhibitionObserver
    rules: Setup

    def __init__(self, params: Params | None = None) -> None:
        super().__init__(params)
        self.observer = Observer(self.rules)
        self.start.shared["observer"] = self.observer

    @classmethod
    def rules_of(cls, params: Params) -> Setup:
        return setup_of(cls.NAME, params)

    @classmethod
    def type_of(cls, rules: Setup) -> Any:
        return exhibition_type(cls.NAME, rules)


class ExhibitionSoloGame(ExhibitionGame):
    """``python_exhibition_solo``: the solo game, scored on the ×100 scale (S1–S7).
    Parameters: ``variations``, ``secret_decades`` and ``mid_century`` (``"harsh"`` or
    ``"tiebreak"``, D11)."""

    NAME: ClassVar[str] = SOLO_NAME
    DEFAULTS: ClassVar[Params] = SOLO_DEFAULTS


# ---------------------------------------------------------------------- registration
register(ExhibitionGame)
register(ExhibitionSoloGame)

__all__ = [
    "GAME_DEFAULTS",
    "GAME_NAME",
    "SOLO_DEFAULTS",
    "SOLO_NAME",
    "ExhibitionGame",
    "ExhibitionObserver",
    "ExhibitionSoloGame",
    "ExhibitionState",
    "information_model",
    "setup_of",
    "utility_model",
]
