"""The site's Markdown extensions as MkDocs would load them from mkdocs.yml, for the check of rendered quiz text.

MkDocs always loads its built-ins (`toc`, `tables`, `fenced_code`) before the site's
`markdown_extensions`, and builds extension options written with Python tags, such as the
site's ``slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}``. The
CLI reads mkdocs.yml without MkDocs, so it does the same here: quiz text is checked as the
build renders it. mkdocs.yml is the site's own configuration, trusted as MkDocs trusts it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import yaml

from ..check.rendered_html import Extensions

MKDOCS_BUILTINS = ("toc", "tables", "fenced_code")
"""The extensions MkDocs loads whatever mkdocs.yml says (mkdocs.config.defaults)."""


@dataclass(frozen=True)
class PythonTag:
    """A Python object written in mkdocs.yml (`!!python/name:...`, `!!python/object/apply:...`), built only
    where it is used: in a Markdown extension's options."""

    tag: str  # what follows tag:yaml.org,2002:python/, such as "object/apply:pymdownx.slugs.slugify"
    value: Any  # the tagged node's value, read as plain data


_OBJECT_TAGS = ("name:", "module:", "object:", "object/apply:", "object/new:")


def python_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    """The YAML constructor of ``tag:yaml.org,2002:python/...`` for mkdocs.yml: a PythonTag for an object,
    the plain value for a plain type (`!!python/str`, `!!python/tuple`)."""
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return PythonTag(suffix, value) if suffix.startswith(_OBJECT_TAGS) else value


class ExtensionsError(Exception):
    """mkdocs.yml's `markdown_extensions` cannot be read; the message says why."""


def read_extensions(value: Any) -> Extensions:
    """mkdocs.yml's `markdown_extensions` (a list of names or `{name: options}`, or a mapping), after
    MkDocs' built-ins, each name once, with Python tags in the options built as MkDocs builds them."""
    if value is None:
        value = []
    if isinstance(value, dict):
        entries = list(value.items())
    elif isinstance(value, list):
        entries = []
        for item in value:
            if isinstance(item, str):
                entries.append((item, None))
            elif isinstance(item, dict) and len(item) == 1:
                entries.append(next(iter(item.items())))
            else:
                raise ExtensionsError("each entry must be an extension name or `name:` with its options under it")
    else:
        raise ExtensionsError("it must be a list of extension names")
    options: dict[str, dict] = {}
    names = list(MKDOCS_BUILTINS)
    for name, config in entries:
        if not isinstance(name, str):
            raise ExtensionsError(f"'{name}' is not an extension name")
        if config and not isinstance(config, dict):
            raise ExtensionsError(f"the options of {name} must be a mapping")
        if name not in names:
            names.append(name)
        if config:
            options[name] = _built(config)
    return tuple((name, options.get(name, {})) for name in names)


def _built(value: Any) -> Any:
    """`value` with every PythonTag in it built: a name imported, an `object/apply` called."""
    if isinstance(value, PythonTag):
        return _build(value)
    if isinstance(value, dict):
        return {key: _built(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_built(item) for item in value]
    return value


def _build(tagged: PythonTag) -> Any:
    kind, _, target = tagged.tag.partition(":")
    try:
        if kind == "name":
            return _import(target)
        if kind == "module":
            return importlib.import_module(target)
        if kind == "object/apply":
            args, kwds = _arguments(_built(tagged.value))
            return _import(target)(*args, **kwds)
    except (ImportError, AttributeError, TypeError, ValueError) as exc:
        raise ExtensionsError(f"!!python/{tagged.tag} cannot be built: {exc}") from None
    raise ExtensionsError(f"the tag !!python/{tagged.tag} is not one quizpages can build")


def _arguments(value: Any) -> tuple[list, dict]:
    """The arguments of an `object/apply` call: a list of positional ones, or `{args: [...], kwds: {...}}`."""
    if isinstance(value, list):
        return value, {}
    if isinstance(value, dict) and set(value) <= {"args", "kwds", "state", "listitems", "dictitems"}:
        return list(value.get("args") or []), dict(value.get("kwds") or {})
    return [], {}


def _import(dotted: str) -> Any:
    module, _, name = dotted.rpartition(".")
    if not module:
        raise ImportError(f"'{dotted}' names no module")
    return getattr(importlib.import_module(module), name)
