"""MkDocs, its live-reload server, a search plugin or mkdocs-static-i18n as a newer version could be: one internal
quizpages uses (mkdocs/internals.py) renamed, or reshaped, in its owner's own code, which keeps working.

Copied as `sitecustomize.py` onto the PYTHONPATH of a `mkdocs serve` (tests/test_serve_internals.py), it changes
the internal named by $QUIZPAGES_RENAMED as the process starts, before MkDocs runs. Renaming rewrites every
function and method of the owner's modules to use the new name (attribute reads and writes, globals, imports),
and renames the module's or class's attribute itself: the owner builds and serves as before, only what quizpages
looks for is not there.
"""

from __future__ import annotations

import functools
import importlib
import os
import types

SUFFIX = "_renamed"

# Where each internal's owner uses it: the modules whose code is rewritten.
I18N_MODULES = ("mkdocs_static_i18n.plugin", "mkdocs_static_i18n.reconfigure", "mkdocs_static_i18n.folder",
                "mkdocs_static_i18n.suffix", "mkdocs_static_i18n.utils", "mkdocs_static_i18n.config")
SERVER_MODULES = ("mkdocs.livereload", "mkdocs.commands.serve")
OWNERS = {
    "_populate_page": ("mkdocs.commands.build",),
    "_build_page": ("mkdocs.commands.build",),
    "_title_from_render": ("mkdocs.structure.pages",),
    "_current_page": ("mkdocs.commands.build", "mkdocs.config.config_options", "mkdocs.utils.yaml",
                      "mkdocs.config.defaults"),
    "_watched_paths": SERVER_MODULES, "_rebuild_cond": SERVER_MODULES, "_want_rebuild": SERVER_MODULES,
    "observer": SERVER_MODULES, "builder": SERVER_MODULES, "mount_path": SERVER_MODULES,
    "build_delay": SERVER_MODULES,
    "entries": ("material.plugins.search.plugin",),
    "_entries": ("mkdocs.contrib.search.search_index",),
    "current_language": I18N_MODULES, "build_languages": I18N_MODULES, "building": I18N_MODULES,
    "search_entries": I18N_MODULES, "i18n_files_per_language": I18N_MODULES,
}
RESHAPED = ("on_config", "on_post_build")  # mkdocs-static-i18n's events, taking (*args, **kwargs) instead


def _renamed_code(code: types.CodeType, old: str, new: str) -> types.CodeType:
    consts = tuple(_renamed_code(c, old, new) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_names=tuple(new if n == old else n for n in code.co_names), co_consts=consts)


def _functions(value: object) -> list[types.FunctionType]:
    """The functions behind a module's or class's attribute (a method, a property, a cached property...)."""
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        return [f for f in (value.fget, value.fset, value.fdel) if isinstance(f, types.FunctionType)]
    if isinstance(value, functools.cached_property) or type(value).__name__ == "weak_property":  # MkDocs' own
        value = value.func
    found = []
    while isinstance(value, types.FunctionType) and value not in found:
        found.append(value)
        value = getattr(value, "__wrapped__", None)
    return found


def rename(name: str, modules: tuple[str, ...]) -> None:
    """`name` becomes `name + SUFFIX` everywhere in `modules`: their code, their attributes, their classes'."""
    new = name + SUFFIX
    for module in map(importlib.import_module, modules):
        owned = [module] + [v for v in vars(module).values()
                            if isinstance(v, type) and v.__module__ == module.__name__]
        for owner in owned:
            attributes = vars(owner)
            for value in list(attributes.values()):
                for function in _functions(value):
                    if function.__module__ == module.__name__:
                        function.__code__ = _renamed_code(function.__code__, name, new)
            if name in attributes:
                value = attributes[name]
                delattr(owner, name)
                setattr(owner, new, value)


def reshape(event: str) -> None:
    """mkdocs-static-i18n's `event` taking any arguments, as MkDocs passes them, instead of (config)."""
    from mkdocs_static_i18n.plugin import I18n

    original = getattr(I18n, event)

    def handler(self, *args, **kwargs):
        return original(self, *args, **kwargs)

    handler.__dict__.update(original.__dict__)  # its event priority (not functools.wraps: no __wrapped__)
    setattr(I18n, event, handler)


def change(name: str) -> None:
    if name in RESHAPED:
        reshape(name)
    else:
        rename(name, OWNERS[name])


if os.environ.get("QUIZPAGES_RENAMED"):
    change(os.environ["QUIZPAGES_RENAMED"])
