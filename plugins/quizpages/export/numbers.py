"""The grades Moodle accepts, written as the formats write numbers (`model/numbers.py`)."""

from __future__ import annotations

from ..kinds.assessment import MultipleResponse
from ..model.numbers import number


MOODLE_FRACTIONS = frozenset((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20))
"""The n for which Moodle's list of grades holds 1/n (100 %, 50 %, 33.33333 %, ... 10 %, 5 %); a grade not
in the list stops an import unless the teacher picks "Nearest grade if not listed"."""


def moodle_percent(share: float) -> str:
    """A share of a point as the percentage Moodle writes (33.33333, -50)."""
    return number(round(share * 100, 5))


def share_note(interaction: MultipleResponse) -> str | None:
    """Why Moodle would refuse the grades of a multiple response, or None when it takes them."""
    odd = sorted({n for n in (interaction.right, interaction.wrong) if n and n not in MOODLE_FRACTIONS})
    if not odd:
        return None
    return (f"Moodle's grades have no share of 1/{odd[0]}, so an import stops on this question unless "
            "'Nearest grade if not listed' is chosen")
