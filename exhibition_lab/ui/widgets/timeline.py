"""The Timeline app: your hand as subject cards, the timeline with years, click a card then a gap.

The app's model is a :class:`~exhibition_lab.games.timeline.agents.TimelineSession`: the app
sends it the player's plays and paints what it holds; bots answer at once and every reveal
says right or wrong with the true year and the subject. One player is solo practice (T8)
with a streak counter. Every word comes from :mod:`exhibition_lab.ui.text.timeline`.
CSS hooks: ``exlab-tl-hand-card``, ``exlab-tl-gap`` (+ ``exlab-tl-gap-lit`` while a card is
selected), ``exlab-tl-status``, ``exlab-tl-streak``, ``exlab-tl-players``, ``exlab-tl-log``,
``exlab-tl-new-game``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ...core.errors import ExhibitionLabError
from ...core.seeding import MAX_SEED
from ...core.session import HUMAN
from ...games.timeline.agents import TimelineSession
from ...games.timeline.game import Timeline
from ...games.timeline.rules import MAX_PLAYERS, Play, Reveal, TimelineCard
from ..render.css import style
from ..render.timeline import timeline_card_html
from ..text import timeline as words
from .cards import find_widgets

CSS = style("timeline", "timeline-app")

GAP_CARD = {"width": "120px"}


class TimelineApp(w.VBox):
    """Play Timeline in a notebook or Voila: you against history bots, or solo practice.

    ``TimelineApp(players=3, knowledge=10, seed=0)``: ``players`` counts you too (1 is solo
    practice, T8); the bots' guesses of a year have a typical error (standard deviation) of ``knowledge`` years. Click a
    card of your hand, then a lit gap of the timeline. ``app.game`` is the live game.
    """

    def __init__(
        self,
        players: int = 3,
        *,
        knowledge: float = 10.0,
        seed: int = 0,
        mistakes: int = 3,
        session: TimelineSession | None = None,
    ) -> None:
        self.session = session or TimelineSession.new(
            players, knowledge=knowledge, seed=seed, mistakes=mistakes, names=words.seat_names(players)
        )
        self._seed = seed
        self._selected: int | None = None
        self._new_index: int | None = None
        self.banner = w.HTML()
        self.banner.add_class("exlab-tl-banner")
        self.status = w.HTML()
        self.status.add_class("exlab-tl-status")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("exlab-tl-players")
        self.streak = w.HTML()
        self.streak.add_class("exlab-tl-streak")
        self.hand_label = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.timeline = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="stretch"))
        self.timeline.add_class("exlab-tl-timeline-box")
        self.plays_log = w.HTML()
        self.plays_log.add_class("exlab-tl-log")
        self.controls = self._make_controls(players, knowledge)
        super().__init__(
            [
                w.HTML(CSS),
                self.banner,
                self.scoreboard,
                self.streak,
                self.status,
                self.hand_label,
                self.hand,
                w.HTML(f"<div class='exlab-tl-label'>{escape(words.timeline_label())}</div>"),
                self.timeline,
                self.plays_log,
                self.controls,
            ]
        )
        self.add_class("exlab-tl-app")
        self.say(words.start_hint())
        self.render()

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Timeline:
        return self.session.game

    @property
    def selected(self) -> int | None:
        """Id of the hand card picked, waiting for a gap."""
        return self._selected

    def __repr__(self) -> str:
        # Also the text a static rendering of a notebook shows in place of the live app.
        return words.app_text(self.session)

    def find(self, css_class: str) -> list[w.Widget]:
        """Every widget in the app carrying ``css_class`` (for tests and scripting)."""
        return find_widgets(self, css_class)

    # ------------------------------------------------------------------ rendering
    def render(self) -> None:
        """Redraw every part from the session, in one batch of updates."""
        session = self.session
        hand = session.game.view(session.viewer).hand if session.humans_turn else ()
        if self._selected not in {s.id for s in hand}:
            self._selected = hand[0].id if len(hand) == 1 else None  # one card: no need to pick it
        with self.hold_sync():
            self.banner.value = escape(words.banner(session))
            self.scoreboard.value = self._scoreboard_html()
            self.streak.value = self._streak_html()
            self.streak.layout.display = "block" if session.game.is_solo else "none"
            self.scoreboard.layout.display = "none" if session.game.is_solo else "block"
            self.hand.children = [self._hand_button(s.id, s.title) for s in hand]
            self.hand_label.layout.display = "block" if hand else "none"
            self.hand_label.value = self._hand_label_html()
            self.timeline.children = self._timeline_children()
            self.plays_log.value = self._log_html()

    def _hand_label_html(self) -> str:
        picked = None if self._selected is None else self.game.card(self._selected).title
        return f"<div class='exlab-tl-label'>{escape(words.hand_label(picked))}</div>"

    def _scoreboard_html(self) -> str:
        game = self.session.game
        parts = []
        for seat, name in enumerate(game.players):
            count = words.hand_count(name, len(game.hand(seat)))
            state = words.seat_state(out=not game.active[seat], winner=game.is_over and seat in game.winners)
            now = " class='exlab-tl-now'" if seat == game.current and not game.is_over else ""
            parts.append(f"<span{now}>{escape(count + state)}</span>")
        kinds = sorted({kind for kind in self.session.seats if kind != HUMAN})
        bots = f"<span class='exlab-tl-bots'>{escape(words.bots_line(kinds))}</span>" if kinds else ""
        return f"{''.join(parts)}<span>{escape(words.pile_line(len(game.pile)))}</span>{bots}"

    def _streak_html(self) -> str:
        game = self.session.game
        if not game.is_solo:
            return ""
        left = game.mistake_limit - game.mistakes
        hearts = "♥" * left + "♡" * game.mistakes
        return escape(words.streak_line()).format(
            score=f"<b>{game.score}</b>",
            streak=f"<b>{game.streak}</b>",
            best=game.best_streak,
            hearts=f"<span class='exlab-tl-hearts'>{hearts}</span>",
            pile=len(game.pile),
        )

    def _hand_button(self, card_id: int, title: str) -> w.Button:
        button = w.Button(description=title, tooltip=title, layout=w.Layout(width="168px", height="100px"))
        button.add_class("exlab-tl-hand-card")
        if card_id == self._selected:
            button.add_class("exlab-tl-selected")
        button.card_id = card_id
        button.on_click(lambda b: self._pick(b.card_id))
        return button

    def _timeline_children(self) -> list[w.Widget]:
        game = self.session.game
        cards = game.timeline_cards
        lit = self._selected is not None and self.session.humans_turn
        children: list[w.Widget] = [self._gap_button(0, cards, lit)]
        for k, card in enumerate(cards):
            children.append(w.HTML(timeline_card_html(card, new=k == self._new_index)))
            children.append(self._gap_button(k + 1, cards, lit))
        return children

    def _gap_button(self, gap: int, cards: tuple[TimelineCard, ...], lit: bool) -> w.Button:
        left = cards[gap - 1].year if gap > 0 else None
        right = cards[gap].year if gap < len(cards) else None
        where = words.neighbours(left, right)
        button = w.Button(description="+" if lit else "·", tooltip=where, layout=w.Layout(width="24px", height="104px"))
        button.add_class("exlab-tl-gap")
        if lit:
            button.add_class("exlab-tl-gap-lit")
        button.disabled = self.session.game.is_over
        button.gap = gap
        button.on_click(lambda b: self._place(b.gap))
        return button

    def _log_html(self) -> str:
        reveals = self.session.reveals
        items = "".join(f"<li>{self._reveal_line(r)}</li>" for r in reveals[::-1][:30])
        return f"<details><summary>{escape(words.plays_so_far(len(reveals)))}</summary><ul>{items}</ul></details>"

    def _reveal_line(self, reveal: Reveal) -> str:
        mark = "<span class='exlab-tl-right'>✔</span>" if reveal.correct else "<span class='exlab-tl-wrong'>✘</span>"
        return f"{mark} {escape(words.describe(self.session, reveal))}"

    # ------------------------------------------------------------------ clicks
    def say(self, message: str, *, kind: str = "info") -> None:
        """Show a message in the status line (``kind``: info, ok or bad)."""
        self.status.value = f"<span class='exlab-tl-msg exlab-tl-{kind}'>{escape(message)}</span>"

    def _pick(self, card_id: int) -> None:
        if not self.session.humans_turn:
            self.say(words.not_your_turn(), kind="bad")
            return
        self._selected = card_id  # the status keeps the last reveals; the hand's label guides
        self.render()

    def _place(self, gap: int) -> None:
        if self.game.is_over:
            self.say(words.game_is_over(), kind="bad")
            return
        if self._selected is None:
            self.say(words.card_first(), kind="bad")
            return
        try:
            moves = self.session.act(Play(self._selected, gap))
        except ExhibitionLabError as exc:
            self.say(str(exc), kind="bad")
            return
        reveals = self.session.reveals[-len(moves) :]  # the person's play first, then the bots'
        mine = reveals[0]
        self._selected = None
        self._new_index = self._index_of(mine) if mine.correct else None
        kind = "ok" if mine.correct else "bad"
        lines = [f"<span class='exlab-tl-msg exlab-tl-{kind}'>{self._reveal_line(mine)}</span>"]
        others = "".join(f"<div class='exlab-tl-bot-play'>{self._reveal_line(r)}</div>" for r in reveals[1:])
        if others:  # a scrolling box, so that seven bots' plays do not push the timeline off screen
            lines.append(f"<div class='exlab-tl-bot-plays'>{others}</div>")
        self.status.value = "".join(lines)
        self.render()

    def _index_of(self, reveal: Reveal) -> int | None:
        cards = self.game.timeline_cards
        return next((k for k, c in enumerate(cards) if c is reveal.card), None)

    # ------------------------------------------------------------------ new game
    def _make_controls(self, players: int, knowledge: float) -> w.HBox:
        options = [(words.solo_practice(), 1)] + [(words.players_option(k), k) for k in range(2, MAX_PLAYERS + 1)]
        self.players_choice = w.Dropdown(options=options, value=players, layout=w.Layout(width="150px"))
        self.knowledge_choice = w.IntSlider(
            value=int(knowledge),
            min=0,
            max=40,
            step=1,
            description=words.bots_knowledge(),
            style={"description_width": "90px"},
            layout=w.Layout(width="300px"),
        )
        self.new_button = w.Button(description=words.new_game(), icon="refresh", layout=w.Layout(width="120px"))
        self.new_button.add_class("exlab-tl-new-game")
        self.new_button.on_click(lambda _: self.new_game())
        return w.HBox([self.players_choice, self.knowledge_choice, self.new_button])

    def new_game(self, players: int | None = None, knowledge: float | None = None) -> None:
        """Start a new game (by default with the choices of the controls)."""
        players = self.players_choice.value if players is None else players
        knowledge = self.knowledge_choice.value if knowledge is None else knowledge
        self._seed = (self._seed + 1) % MAX_SEED  # after the largest seed comes 0: the next deal still saves
        self.session = TimelineSession.new(
            players, knowledge=knowledge, seed=self._seed, names=words.seat_names(players)
        )
        self._selected, self._new_index = None, None
        self.say(words.new_game_hint())
        self.render()
