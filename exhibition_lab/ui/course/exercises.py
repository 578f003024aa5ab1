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

from ...games.exhibition.game import VEHICLES, Game, Phase
from ...games.exhibition.rules.actions import Take
from ...games.exhibition.rules.cards import CONTINENTS, Card
from ...games.exhibition.rules.hall import Hall
from ...games.exhibition.rules.layout import ShowcaseKind
from ...games.exhibition.rules.scoring import GOAL_LABELS, ScoreLine, score_halls
from ..render.board import TILE_COLUMN_WIDTH, hall_html, tile_column_background, tile_column_head_html
from ..widgets.cards import CSS, MARKET_CARD, SUBJECT_LIMIT, card_button, paint_card, paint_empty, set_class
from .pictures import RULE_SENTENCES, link_rule_ids, plain_reason, tile_picture

Spot = tuple[int, int]

EXERCISE_CSS = """
<style>
.exlab-exercise{border-left:4px solid #6d5f3a;padding:6px 10px;margin:6px 0;background:#fffdf6}
.exlab-exercise .exlab-picked{outline:3px solid #1565c0;outline-offset:1px}
.exlab-exercise .exlab-picked.exlab-empty-spot{background:#e3f2fd !important}
.exlab-feedback-right{color:#1b5e20}
.exlab-feedback-wrong{color:#b71c1c}
.exlab-feedback-answer{color:#333}
</style>
"""


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
    return [RULE_SENTENCES[rule] for rule, applies in flags if applies]


class Exercise(w.VBox):
    """A question, the reader's input, **Check**, **Show answer** and a feedback line.

    Subclasses build ``body`` and implement :meth:`verdict` (``(right, why)``) and
    :meth:`answer_html`.
    """

    def __init__(self, question: str, body: Iterable[w.Widget]) -> None:
        self.question = w.HTML(f"<b>Exercise.</b> {question}")
        self.check_button = w.Button(description="Check", button_style="primary")
        self.answer_button = w.Button(description="Show answer")
        self.feedback = w.HTML()
        self.check_button.add_class("exlab-check")
        self.answer_button.add_class("exlab-show-answer")
        self.feedback.add_class("exlab-feedback")
        self.check_button.on_click(lambda _: self.check())
        self.answer_button.on_click(lambda _: self.show_answer())
        buttons = w.HBox([self.check_button, self.answer_button])
        super().__init__([w.HTML(CSS + EXERCISE_CSS), self.question, *body, buttons, self.feedback])
        self.add_class("exlab-app")
        self.add_class("exlab-exercise")

    def static_html(self) -> str:
        """The exercise without widgets, for static renderings (nbconvert, GitHub): the
        question, what it asks about, and the answer folded away under "Show answer"."""
        return (
            f'<div class="exlab-exercise" style="border-left:4px solid #6d5f3a;padding:6px 10px">'
            f"<div>{self.question.value}</div>{self.static_body()}"
            f"<details><summary>Show answer</summary>{self.answer_html()}</details>"
            "<div><i>Run the notebook to answer it yourself and get feedback.</i></div></div>"
        )

    def static_body(self) -> str:
        return ""

    def _repr_mimebundle_(self, **kwargs) -> dict:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.static_html()  # shown where widgets cannot run
        return bundle

    def __repr__(self) -> str:
        # what a static rendering (no widgets) shows instead of the exercise
        question = html.unescape(re.sub(r"<[^>]+>", "", self.question.value)).removeprefix("Exercise. ")
        return f"Exercise (run the notebook to answer it): {question}"

    def verdict(self) -> tuple[bool, str]:
        raise NotImplementedError

    def answer_html(self) -> str:
        raise NotImplementedError

    def check(self) -> bool:
        """Judge the reader's answer and say why; returns whether it is right."""
        right, why = self.verdict()
        head = "Right!" if right else "Not quite."
        kind = "right" if right else "wrong"
        self.feedback.value = f'<div class="exlab-feedback-{kind}"><b>{head}</b> {why}</div>'
        return right

    def show_answer(self) -> None:
        self.feedback.value = f'<div class="exlab-feedback-answer"><b>Answer:</b> {self.answer_html()}</div>'


