"""The package's layers import one way, and the core and the CLI run without MkDocs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import BIN, ROOT, run
from quizpages import KINDS

PACKAGE = ROOT / "plugins" / "quizpages"

# Each layer may import only the layers before it (and itself). `plugin.py` is the entry point MkDocs loads.
LAYERS = [
    {"util", "model"},
    {"kinds"},
    {"load"},
    {"check"},
    {"render", "cache", "export", "translate"},
    {"settings"},
    {"site"},
    {"mkdocs", "cli"},
    {"plugin", "__init__"},
]
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def _layer(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _imported_layers(path: Path) -> set[str]:
    """The quizpages layers a module imports, from its relative and absolute imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(PACKAGE).parent.parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                parts = base + (node.module.split(".") if node.module else [])
                if not parts:  # `from .. import x` at the top: x is a layer
                    parts = [alias.name for alias in node.names]
                found.add(parts[0])
            elif node.module and node.module.split(".")[0] == "quizpages" and "." in node.module:
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("quizpages."):
                    found.add(alias.name.split(".")[1])
    return found


def _imports_mkdocs(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        (isinstance(node, ast.Import) and any(a.name.split(".")[0] == "mkdocs" for a in node.names))
        or (isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "mkdocs")
        for node in ast.walk(tree))


def test_every_module_belongs_to_a_layer():
    """A new folder in the package is placed in a layer before it is used."""
    assert {_layer(p) for p in PACKAGE.rglob("*.py")} <= set(RANK)


def test_layers_import_one_way():
    """model <- kinds <- load <- check <- render, cache <- settings <- site <- mkdocs, cli: no module imports
    upwards, nor sideways (render and cache, mkdocs and cli know nothing of each other)."""
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = _layer(path)
        for imported in _imported_layers(path) - {layer}:
            if imported in RANK and RANK[imported] >= RANK[layer]:
                upward.append(f"{path.relative_to(PACKAGE)} imports {imported}")
    assert upward == []


def test_no_assert_guards_anything():
    """No `assert` in the package: `python -O` strips them, so what they guarded would go unchecked."""
    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sorted(PACKAGE.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Assert)]
    assert found == []


def test_no_name_is_defined_twice_in_one_class_or_module():
    """A second `def on_page_markdown` silently replaces the first, and with it what the first did for readers
    (a merge once lost the links of learning pages to quizzes in another language that way)."""
    twice = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
            names = [n.name for n in scope.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                     and not any(isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter", "register")
                                 or isinstance(d, ast.Name) and d.id == "overload" for d in n.decorator_list)]
            twice += [f"{path.relative_to(PACKAGE)}: {name}" for name in set(names) if names.count(name) > 1]
    assert twice == []


def test_no_code_stands_after_a_return_or_raise():
    """Lines after a `return` in the same block never run: what they seem to do for a user, nobody gets (a
    merge once left an old version of a function below its new one)."""
    dead = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list):
                    ends = [i for i, n in enumerate(block) if isinstance(n, (ast.Return, ast.Raise, ast.Continue,
                                                                               ast.Break))]
                    if ends and ends[0] < len(block) - 1:
                        dead.append(f"{path.relative_to(PACKAGE)}:{block[ends[0] + 1].lineno}")
    assert dead == []


def test_only_the_mkdocs_layer_imports_mkdocs():
    """MkDocs is imported by the glue alone, so the core and the CLI outlive MkDocs 1.x."""
    importing = {str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if _imports_mkdocs(p)}
    assert importing and all(name.startswith("mkdocs/") for name in importing), importing


ADAPTER = PACKAGE / "mkdocs" / "internals.py"
NAMEDTUPLE_API = {"_replace", "_asdict", "_fields", "_make"}  # public, though they start with "_"
OUTSIDE = ("mkdocs", "mkdocs_static_i18n", "material", "watchdog")  # MkDocs, its server, plugins, file watcher


def _declared_internals() -> set[str]:
    from quizpages.mkdocs.internals import I18N_FILE_ATTRIBUTES, INTERNALS

    # `locale` is also the documented option of each language in mkdocs-static-i18n's settings (config.py)
    return {internal.name for internal in INTERNALS} | set(I18N_FILE_ATTRIBUTES) - {"locale"}


