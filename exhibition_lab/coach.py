"""The coach (hints, evaluations, reviews and, after a solo game, the best possible score): the public names of
:mod:`exhibition_lab.games.exhibition.coach_model`, where the code lives, and
:func:`describe_plan` (a turn in words) of :mod:`exhibition_lab.ui.text.coach_words`.

Kept at the top so ``from exhibition_lab import coach`` goes on working; it only re-exports.
"""

from .games.exhibition.coach_model import (
    THRESHOLDS,
    BestPossible,
    Decision,
    Evaluation,
    GoalChange,
    Hint,
    HintBot,
    Option,
    PenaltyWhatIf,
    Review,
    Risk,
    best_possible,
    changes_now,
    deciding_goals,
    decision_seed,
    evaluate,
    evaluate_view,
    forget_evaluations,
    gap,
    hint,
    label_for,
    open_spots,
    review,
    risks_later,
    within_noise,
)
from .ui.text.coach_words import describe_plan

__all__ = [
    "THRESHOLDS",
    "BestPossible",
    "Decision",
    "Evaluation",
    "GoalChange",
    "Hint",
    "HintBot",
    "Option",
    "PenaltyWhatIf",
    "Review",
    "Risk",
    "best_possible",
    "changes_now",
    "deciding_goals",
    "decision_seed",
    "describe_plan",
    "evaluate",
    "evaluate_view",
    "forget_evaluations",
    "gap",
    "hint",
    "label_for",
    "open_spots",
    "review",
    "risks_later",
    "within_noise",
]
