"""Rules by id in words: what a rule tag says on hover, and each rule a refusal cites by its
name and sentence (the records of :mod:`~exhibition_lab.games.exhibition.rules.goals`)."""

from __future__ import annotations

from ...games.exhibition.rules.goals import rule
from ...games.exhibition.rules.layout import rule_numbers
from .i18n import _, translate


def rule_hover(rule_id: str) -> str:
    """What a rule tag says on hover: ``"rule R10a of the rules reference"``."""
    return _("rule {rule} of the rules reference").format(rule=rule_id)


def rule_name(rule_id: str) -> str:
    """A rule's short name (``ascending years``), or ``""`` for an id without a record."""
    record = rule(rule_id)
    return translate(record.name) if record is not None else ""


def rule_sentence(rule_id: str) -> str:
    """A rule in one plain sentence, or ``""`` for an id without a record; the numbers it
    quotes come from the records that hold them (One Era's step, Links' years …)."""
    record = rule(rule_id)
    return translate(record.sentence).format(**rule_numbers(rule_id)) if record is not None else ""
