"""Exercises for the course notebooks: a question, an answer the reader gives, feedback.

Every exercise asks the engine for the right answer (``Hall.legal_spots``,
``Hall.placement_problem``, ``Game.legal_actions``, ``score_halls``) when it is built, so no
answer is written by hand. **Check** says right or wrong and why; **Show answer** gives the
answer with its reason. The tests answer each one by setting values and clicking buttons.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping
from html import escape

import ipywidgets as w

from ...games.exhibition.game import Game, Phase
from ...games.exhibition.rules.actions import Take
from ...games.exhibition.rules.cards import CONTINENTS, Card
from ...games.exhibition.rules.hall import Hall
from ...games.exhibition.rules.layout import ShowcaseKind
from ...games.exhibition.rules.scoring import ScoreLine, ScoreSheet, score_halls
from ..render.css import style
from ..render.halls import hall_html
from ..render.tile import TILE_COLUMN_WIDTH, tile_column_background, tile_column_head_html
from ..text import course
from ..text.i18n import DEFAULT_LANGUAGE, language, translate
from ..text.names import card_title, continent_name, showcase_name, spot_name, vehicle_name
from ..text.numbers import minus
from ..text.rules import rule_sentence
from ..text.score import goal_label, line_words
from ..widgets.cards import MARKET_CARD, SUBJECT_LIMIT, card_button, paint_card, paint_empty, set_class
from .pictures import link_rule_ids, plain_reason, reason_at, tile_picture

Spot = tuple[int, int]


def showcase_sentences(kind: ShowcaseKind) -> list[str]:
    """The requirements that apply in one showcase, in words."""
    flags = [
        ("R11", True),
        ("R12", kind.distinct_continents and not kind.same_continent),
        ("R13", kind.same_continent),
        ("R14", kind.max_step is not None),
        ("V2", kind.min_step is not None),
        ("V3", kind.link_years is not None),
        ("V4", kind.same_decade),
        ("V6a", kind.unique_decades),
        ("V1", kind.is_variation),
    ]
    return [rule_sentence(rule) for rule, applies in flags if applies]


def choice_buttons(options: list[str]) -> w.ToggleButtons:
    """One button per answer, each as wide as its words (a fixed width cut "Nothing: the game
    is over" to "Nothing: the gam…") and the whole answer on hover."""
    return w.ToggleButtons(options=options, value=None, tooltips=list(options), style={"button_width": "auto"})


class Exercise(w.VBox):
    """A question, the reader's input, **Check**, **Show answer** and a feedback line.

    Subclasses build ``body`` and implement :meth:`verdict` (``(right, why)``) and
    :meth:`answer_html`.
    """

    def __init__(self, question: str, body: Iterable[w.Widget]) -> None:
        self.asked = question
        self.question = w.HTML(course.exercise(question))
        self.check_button = w.Button(description=course.check(), button_style="primary")
        self.answer_button = w.Button(description=course.show_answer())
        self.feedback = w.HTML()
        self.check_button.add_class("exlab-check")
        self.answer_button.add_class("exlab-show-answer")
        self.feedback.add_class("exlab-feedback")
        self.check_button.on_click(lambda _: self.check())
        self.answer_button.on_click(lambda _: self.show_answer())
        buttons = w.HBox([self.check_button, self.answer_button])
        super().__init__([w.HTML(style("app", "exercise")), self.question, *body, buttons, self.feedback])
        self.add_class("exlab-app")
        self.add_class("exlab-exercise")

    def static_html(self) -> str:
        """The exercise without widgets, for static renderings (nbconvert, GitHub): the
        question, what it asks about, and the answer folded away under "Show answer"."""
        return (
            f'{style("exercise")}<div class="exlab-exercise">'
            f"<div>{self.question.value}</div>{self.static_body()}"
            f"<details><summary>{course.show_answer()}</summary>{self.answer_html()}</details>"
            f"<div><i>{course.run_to_answer()}</i></div></div>"
        )

    def static_body(self) -> str:
        return ""

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.static_html()  # shown where widgets cannot run
        bundle["text/plain"] = self.static_text()  # whole, where even HTML is not shown
        return bundle

    def static_text(self) -> str:
        """The exercise in plain text: the whole question, then the answer after a blank line
        (plain text cannot fold it away)."""
        return f"{self!r}\n\n{course.answer()} {_plain(self.answer_html())}"

    def __repr__(self) -> str:
        # what a static rendering (no widgets) shows instead of the exercise
        return course.exercise_text(_plain(self.asked))

    def verdict(self) -> tuple[bool, str]:
        raise NotImplementedError

    def answer_html(self) -> str:
        raise NotImplementedError

    def check(self) -> bool:
        """Judge the reader's answer and say why; returns whether it is right."""
        right, why = self.verdict()
        head = course.right() if right else course.not_quite()
        kind = "right" if right else "wrong"
        self.feedback.value = f'<div class="exlab-feedback-{kind}"><b>{head}</b> {why}</div>'
        return right

    def show_answer(self) -> None:
        self.feedback.value = f'<div class="exlab-feedback-answer"><b>{course.answer()}</b> {self.answer_html()}</div>'


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text.replace("<br>", "\n")))


