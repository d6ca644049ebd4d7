"""Numbers as quizpages shows and writes them: in full, as the author wrote them."""

from __future__ import annotations

from decimal import Decimal


def number(value: float) -> str:
    """`value` in the shortest form that reads back the same, written out in positional notation: 32, 2.5,
    1048576, 3.14159265, 0.00003, and 0.1 for a sum that came out as 0.10000000000000009. Never rounded to six
    digits (`:g` shows 1048576 as 1.04858e+06), never in exponent form (`3e-05` is no way to show a learning
    rate, and GIFT readers such as gift-pegjs refuse it)."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return format(Decimal(format(value, ".15g")), "f")


def decimal(value: float) -> Decimal:
    """`value` as shown (`number`), as an exact decimal: sums and differences of numbers as written, without a
    float's error (9.81 - 0.01 is 9.8, not 9.800000000000001; 9.82 - 9.81 is 0.01, not 0.00999999999999979)."""
    return Decimal(number(value))