def _spot_list(hall: Hall, spots: Iterable[Spot]) -> str:
    names = [hall.layout.spot_name(*spot) for spot in spots]
    return "; ".join(names) if names else "no spot at all"


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
            box = w.VBox([w.HTML(f"<b>{escape(kind.name)}</b>"), w.HBox(buttons)])
            box.add_class("exlab-showcase-box")
            boxes.append(box)
        board = w.HBox(boxes, layout=w.Layout(flex_flow="row wrap"))
        subject = f" ({escape(self.card.title)})" if self.card.title else ""
        question = question or (
            f"Which empty spots can <b>{self.card}</b>{subject} go to? "
            "Click them (a second click takes a spot back), then <b>Check</b>."
        )
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
        return plain_reason(problem) if problem else "it fits there"

    def verdict(self) -> tuple[bool, str]:
        wrong = sorted(self.picked - self.answer)
        missed = sorted(self.answer - self.picked)
        if not wrong and not missed:
            return True, f"{self.card} fits exactly at: {_spot_list(self.hall, self.answer)}."
        parts = [f"<br>✗ {self.hall.layout.spot_name(*spot)}: {link_rule_ids(self._why_not(spot))}" for spot in wrong]
        if missed:
            parts.append(f"<br>You missed {len(missed)} spot(s) where the card fits.")
        return False, "".join(parts)

    def answer_html(self) -> str:
        return f"{self.card} fits at: {_spot_list(self.hall, sorted(self.answer))}."


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
        self.problem = hall.placement_problem(self.card, *spot, tuple(others), players=players)
        self.choice = w.ToggleButtons(options=["legal", "not legal"], value=None)
        self._picture = hall_html(hall, numbered=True, marks={spot: "ask"})
        where = hall.layout.spot_name(*spot)
        question = question or f"May <b>{self.card}</b> go to <b>{where}</b> (outlined in blue)?"
        super().__init__(question, [w.HTML(self._picture), self.choice])

    def static_body(self) -> str:
        return self._picture + "<div>Choices: legal · not legal</div>"

    @property
    def is_legal(self) -> bool:
        return self.problem is None

    def _reason(self) -> str:
        if self.problem is not None:
            return link_rule_ids(plain_reason(self.problem))
        kind = self.hall.layout[self.spot[0]]
        rules = " ".join(showcase_sentences(kind))
        return f"It fits. The rules of {kind.name}: {escape(rules)} All of them hold with {self.card} there."

    def verdict(self) -> tuple[bool, str]:
        if self.choice.value is None:
            return False, "Choose <i>legal</i> or <i>not legal</i> first."
        return (self.choice.value == "legal") == self.is_legal, self._reason()

    def answer_html(self) -> str:
        return f"{'legal' if self.is_legal else 'not legal'}. {self._reason()}"


