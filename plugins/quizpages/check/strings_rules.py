"""A site's own strings (`strings_dir`): each text may fill in only the values its string is given (`{title}` in
`next_quiz`), or rendering it would fail, and a key that looks like a misspelt one of quizpages' is a warning.

An entry whose text breaks a rule is left out, so the page shows the built-in text instead: a mistake in a
strings file never stops a build or a page. Other keys are kept: a site's own templates and kinds may use them.
"""

from __future__ import annotations

import difflib
import re
from string import Formatter

from ..model import Problem, Source, error, warning
from .html_policy import find_violations, line_in_block

_NAME = re.compile(r"\w+")  # what a string may fill in: {title}, {count}


def placeholders(text: str) -> set[str] | None:
    """The names a text fills in (`{title}` -> {"title"}), or None when its braces are not well formed."""
    try:
        return {name.split(".")[0].split("[")[0] for _literal, name, _spec, _conv in Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def _fields(text: str) -> list[str]:
    """What each `{...}` of a well-formed text holds, as written: `title` for {title}, `: onclick="x" ` for
    an attribute list."""
    return [name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            for _literal, name, spec, conversion in Formatter().parse(text) if name is not None]


def check_strings(table: dict[str, str], where: dict[str, Source], reference: dict[str, str],
                  path: str) -> tuple[dict[str, str], list[Problem]]:
    """The entries of `table` that may be used, and an error for each other one. `reference`: the built-in
    English strings, which name the values each of quizpages' strings is given."""
    good: dict[str, str] = {}
    problems: list[Problem] = []
    for key, text in table.items():
        source = where.get(key, Source(path))
        # Strings files come in pull requests as quiz files do, and their texts reach every page: the quiz
        # text's policy holds for them, with no tag a site allows beyond the defaults (no string needs one).
        unsafe = find_violations(text)
        if unsafe:
            for line, column, message, hint in unsafe:
                problems.append(error(line_in_block(source, line, column, text), f"the string '{key}': {message}",
                                      f"{hint}; until then the built-in text is shown"))
            continue
        used = placeholders(text)
        if used is None:
            problems.append(error(source, f"the string '{key}' has a '{{' or '}}' that opens or closes nothing",
                                  "Write {{ or }} for a brace shown as it is; until then the built-in text is shown"))
            continue
        odd = [field for field in _fields(text) if not _NAME.fullmatch(field)]
        if odd:  # `{: onclick="..." }`: an attribute list for Markdown, whatever the key
            problems.append(error(source, f"the string '{key}' has {{{odd[0]}}}, which is no value's name",
                                  "Fill in only names such as {title}, and write {{ or }} for a brace shown as it "
                                  "is; until then the built-in text is shown"))
            continue
        unknown = sorted(used - (placeholders(reference[key]) or set())) if key in reference else []
        if unknown:
            given = placeholders(reference[key]) or set()
            names = ", ".join(f"{{{name}}}" for name in unknown)
            offer = ("it is given " + ", ".join(f"{{{name}}}" for name in sorted(given))) if given else \
                "it is given no values"
            problems.append(error(source, f"the string '{key}' uses {names}, which it is not given: {offer}",
                                  "Use only those names; until then the built-in text is shown"))
            continue
        good[key] = text
    return good, problems


NAMED_KEYS = ("language.", "topic.")
"""Keys quizpages reads by the name after the dot: `language.ja` (a language's name), `topic.ai-ml` (the
quiz index heading of a folder). Any name is fine there; none is a misspelling of another."""


def misspelt_keys(table: dict[str, str], where: dict[str, Source], known: set[str], path: str) -> list[Problem]:
    """A warning for each key that is not a known one (quizpages' or a registered kind's) but is close to one:
    most likely a misspelling, which changes nothing on the page."""
    problems = []
    for key in table:
        if key in known or key.startswith(NAMED_KEYS):
            continue
        close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.8)
        if close:
            problems.append(warning(where.get(key, Source(path)),
                                    f"'{key}' is not one of quizpages' strings, so it changes nothing",
                                    f"Did you mean '{close[0]}'?"))
    return problems
