"""The coach (hints, evaluations and reviews): the public names of
:mod:`exhibition_lab.games.exhibition.coach`, where the code lives.

Kept at the top so ``from exhibition_lab import coach`` goes on working; it only re-exports.
"""

from .games.exhibition.coach import (
    THRESHOLDS,
    Decision,
    Evaluation,
    Hint,
    HintBot,
    Option,
    Review,
    changes_now,
    describe_plan,
    evaluate,
    evaluate_view,
    hint,
    label_for,
    open_spots,
    review,
    risks_later,
)

__all__ = [
    "THRESHOLDS",
    "Decision",
    "Evaluation",
    "Hint",
    "HintBot",
    "Option",
    "Review",
    "changes_now",
    "describe_plan",
    "evaluate",
    "evaluate_view",
    "hint",
    "label_for",
    "open_spots",
    "review",
    "risks_later",
]
