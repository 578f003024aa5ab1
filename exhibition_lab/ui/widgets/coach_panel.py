"""The coach in the play app: a hint panel during the game and a review after it.

Both only display what :mod:`exhibition_lab.coach` computes from the player's own view,
in the words of :mod:`exhibition_lab.ui.text.coach_words` placed by :mod:`exhibition_lab.ui.render.coach_pictures`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ...games.exhibition import coach_model
from ...games.exhibition.coach_model import BestPossible, Decision, Hint, Review
from ...games.exhibition.game import Game
from ..render import coach_pictures as html
from ..render.halls import hall_html
from ..text import coach_words as words
from .panels import ScrollToTop

#: The play app's budget: enough playouts to rank the options, bounded so a click answers
#: within about a second (the first round of playouts always runs).
HINT_TIME_LIMIT = 1.0
REVIEW_TIME_LIMIT = 0.4  # per reviewed decision
BEST_POSSIBLE_TIME = coach_model.BEST_POSSIBLE_TIME  # after a solo game: the best its cards allowed


class HintPanel(w.VBox):
    """The coach's advice in plain words: the suggested move, a one-line why, and the best
    options with what each is expected to bring (no search jargon). It hangs from the status
    line at the top of the window, beside the tile (see the app's layout), and closes with its
    button or the next move."""

    def __init__(self, on_close: Callable[[], None] | None = None) -> None:
        self.text = w.HTML()
        self.close_button = w.Button(
            description=words.hint_panel("close"), icon="times", layout=w.Layout(width="90px", align_self="flex-end")
        )
        self.close_button.add_class("exlab-hint-close")
        self.close_button.tooltip = words.hint_panel("close")  # where the panel shows its cross alone
        self.close_button.on_click(lambda _: on_close() if on_close is not None else self.hide())
        self.to_top = ScrollToTop("exlab-hint-panel")
        super().__init__([self.text, self.close_button, self.to_top])
        self.add_class("exlab-hint-panel")
        self.layout.display = "none"

    @property
    def value(self) -> str:
        """The advice as HTML (what the panel shows)."""
        shown: str = self.text.value
        return shown

    def show(self, advice: Hint) -> None:
        self.text.value = html.hint_html(advice)
        self.layout.display = "flex"
        self.to_top.tick += 1  # each hint is read from its first line: the suggestion

    def hide(self) -> None:
        self.layout.display = "none"


class BestLine(w.VBox):
    """After a solo game: the best score its cards allowed, the pair goal's what-if (S4, S5)
    and, on demand, the hall the best line ends with."""

    def __init__(self, best: BestPossible) -> None:
        self.best = best
        lines = [escape(best.summary())]
        what_if = best.penalty()
        if what_if is not None:
            lines.append(escape(str(what_if)))
        self.text = w.HTML("<br>".join(f"<b>{line}</b>" if k == 0 else line for k, line in enumerate(lines)))
        self.toggle = w.Button(description=words.best_line_words(False), layout=w.Layout(width="auto"))
        self.toggle.add_class("exlab-best-line-toggle")
        self.hall = w.HTML()
        self.hall.layout.display = "none"
        self.toggle.on_click(lambda _: self.show_line(self.hall.layout.display == "none"))
        super().__init__([self.text, self.toggle, self.hall])
        self.add_class("exlab-best-line")

    def show_line(self, shown: bool) -> None:
        if shown and not self.hall.value:
            final = self.best.best_game().hall(0)
            self.hall.value = f"<div><small>{escape(words.best_line_title())}</small></div>{hall_html(final)}"
        self.hall.layout.display = "block" if shown else "none"
        self.toggle.description = words.best_line_words(shown)


class ReviewView(w.VBox):
    """Step through a reviewed game: the hall before each decision, the turn played and the
    coach's better turn (outlined red and green), with the loss and its label.

    Built with :meth:`for_game`, it reviews every human seat of a finished game: with
    several, a row of name buttons chooses whose decisions are shown (each seat's review is
    computed on its first choice and kept)."""

    def __init__(
        self,
        review: Review,
        *,
        chooser: Callable[[int], Review] | None = None,
        seats: Sequence[tuple[str, int]] = (),
    ) -> None:
        self.review = review
        self.best_line: BestLine | None = None
        self.index = 0
        self._reviews = {review.seat: review}
        self._review_of = chooser
        self.seat_chooser = w.ToggleButtons(options=list(seats) or [(review.player, review.seat)], value=review.seat)
        self.seat_chooser.add_class("exlab-review-seats")
        self.seat_chooser.style.button_width = "auto"
        self.seat_chooser.layout.display = "flex" if len(seats) > 1 else "none"
        self.seat_chooser.observe(lambda change: self.show_seat(change["new"]), names="value")
        self.summary = w.HTML(self._summary_html())
        self.board = w.HTML()
        previous, following = words.previous_next()
        self.previous = w.Button(description=previous, layout=w.Layout(width="auto"))
        self.next = w.Button(description=following, layout=w.Layout(width="auto"))
        self.position = w.HTML()
        self.previous.add_class("exlab-review-previous")
        self.next.add_class("exlab-review-next")
        self.previous.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        super().__init__(
            [self.seat_chooser, self.summary, w.HBox([self.previous, self.position, self.next]), self.board]
        )
        self.add_class("exlab-review-panel")
        self.go(0)

    @classmethod
    def for_game(
        cls, game: Game, seats: Sequence[int], *, seed: int = 0, time_limit: float | None = REVIEW_TIME_LIMIT
    ) -> ReviewView:
        """The review of ``seats[0]``, with a chooser for the other seats when there are several."""

        def review_of(seat: int) -> Review:
            return coach_model.review(game, seat, time_limit=time_limit, seed=seed)

        named = [(game.players[seat], seat) for seat in seats]
        return cls(review_of(seats[0]), chooser=review_of, seats=named)

    @classmethod
    def of_reviews(
        cls, reviews: dict[int, Review], seats: Sequence[tuple[str, int]], *, best: BestPossible | None = None
    ) -> ReviewView:
        """The reviews already made, one per seat (the first shown), with a chooser when there
        are several; after a solo game, ``best`` adds the best possible score and its line."""
        first = reviews[seats[0][1]]
        view = cls(first, seats=seats)
        view._reviews.update(reviews)
        if best is not None:
            view.best_line = BestLine(best)
            view.children = (*view.children[:2], view.best_line, *view.children[2:])
        return view

    def show_seat(self, seat: int) -> None:
        """Show the review of ``seat`` from its first decision (reviewed on first demand)."""
        if seat not in self._reviews:
            if self._review_of is None:
                raise ValueError(f"this review covers seat {self.review.seat} only")
            name = dict((s, n) for n, s in self.seat_chooser.options).get(seat, seat)
            self.summary.value = f"<i>{escape(words.reviewing(str(name)))}</i>"
            self._reviews[seat] = self._review_of(seat)
        self.review = self._reviews[seat]
        self.summary.value = self._summary_html()
        self.go(0)

    def _summary_html(self) -> str:
        return html.review_summary_html(self.review)

    @property
    def decision(self) -> Decision | None:
        return self.review.decisions[self.index] if self.review.decisions else None

    def go(self, index: int) -> None:
        """Show decision ``index`` (clamped to the game)."""
        count = len(self.review.decisions)
        self.index = max(0, min(index, count - 1))
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= count - 1
        self.position.value = f"&nbsp;{escape(words.decision_position(self.index + 1 if count else 0, count))}&nbsp;"
        if self.decision is None:
            self.board.value = f"<i>{escape(words.no_decisions())}</i>"
        else:
            self.board.value = html.decision_html(self.decision, self.index + 1, solo=self.review.solo)
