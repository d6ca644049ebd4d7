"""The plugin's options, under ``plugins: - quizpages:`` in mkdocs.yml, declared once.

MkDocs validates them through `quizpages.mkdocs.config`, which is built from
`OPTIONS`; the CLI validates the same block through `check_options`, without
importing MkDocs. Both give the same messages, naming the option.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from ..check.html_policy import NEVER_ALLOWED, tag_name
from ..export import FORMATS
from ..model.fields import LANGUAGE_PATTERN

BOOL, TEXT, TEXT_LIST, OPTIONAL_TEXT = "bool", "text", "text list", "optional text"


@dataclass(frozen=True)
class Option:
    name: str
    type: str  # BOOL, TEXT, TEXT_LIST or OPTIONAL_TEXT
    default: Any
    doc: str


OPTIONS: tuple[Option, ...] = (
    Option("enabled", BOOL, True, "Set to false to build the site without quiz pages."),
    Option("languages", TEXT_LIST, ("en",),
           "The site's languages; the first is the source language, at the site root."),
    Option("quizzes_dir", TEXT, "quizzes", "Folder under docs_dir holding the quiz files (**/*.yml)."),
    Option("allowed_html", TEXT_LIST, (),
           "Extra HTML tags quiz text may use, such as kbd or sub. Scripts are never allowed."),
    Option("strings_dir", OPTIONAL_TEXT, None,
           "A folder of <lang>.yml files whose interface strings override the built-in ones, relative to "
           "mkdocs.yml."),
    Option("cache", BOOL, True, "Keep loaded quizzes and rendered pages in cache_dir, so the next build skips "
                                "unchanged ones."),
    Option("cache_dir", TEXT, ".cache/quizpages",
           "Where the cache lives, relative to mkdocs.yml. Safe to delete at any time."),
    Option("exports", TEXT_LIST, (),
           f"LMS export formats to publish with the site ({', '.join(FORMATS)}): each quiz page then offers its "
           "files under \"Download for your LMS\"."),
)
BY_NAME = {option.name: option for option in OPTIONS}


class OptionError(ValueError):
    """One option's value is wrong; the message says what, and how to fix it."""


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "an empty value" if value is None else "a value"


_EXAMPLES = {"languages": "[en, ko]", "exports": "[gift, qti3]"}


def check_value(option: Option, value: Any) -> Any:
    """`value` as the option's type, or OptionError with a message saying what to write."""
    if option.type == BOOL:
        if not isinstance(value, bool):
            raise OptionError(f"expected true or false, not {_describe(value)} (Write `{option.name}: true` "
                              f"or `{option.name}: false`)")
        return value
    if option.type == TEXT or (option.type == OPTIONAL_TEXT and value is not None):
        if isinstance(value, os.PathLike):  # `!relative $config_dir/strings`, read by MkDocs or by the CLI
            value = os.fspath(value)
        if not isinstance(value, str) or not value.strip():
            raise OptionError(f"expected a folder name, not {_describe(value)} "
                              f"(Write `{option.name}: {option.default or 'strings'}`)")
        return value
    if option.type == TEXT_LIST:
        example = _EXAMPLES.get(option.name, "[kbd, sub]")
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"expected a list such as {example}, not {_describe(value)} "
                              f"(Write `{option.name}: {example}`)")
        for item in value:
            if not isinstance(item, str):
                raise OptionError(f"expected a list of names such as {example}, but an entry is "
                                  f"{_describe(item)} (Write `{option.name}: {example}`)")
        return tuple(value)
    return value


def unknown_option(name: str) -> str:
    """What to say of an option no quizpages version has: the options are few, so a typo is likely."""
    import difflib

    close = difflib.get_close_matches(name, BY_NAME, n=1, cutoff=0.6)
    hint = f"Did you mean '{close[0]}'? " if close else ""
    return f"unknown option ({hint}Known options: {', '.join(BY_NAME)})"


def check_options(values: dict[str, Any]) -> list[tuple[str, str]]:
    """Checks across one option's entries, once each option has its type: (option name, message)."""
    problems: list[tuple[str, str]] = []
    languages = values.get("languages", BY_NAME["languages"].default)
    if not languages:
        problems.append(("languages", "list at least one language, the source language first "
                                      "(Write `languages: [en, ko]`)"))
    seen: set[str] = set()
    for index, language in enumerate(languages):
        if not re.match(LANGUAGE_PATTERN, language):
            problems.append((f"languages[{index}]", f"'{language}' is not a language code "
                                                    "(Use lower-case codes such as en or ko)"))
        elif language in seen:
            problems.append((f"languages[{index}]", f"'{language}' is listed twice (List each language once)"))
        seen.add(language)
    for index, tag in enumerate(values.get("allowed_html", ())):
        if tag_name(tag) in NEVER_ALLOWED:  # the policy would still refuse it: say so now
            problems.append((f"allowed_html[{index}]", f"'{tag}' can run code, load content or restyle the page, "
                                                       "so no site may allow it (Remove it from the list)"))
    for index, name in enumerate(values.get("exports", ())):
        if name not in FORMATS:
            problems.append((f"exports[{index}]", f"'{name}' is not an export format "
                                                  f"(Use some of {', '.join(FORMATS)}: `exports: [gift, qti3]`)"))
    return problems
