"""Numbers as quizpages shows and writes them: in full, as the author wrote them."""

from __future__ import annotations


def number(value: float) -> str:
    """`value` in the shortest form that reads back the same: 32, 2.5, 1048576, 3.14159265, 5e-10, and 0.1 for a
    sum that came out as 0.10000000000000009 (never rounded to six digits, as `:g` shows 1048576 as 1.04858e+06)."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return format(value, ".15g")