def _line_words(line: ScoreLine) -> str:
    """A score line as the answer shows it: the engine's own line in English; in any other
    language the goal's translated label and its reason in words."""
    if language() == DEFAULT_LANGUAGE:
        return str(line)
    return minus(line_words(line))


def _spot_list(hall: Hall, spots: Iterable[Spot]) -> str:
    names = [spot_name(hall.layout, *spot) for spot in spots]
    return "; ".join(names) if names else course.no_spot()


class PickSpots(Exercise):
    """ "Which spots can this card go to? Click them." The answer is ``hall.legal_spots``."""

    def __init__(
        self,
        hall: Hall,
        card: Card | str,
        *,
        others: Iterable[Hall] = (),
        players: int | None = None,
        question: str | None = None,
    ) -> None:
        self.hall = hall
        self.card = Card.parse(card) if isinstance(card, str) else card
        self.others = tuple(others)
        self.players = players
        self.answer = set(hall.legal_spots(self.card, self.others, players=players))
        self.picked: set[Spot] = set()
        self.spot_buttons: dict[Spot, w.Button] = {}
        boxes = []
        for s, (kind, spots) in enumerate(zip(hall.layout, hall.showcases)):
            buttons = []
            for i, card_here in enumerate(spots):
                button = card_button("exlab-spot")
                if card_here is None:
                    paint_empty(button, str(i + 1))
                    button.on_click(lambda _, spot=(s, i): self.toggle(spot))
                    self.spot_buttons[(s, i)] = button
                else:
                    paint_card(button, card_here)
                    button.disabled = True
                buttons.append(button)
            box = w.VBox([w.HTML(f"<b>{escape(showcase_name(kind))}</b>"), w.HBox(buttons)])
            box.add_class("exlab-showcase-box")
            boxes.append(box)
        board = w.HBox(boxes, layout=w.Layout(flex_flow="row wrap"))
        subject = f" ({escape(card_title(self.card))})" if self.card.title else ""
        question = question or course.pick_spots(self.card, subject)
        super().__init__(question, [board])

    def static_body(self) -> str:
        return hall_html(self.hall, numbered=True)

    def toggle(self, spot: Spot) -> None:
        """Pick or un-pick an empty spot, as a click on it does."""
        if spot not in self.spot_buttons:
            raise ValueError(f"{spot} is not an empty spot of this hall")
        self.picked ^= {spot}
        set_class(self.spot_buttons[spot], "exlab-picked", spot in self.picked)

    def _why_not(self, spot: Spot) -> str:
        problem = self.hall.placement_problem(self.card, *spot, self.others, players=self.players)
        if problem is None:
            return course.it_fits_there()
        return reason_at(self.hall, self.card, spot, problem, self.others, players=self.players)

    def verdict(self) -> tuple[bool, str]:
        wrong = sorted(self.picked - self.answer)
        missed = sorted(self.answer - self.picked)
        if not wrong and not missed:
            return True, course.fits_exactly_at(self.card, _spot_list(self.hall, self.answer))
        parts = [
            "<br>" + course.wrong_spot(spot_name(self.hall.layout, *spot), link_rule_ids(self._why_not(spot)))
            for spot in wrong
        ]
        if missed:
            n = len(missed)
            parts.append("<br>" + course.missed_spots(n))
        return False, "".join(parts)

    def answer_html(self) -> str:
        return course.fits_at(self.card, _spot_list(self.hall, sorted(self.answer)))


