"""The site's Markdown extensions as mkdocs.yml lists them, read without MkDocs, for exports in HTML.

mkdocs.yml may configure an extension with Python objects (`!!python/name:` a function,
`!!python/object/apply:` the result of a call, as `toc: slugify:` often is). They are read as
`PythonTag` placeholders and made only when an export needs the Markdown (`resolve`), so no
other command imports or runs anything named there.
"""

from __future__ import annotations

import importlib
from typing import Any

from .config_source import PythonTag

BUILT_IN = ("toc", "tables", "fenced_code")  # what MkDocs always adds before the site's own


def read_extensions(value: Any) -> tuple[tuple, dict]:
    """(extension names, their settings by name) from the merged value of `markdown_extensions`, as MkDocs
    reads it: a list of names or one-key mappings `name: settings`, after MkDocs' built-in ones."""
    names, configs = list(BUILT_IN), {}
    entries = value.items() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for entry in entries:
        if isinstance(entry, tuple):
            name, config = entry
        elif isinstance(entry, dict) and len(entry) == 1:
            name, config = next(iter(entry.items()))
        else:
            name, config = entry, None
        if not isinstance(name, str):
            continue
        if name not in names:
            names.append(name)
        if isinstance(config, dict):
            configs[name] = config
    return tuple(names), configs


def resolve(value: Any) -> Any:
    """`value` with every PythonTag made into its object, as MkDocs' YAML loader makes it; ImportError or
    another exception when one cannot be made."""
    if isinstance(value, PythonTag):
        module, _, attribute = value.target.rpartition(".")
        found = getattr(importlib.import_module(module), attribute)
        if value.tag == "name":
            return found
        args = value.value if isinstance(value.value, list) else []
        kwds = {}
        if isinstance(value.value, dict):
            args = resolve(value.value.get("args", []))
            kwds = resolve(value.value.get("kwds", {}))
        return found(*args, **kwds)
    if isinstance(value, dict):
        return {key: resolve(item) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve(item) for item in value]
    return value