class CountPoints(Exercise):
    """ "What does this hall score?" — one goal or the total, from ``score_halls``."""

    def __init__(
        self,
        halls: Mapping[str, Hall],
        name: str,
        *,
        goal: str | None = None,
        question: str | None = None,
        score: Callable[[Mapping[str, Hall]], object] = score_halls,
    ) -> None:
        sheet = score(halls)
        self.player = sheet[name]
        self.goal = goal
        self.lines: tuple[ScoreLine, ...] = (self.player.line(goal),) if goal else self.player.lines
        self.answer = round(self.player.points[goal]) if goal else self.player.total
        self.entry = w.Text(placeholder="a whole number", layout=w.Layout(width="140px"))
        self._picture = f"<div><b>{escape(name)}'s hall</b></div>{hall_html(halls[name], numbered=True)}"
        what = f"the {GOAL_LABELS.get(goal, goal)} goal" if goal else "this hall in total"
        question = question or f"How many fame points does {escape(name)} score for {what}?"
        super().__init__(question, [w.HTML(self._picture), self.entry])

    def static_body(self) -> str:
        return self._picture

    def _explanation(self) -> str:
        return "<br>".join(link_rule_ids(str(line)) for line in self.lines)

    def verdict(self) -> tuple[bool, str]:
        text = self.entry.value.strip().replace("−", "-")
        try:
            given = int(text)
        except ValueError:
            return False, f"Write a whole number (negative with a minus sign), not {escape(text)!r}."
        if given == self.answer:
            return True, f"Goal by goal:<br>{self._explanation()}"
        direction = "high" if given > self.answer else "low"
        goals = ", ".join(line.label for line in self.lines)
        return False, f"{given} is too {direction}. Count each goal again: {escape(goals)}."

    def answer_html(self) -> str:
        return f"{self.answer} fame points.<br>{self._explanation()}"


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
            column = w.VBox([head, *(buttons or [w.HTML("<i>no cards</i>")])], layout=w.Layout(align_items="center"))
            column.add_class("exlab-column")
            column.layout.width = f"{TILE_COLUMN_WIDTH + 4}px"
            column.layout.background_color = tile_column_background(continent)
            columns.append(column)
        player = game.current_player
        vehicle = VEHICLES[game.current]
        question = question or (
            f"It is {escape(player)}'s turn; the {vehicle} stands on {game.vehicles[game.current].title}. "
            "Which cards may they take? Click them, then <b>Check</b>."
        )
        super().__init__(question, [w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))])

    def static_body(self) -> str:
        return tile_picture(self.game, caption="The Continents tile")._repr_html_()

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
            return f"The vehicle stands on {here.title}, which has cards, so only its cards may be taken (rule R7)."
        return f"{here.title} has no cards left, so any card on the tile may be taken (rule R7)."

    def verdict(self) -> tuple[bool, str]:
        if self.picked == self.answer:
            return True, link_rule_ids(self._rule())
        wrong = sorted(self.picked - self.answer, key=lambda c: c.sort_key)
        missed = sorted(self.answer - self.picked, key=lambda c: c.sort_key)
        parts = [link_rule_ids(self._rule())]
        if wrong:
            parts.append(f"Not takeable: {', '.join(map(str, wrong))}.")
        if missed:
            parts.append(f"You missed {len(missed)} card(s).")
        return False, " ".join(parts)

    def answer_html(self) -> str:
        cards = sorted(self.answer, key=lambda c: c.sort_key)
        return f"{', '.join(map(str, cards))}. {link_rule_ids(self._rule())}"


#: The decisions of a turn in order, as the exercises name them (Refill needs no decision).
PHASE_WORDS = {
    Phase.TAKE: "Take a card",
    Phase.MOVE: "Move the vehicle",
    Phase.PLACE: "Place the card",
    Phase.OVER: "Nothing: the game is over",
}


class NextDecision(Exercise):
    """ "What does the player decide next?" — the answer is ``game.phase``."""

    def __init__(self, game: Game, *, question: str | None = None) -> None:
        self.game = game.copy()  # the notebook plays on; the question stays
        self.answer = game.phase
        self.choice = w.ToggleButtons(options=list(PHASE_WORDS.values()), value=None)
        question = question or "What is the next decision in this game?"
        super().__init__(question, [self.choice])

    def static_body(self) -> str:
        return "<div>Choices: " + " · ".join(PHASE_WORDS.values()) + "</div>"

    def _reason(self) -> str:
        game = self.game
        if self.answer is Phase.MOVE:
            return (
                f"{game.current_player} took the white card {game.hand}, which belongs to no continent, so they "
                "choose where their vehicle goes (rule R8); the refill follows the move."
            )
        if self.answer is Phase.PLACE:
            return (
                f"{game.current_player} holds {game.hand}; the vehicle has moved and the emptied continent was "
                "refilled (rules R8, R9), so the card must now be placed (rule R10)."
            )
        if self.answer is Phase.TAKE:
            return f"A new turn begins: {game.current_player} takes a card first (rule R7)."
        return "Every exhibition is final, so nobody plays (rule R10c)."

    def verdict(self) -> tuple[bool, str]:
        if self.choice.value is None:
            return False, "Choose one of the buttons first."
        return self.choice.value == PHASE_WORDS[self.answer], link_rule_ids(self._reason())

    def answer_html(self) -> str:
        return f"{PHASE_WORDS[self.answer]}. {link_rule_ids(self._reason())}"


__all__ = [
    "CountPoints",
    "Exercise",
    "IsLegal",
    "NextDecision",
    "PickCards",
    "PickSpots",
    "plain_reason",
]
