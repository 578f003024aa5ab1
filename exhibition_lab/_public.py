"""The public modules of exhibition_lab: the names users import, listed once.

Everything a lesson, a guide or a user's own code imports comes from one of these modules;
``core/``, ``games/`` and ``ui/`` are the package's layers and may move. The API listing
(``docs/api-listing.txt``, ``scripts/api_listing.py``), its test and the reference pages of
the documentation site read this tuple.
"""

from __future__ import annotations

#: The public modules, the package first.
PUBLIC_MODULES: tuple[str, ...] = (
    "exhibition_lab",
    "exhibition_lab.agents",
    "exhibition_lab.timeline",
    "exhibition_lab.coach",
    "exhibition_lab.odds",
    "exhibition_lab.simulate",
    "exhibition_lab.widgets",
    "exhibition_lab.plots",
    "exhibition_lab.pictures",
    "exhibition_lab.openspiel",
    "exhibition_lab.envs",
)

#: Internal folders: importing them from a notebook, the README or a guide ties the reader's
#: code to where a file sits today.
INTERNAL_PACKAGES: tuple[str, ...] = ("exhibition_lab.core", "exhibition_lab.games", "exhibition_lab.ui")

__all__ = ["INTERNAL_PACKAGES", "PUBLIC_MODULES"]
