"""The site's Markdown extensions as mkdocs.yml lists them, read without MkDocs, for exports in HTML.

mkdocs.yml may configure an extension with Python objects (`!!python/name:` a function,
`!!python/object/apply:` the result of a call, as `toc: slugify:` often is). They are read as
`PythonTag` placeholders and made only when an export needs the Markdown (`resolve`), so no
other command imports or runs anything named there.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

BUILT_IN = ("toc", "tables", "fenced_code")  # what MkDocs always adds before the site's own


@dataclass(frozen=True)
class PythonTag:
    tag: str  # "name" or "object/apply"
    target: str  # "pymdownx.slugs.slugify"
    value: Any  # what the tag holds: for object/apply, its args and kwds


def _python(loader: yaml.SafeLoader, suffix: str, node: yaml.Node):
    tag, _, target = suffix.partition(":")
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return PythonTag(tag, target, value)


@cache
def _loader() -> type:
    """mkdocs.yml's loader (`!ENV` and MkDocs' other tags as the CLI reads them), with Python tags kept as
    placeholders."""
    from .mkdocs_yml import _TolerantLoader  # it reads this module's `read_extensions`

    loader = type("MarkdownExtensionsLoader", (_TolerantLoader,), {})
    loader.add_multi_constructor("tag:yaml.org,2002:python/", _python)
    return loader


def read_extensions(node: yaml.Node | None) -> tuple[tuple, dict]:
    """(extension names, their settings by name) from the node of `markdown_extensions`, as MkDocs reads it:
    a list of names or one-key mappings `name: settings`, after MkDocs' built-in ones."""
    value: Any = None
    if node is not None:
        loader = _loader()("")
        try:
            value = loader.construct_document(node)
        finally:
            loader.dispose()
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
