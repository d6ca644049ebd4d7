"""Question kinds: one module per kind, each defining `KIND`, found here and registered in `KINDS`.

Every layer asks `KINDS` (or a `Registry` given to it) what a kind reads, checks,
renders and writes; none tests a kind's name. A new kind is a module in this
folder, its fragment under ``fragments/kinds/`` and its strings. A site or a test
can also register a kind of its own: ``KINDS.register(Kind(...))``.
"""

from __future__ import annotations

import importlib
import pkgutil

from .kind import ImportMapping, Kind, Registry, RenderContext, Rule


def _built_in() -> list[Kind]:
    """The `KIND` of every module in this package, so adding a kind never edits a list of kinds."""
    found = []
    for module_info in pkgutil.iter_modules(__path__):
        if module_info.name == "kind" or module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        kind = getattr(module, "KIND", None)
        if isinstance(kind, Kind):
            found.append(kind)
    return found


KINDS = Registry(_built_in())
"""The kinds every site knows."""

__all__ = ["KINDS", "ImportMapping", "Kind", "Registry", "RenderContext", "Rule"]
