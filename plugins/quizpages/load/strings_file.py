"""One interface strings file (`strings/<lang>.yml`) -> its strings, where each was written, and problems.

A strings file is a mapping of keys to text. Read like a quiz file (safe,
located), so a site's own strings file that is broken is a message at its line
and column, never a traceback; the entries that could be read are kept.
"""

from __future__ import annotations

from ..model import Problem, Source, error
from .yamlsource import YMap, YScalar, describe, read_capped, read_yaml


def read_strings(path: str) -> tuple[dict[str, str], dict[str, Source], list[Problem]]:
    """The file's strings, the place of each value, and every problem (a string that is not text is left out)."""
    try:
        data = read_capped(path)
    except OSError as exc:
        return {}, {}, [error(Source(path), f"cannot read the strings file: {exc.strerror}",
                              "Make sure the file exists and is readable")]
    if not any(line.strip() and not line.lstrip().startswith(b"#") for line in data.splitlines()):
        return {}, {}, []  # an empty file changes no string
    tree, problems = read_yaml(path, data)
    if tree is None:
        return {}, {}, problems
    if not isinstance(tree, YMap):
        return {}, {}, problems + [error(tree.source, f"a strings file is a mapping of keys to text, not {describe(tree)}",
                                         "Write one `key: text` line per string, e.g. `show_answer: Reveal Answer`")]
    table: dict[str, str] = {}
    where: dict[str, Source] = {}
    for key, (key_node, value) in tree.items.items():
        if isinstance(value, YScalar) and not value.is_null:
            table[key] = value.value
            where[key] = value.source
        else:
            problems.append(error(value.source if not isinstance(value, YScalar) else key_node.source,
                                  f"the string '{key}' must be text, not {describe(value)}",
                                  "Write the text after the key, in quotes if it starts with '[', '{' or holds ': '; "
                                  "until then the built-in text is shown"))
    return table, where, problems