class IsLegal(Exercise):
    """ "Is this placement legal?" for one card and one spot; the answer is ``placement_problem``."""

    def __init__(
        self,
        hall: Hall,
        card: Card | str,
        spot: Spot,
        *,
        others: Iterable[Hall] = (),
        players: int | None = None,
        question: str | None = None,
    ) -> None:
        self.hall = hall
        self.card = Card.parse(card) if isinstance(card, str) else card
        self.spot = spot
        self.others = tuple(others)
        self.players = players
        self.problem = hall.placement_problem(self.card, *spot, self.others, players=players)
        self.choice = choice_buttons([course.legal(), course.not_legal()])
        self._picture = hall_html(hall, numbered=True, marks={spot: "ask"})
        where = spot_name(hall.layout, *spot)
        question = question or course.may_it_go(self.card, where)
        super().__init__(question, [w.HTML(self._picture), self.choice])

    def static_body(self) -> str:
        return self._picture + f"<div>{course.choices(self.choice.options)}</div>"

    @property
    def is_legal(self) -> bool:
        return self.problem is None

    def _reason(self) -> str:
        if self.problem is not None:
            reason = reason_at(self.hall, self.card, self.spot, self.problem, self.others, players=self.players)
            return link_rule_ids(reason)
        kind = self.hall.layout[self.spot[0]]
        rules = " ".join(showcase_sentences(kind))
        return course.it_fits_by_the_rules(translate(kind.name), escape(rules), self.card)

    def verdict(self) -> tuple[bool, str]:
        if self.choice.value is None:
            return False, course.choose_legal()
        return (self.choice.value == course.legal()) == self.is_legal, self._reason()

    def answer_html(self) -> str:
        verdict = course.legal() if self.is_legal else course.not_legal()
        return course.verdict_and_reason(verdict, self._reason())


class CountPoints(Exercise):
    """ "What does this hall score?" — one goal or the total, from ``score_halls``."""

    def __init__(
        self,
        halls: Mapping[str, Hall],
        name: str,
        *,
        goal: str | None = None,
        question: str | None = None,
        score: Callable[[Mapping[str, Hall]], ScoreSheet] = score_halls,
    ) -> None:
        sheet = score(halls)
        self.player = sheet[name]
        self.goal = goal
        self.lines: tuple[ScoreLine, ...] = (self.player.line(goal),) if goal else self.player.lines
        self.answer = round(self.player.points[goal]) if goal else self.player.total
        self.entry = w.Text(placeholder=course.a_whole_number(), layout=w.Layout(width="140px"))
        whose = course.owners_hall(escape(name))
        self._picture = f"<div><b>{whose}</b></div>{hall_html(halls[name], numbered=True)}"
        what = course.the_goal(goal_label(goal)) if goal else course.the_hall_in_total()
        question = question or course.how_many_points(escape(name), what)
        super().__init__(question, [w.HTML(self._picture), self.entry])

    def static_body(self) -> str:
        return self._picture

    def _explanation(self) -> str:
        return "<br>".join(link_rule_ids(_line_words(line)) for line in self.lines)

    def verdict(self) -> tuple[bool, str]:
        text = self.entry.value.strip().replace("−", "-")
        try:
            given = int(text)
        except ValueError:
            return False, course.write_a_number(repr(escape(text)))
        if given == self.answer:
            return True, course.goal_by_goal(self._explanation())
        goals = escape(", ".join(goal_label(line.goal) for line in self.lines))
        return False, (course.too_high if given > self.answer else course.too_low)(given, goals)

    def answer_html(self) -> str:
        return course.fame_points(self.answer, self._explanation())