def _reaches_inside(path: Path, declared: set[str]) -> set[str]:
    """The names of other packages' insides a module uses: a `_name` imported from MkDocs or its plugins, an
    attribute `_name` of anything but itself (self, cls, a class of its own module), such a name given to
    getattr/hasattr/setattr, and any attribute the adapter declares as an internal (but the adapter's own API,
    `internals.x`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {"self", "cls", "internals"} | {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}

    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__") and name not in NAMEDTUPLE_API

    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] in OUTSIDE:
            found |= {alias.name for alias in node.names if private(alias.name)}
        elif isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id in own):
            if private(node.attr) or node.attr in declared:
                found.add(node.attr)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
            if private(name) or name in declared:
                found.add(name)
    return found


def test_only_the_adapter_uses_what_mkdocs_and_its_plugins_keep_to_themselves():
    """MkDocs', its live-reload server's, the search plugins' and mkdocs-static-i18n's internals are used in
    mkdocs/internals.py alone, which checks them when a server starts: a newer version slows `serve`, never
    breaks it."""
    declared = _declared_internals()
    # only the mkdocs layer holds MkDocs' objects, so only there can a common name like `entries` be theirs
    using = {str(p.relative_to(PACKAGE)): names for p in sorted(PACKAGE.rglob("*.py"))
             if p != ADAPTER and (names := _reaches_inside(p, declared if p.is_relative_to(PACKAGE / "mkdocs")
                                                            else set()))}
    assert using == {}
    # the adapter itself is seen using them: the check above can find what it looks for
    assert {"_build_page", "_populate_page", "_title_from_render", "_watched_paths", "_rebuild_cond",
            "search_entries", "i18n_files_per_language", "building", "alternates"} <= _reaches_inside(ADAPTER, declared)


def test_the_cli_runs_every_command_without_mkdocs(site_copy, tmp_path):
    """Running commands in one process loads no mkdocs module, where MkDocs is not installed."""
    code = ("import sys; from quizpages.cli import main; "
            "codes = [main(['validate']), main(['status']), main(['render', '--out', sys.argv[1]]), "
            "main(['schema', '--check'])]; "
            "bad = [m for m in sys.modules if m == 'mkdocs' or m.startswith('mkdocs.')]; "
            "print(codes, bad); sys.exit(1 if bad or any(codes[:3]) else 0)")
    result = run([str(BIN / "python"), "-c", code, str(tmp_path / "out")], cwd=site_copy)
    assert result.returncode == 0, result.stdout + result.stderr


# A format's own words that happen to be a kind's name: Moodle's question types `matching` and `ordering`,
# which moodle.py picks by the kinds' format-neutral interaction (Match, Order), never by a kind.
FORMAT_WORDS = {("export/moodle.py", "matching"), ("export/moodle.py", "ordering")}


@pytest.mark.parametrize("kind", KINDS.names())
def test_kind_names_stay_in_their_kinds_files(kind):
    """Outside the kinds' modules and fragments, a kind's name (as code names it: quoted, or after a dot as in
    `section.matching`) appears only in the strings files, which hold its section heading."""
    named = re.compile(rf"[\"'.]{kind}\b|\b{kind}[\"']")
    naming = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*")
                    if p.is_file() and p.suffix in (".py", ".j2", ".yml", ".js", ".css")
                    and named.search(p.read_text(encoding="utf-8")))
    others = [n for n in naming if not n.startswith(("kinds/", "fragments/kinds/")) and (n, kind) not in FORMAT_WORDS]
    assert all(n.startswith("strings/") for n in others), (kind, naming)




def test_every_shipped_script_and_style_is_loaded_by_a_page():
    """Each file in assets/ is linked by quiz pages or by the quiz index, in an order where each comes after what
    it uses: a new file never ships unloaded."""
    from quizpages.mkdocs.generated_files import ASSET_NAMES, INDEX_ASSETS, QUIZ_ASSETS

    assert set(ASSET_NAMES) == set(QUIZ_ASSETS) | set(INDEX_ASSETS)
    for names in (QUIZ_ASSETS, INDEX_ASSETS):
        scripts = [n for n in names if n.endswith(".js")]
        assert scripts[:2] == ["quizpages-logic.js", "quizpages-store.js"]  # the others use both
