"""A site's own strings (`strings_dir`): each key must be one of quizpages' strings, and each text may fill in
only the values that string is given (`{title}` in `next_quiz`), or rendering it would fail.

An entry that breaks a rule is left out, so the page shows the built-in text instead: a mistake in a strings
file never stops a build or a page.
"""

from __future__ import annotations

import difflib
from string import Formatter

from ..model import Problem, Source, error, warning


def placeholders(text: str) -> set[str] | None:
    """The names a text fills in (`{title}` -> {"title"}), or None when its braces are not well formed."""
    try:
        return {name.split(".")[0].split("[")[0] for _literal, name, _spec, _conv in Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def check_strings(table: dict[str, str], where: dict[str, Source], reference: dict[str, str],
                  path: str) -> tuple[dict[str, str], list[Problem]]:
    """The entries of `table` that may be used, and a problem for each other one. `reference`: the built-in
    English strings, which name every key and the values each is given."""
    good: dict[str, str] = {}
    problems: list[Problem] = []
    for key, text in table.items():
        source = where.get(key, Source(path))
        if key not in reference:
            close = difflib.get_close_matches(key, list(reference), n=1, cutoff=0.6)
            problems.append(warning(source, f"'{key}' is not one of quizpages' strings, so it changes nothing",
                                    f"Did you mean '{close[0]}'?" if close else
                                    "The built-in plugins/quizpages/strings/en.yml lists every key"))
            continue
        used = placeholders(text)
        given = placeholders(reference[key]) or set()
        if used is None:
            problems.append(error(source, f"the string '{key}' has a '{{' or '}}' that opens or closes nothing",
                                  "Write {{ or }} for a brace shown as it is; until then the built-in text is shown"))
            continue
        unknown = sorted(used - given)
        if unknown:
            names = ", ".join(f"{{{name}}}" for name in unknown)
            offer = ("it is given " + ", ".join(f"{{{name}}}" for name in sorted(given))) if given else \
                "it is given no values"
            problems.append(error(source, f"the string '{key}' uses {names}, which it is not given: {offer}",
                                  "Use only those names; until then the built-in text is shown"))
            continue
        good[key] = text
    return good, problems