class PickCards(Exercise):
    """ "Which cards may the player take now?" — the answer is the game's legal ``Take`` actions."""

    def __init__(self, game: Game, *, question: str | None = None) -> None:
        if game.phase is not Phase.TAKE:
            raise ValueError(f"the game is in its {game.phase} phase; this exercise needs a player about to take")
        self.game = game.copy()  # the notebook plays on; the question stays
        self.answer = {action.card for action in game.legal_actions() if isinstance(action, Take)}
        self.picked: set[Card] = set()
        self.card_buttons: dict[Card, w.Button] = {}
        columns = []
        for continent in CONTINENTS:
            buttons = []
            for market_card in game.market[continent]:
                button = card_button("exlab-market-card", size=MARKET_CARD)
                paint_card(button, market_card, subject_limit=SUBJECT_LIMIT["market"], wide=True)
                button.on_click(lambda _, c=market_card: self.toggle(c))
                self.card_buttons[market_card] = button
                buttons.append(button)
            head = w.HTML(tile_column_head_html(game, continent))  # the play app's column head
            empty = [w.HTML(f"<i>{course.no_cards()}</i>")]
            column = w.VBox([head, *(buttons or empty)], layout=w.Layout(align_items="center"))
            column.add_class("exlab-column")
            column.layout.width = f"{TILE_COLUMN_WIDTH + 4}px"
            column.layout.background_color = tile_column_background(continent)
            columns.append(column)
        where = continent_name(game.vehicles[game.current])
        player = escape(game.current_player)
        question = question or course.pick_cards(player, vehicle_name(game.current), where)
        super().__init__(question, [w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))])

    def static_body(self) -> str:
        return tile_picture(self.game).html

    def toggle(self, card: Card | str) -> None:
        """Pick or un-pick a card of the Continents tile, as a click on it does."""
        card = Card.parse(card) if isinstance(card, str) else card
        if card not in self.card_buttons:
            raise ValueError(f"{card} is not on the Continents tile")
        self.picked ^= {card}
        set_class(self.card_buttons[card], "exlab-picked", card in self.picked)

    def _rule(self) -> str:
        here = self.game.vehicles[self.game.current]
        if self.game.market[here]:
            return course.take_here(continent_name(here))
        return course.take_anywhere(continent_name(here))

    def verdict(self) -> tuple[bool, str]:
        if self.picked == self.answer:
            return True, link_rule_ids(self._rule())
        wrong = sorted(self.picked - self.answer, key=lambda c: c.sort_key)
        missed = sorted(self.answer - self.picked, key=lambda c: c.sort_key)
        parts = [link_rule_ids(self._rule())]
        if wrong:
            parts.append(course.not_takeable(", ".join(map(str, wrong))))
        if missed:
            n = len(missed)
            parts.append(course.missed_cards(n))
        return False, " ".join(parts)

    def answer_html(self) -> str:
        cards = sorted(self.answer, key=lambda c: c.sort_key)
        return course.verdict_and_reason(", ".join(map(str, cards)), link_rule_ids(self._rule()))


#: The decisions of a turn in order, as the exercises name them (Refill needs no decision).
PHASE_WORDS = course.PHASE_CHOICES


class NextDecision(Exercise):
    """ "What does the player decide next?" — the answer is ``game.phase``."""

    def __init__(self, game: Game, *, question: str | None = None) -> None:
        self.game = game.copy()  # the notebook plays on; the question stays
        self.answer = game.phase
        self.choice = choice_buttons([course.phase_choice(phase) for phase in PHASE_WORDS])
        question = question or course.next_decision()
        super().__init__(question, [self.choice])

    def static_body(self) -> str:
        return f"<div>{course.choices(self.choice.options)}</div>"

    def _reason(self) -> str:
        game = self.game
        if self.answer is Phase.MOVE:
            return course.next_is_move(game.current_player, game.hand)
        if self.answer is Phase.PLACE:
            return course.next_is_place(game.current_player, game.hand)
        if self.answer is Phase.TAKE:
            return course.next_is_take(game.current_player)
        return course.next_is_nothing()

    def verdict(self) -> tuple[bool, str]:
        if self.choice.value is None:
            return False, course.choose_a_button()
        return self.choice.value == course.phase_choice(self.answer), link_rule_ids(self._reason())

    def answer_html(self) -> str:
        return course.verdict_and_reason(course.phase_choice(self.answer), link_rule_ids(self._reason()))


__all__ = [
    "CountPoints",
    "Exercise",
    "IsLegal",
    "NextDecision",
    "PickCards",
    "PickSpots",
    "plain_reason",
]
