"""The course's pictures and the words under them: halls and boards drawn in a notebook, a
turn step by step, the tile, a card tried in a hall (with the rule that refuses it), score
sheets side by side, and the names lessons print (spots, goals, readings, numbers).

The lessons import this module as ``course``::

    from exhibition_lab import pictures as course
    course.tile_picture(game, caption="The tile at the start")

- :class:`HallPicture` and :class:`Boards` draw halls; :func:`compare_scores` puts score
  sheets side by side;
- :class:`TurnSteps`, :func:`tile_picture`, :func:`try_card` and :func:`try_cards` are the
  rules course's pictures; :func:`game_with_card_at` and :func:`game_without_stock` set up
  the positions it shows;
- :func:`link_rule_ids`, :func:`plain_reason` and :func:`reason_at` put a refusal in words
  with its rule id linked into the rules reference (:func:`rules_url`);
- :func:`card_title`, :func:`spot_name`, :func:`goal_name`, :func:`goal_label`, :func:`reading_name`,
  :func:`phase_choice`, :func:`rule_name` and :func:`number` speak the reader's language
  (:func:`exhibition_lab.set_language`).

The exercises (``CountPoints``, ``IsLegal`` …) are widgets: :mod:`exhibition_lab.widgets`.
"""

from __future__ import annotations

from .ui.course.pictures import (
    Picture,
    TurnSteps,
    game_with_card_at,
    game_without_stock,
    link_rule_ids,
    plain_reason,
    reason_at,
    rules_url,
    tile_picture,
    try_card,
    try_cards,
)
from .ui.render.pictures import Boards, HallPicture
from .ui.render.sheets import compare_scores
from .ui.text.course import phase_choice
from .ui.text.names import card_title, reading_name, spot_name
from .ui.text.numbers import number
from .ui.text.rules import rule_name
from .ui.text.score import goal_label
from .ui.text.whatif import goal_name

__all__ = [
    "Boards",
    "HallPicture",
    "Picture",
    "TurnSteps",
    "card_title",
    "compare_scores",
    "game_with_card_at",
    "game_without_stock",
    "goal_label",
    "goal_name",
    "link_rule_ids",
    "number",
    "phase_choice",
    "plain_reason",
    "reading_name",
    "reason_at",
    "rule_name",
    "rules_url",
    "spot_name",
    "tile_picture",
    "try_card",
    "try_cards",
]
