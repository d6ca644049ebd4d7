"""Shared test helpers: build a real site in tmp_path and read its HTML, run commands and servers,
and drive headless Chromium.

Speed: `quizpages(...)` and `mkdocs(site, "build", ...)` run in this process (no interpreter start, no
imports again) and return what a subprocess would; pass `process=True` for the real command. Tests that
only read the bundled site's build share one (`built_site`); `built_site_copy` copies it for a test that
changes it. See CONTRIBUTING.md, "Writing tests".
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request
import warnings
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
BIN = Path(sys.executable).parent

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

# Property tests (hypothesis): 100 examples a test locally, 500 under CI (CI=true); QUIZPAGES_FUZZ_EXAMPLES
# overrides both, e.g. QUIZPAGES_FUZZ_EXAMPLES=5000 for a long run. The loader's caps bound the work per
# example, so there is no deadline (a slow, shared machine is no failure), and no example database.
FUZZ_EXAMPLES = int(os.environ.get("QUIZPAGES_FUZZ_EXAMPLES")
                    or (500 if os.environ.get("CI", "").lower() == "true" else 100))
hypothesis_settings.register_profile(
    "quizpages", max_examples=FUZZ_EXAMPLES, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
hypothesis_settings.load_profile("quizpages")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (`make test`, `--dist loadgroup`), the tests that share a module-scoped fixture
    run on one worker, so the fixture's work (an import, a build) is done once."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info else ()
        if any(d.scope in ("module", "class") for fixturedefs in defs for d in fixturedefs):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


# A quiz in English only that links on to the bundled Kubeflow quiz, as content/quizzes/helm.yml.
ENGLISH_ONLY = """\
languages: [en]
title:
  en: Helm Basics Quiz
learning_material: ../ai-ml/kubeflow-trainer.md
next: ./ai-ml/kubeflow-trainer.md
questions:
  - id: release
    kind: short_answer
    question:
      en: What is a Helm release?
    answer:
      en: One installed instance of a chart.
"""


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip when this clone has no ../shared beside it."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads the reference material in ../shared/")
    return path


def run(args: list[str], cwd: Path, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """`args` run as a subprocess in `cwd`, `env` added to this environment; output captured as text."""
    full_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    result = subprocess.run(args, cwd=cwd, env=full_env, capture_output=True, text=True, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


# -- commands run in this process, as a fresh process would run them -------------------------------------

# What a fresh `python` starts with (no -W, no PYTHONWARNINGS): a subprocess never had pytest's
# `filterwarnings = error`, so neither does a command run in-process.
_PYTHON_WARNING_FILTERS = [("default", DeprecationWarning, "__main__"), ("ignore", DeprecationWarning, None),
                           ("ignore", PendingDeprecationWarning, None), ("ignore", ImportWarning, None),
                           ("ignore", ResourceWarning, None)]


def _logging_state() -> list:
    """Every logger's handlers, filters, level and propagation, to put back after a command changed them
    (MkDocs' CLI adds a handler per run and a duplicate filter that would hide the next run's messages)."""
    loggers = [logging.getLogger(), *(logger for logger in logging.Logger.manager.loggerDict.values()
                                      if isinstance(logger, logging.Logger))]
    return [(logger, logger.handlers[:], logger.filters[:], logger.level, logger.propagate, logger.disabled)
            for logger in loggers]


def _restore_logging(state: list, streams: tuple) -> None:
    known = set()
    for logger, handlers, filters, level, propagate, disabled in state:
        logger.handlers[:], logger.filters[:] = handlers, filters
        logger.setLevel(level)
        logger.propagate, logger.disabled = propagate, disabled
        known.add(logger)
    for logger in logging.Logger.manager.loggerDict.values():  # made during the command: drop its handlers
        if isinstance(logger, logging.Logger) and logger not in known:  # that write to the captured output
            logger.handlers[:] = [h for h in logger.handlers if getattr(h, "stream", None) not in streams]


@contextlib.contextmanager
def _as_a_process(command: list[str], cwd: Path, env: dict | None):
    """Run code as the subprocess `command` of `run` would run: in `cwd`, with `env` added to the
    environment, `command` as sys.argv, stdout and stderr captured (yields the two buffers), Python's
    default warning filters; the working folder, the environment, sys.argv, the warnings and the logging
    set-up are put back afterwards."""
    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_cwd, saved_logging, saved_argv = dict(os.environ), os.getcwd(), _logging_state(), sys.argv
    os.environ.update({"NO_MKDOCS_2_WARNING": "1", **(env or {})})
    os.chdir(cwd)
    sys.argv = list(command)  # what plugins read (mkdocs-static-i18n looks for --dirty there)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            warnings.resetwarnings()
            for action, category, module in reversed(_PYTHON_WARNING_FILTERS):
                warnings.filterwarnings(action, category=category, module=module or "")
            yield out, err
    finally:
        os.chdir(saved_cwd)
        sys.argv = saved_argv
        os.environ.clear()
        os.environ.update(saved_env)
        _restore_logging(saved_logging, (out, err))


def _call(command: list[str], cwd: Path, env: dict | None, main) -> subprocess.CompletedProcess:
    """`main()` run as the process `command` would be: its exit code (from its return value or SystemExit),
    and an uncaught exception printed as a traceback on stderr with exit code 1, as Python does."""
    with _as_a_process(command, cwd, env) as (out, err):
        try:
            code = main()
        except SystemExit as exc:
            code = exc.code
        except Exception:
            traceback.print_exc()
            code = 1
        if code is None:
            code = 0
        elif not isinstance(code, int):  # sys.exit("message"), as Python prints it
            print(code, file=sys.stderr)
            code = 1
    return subprocess.CompletedProcess(command, code, out.getvalue(), err.getvalue())


def _mkdocs_main(args: tuple[str, ...]):
    # Imported before the logging state is saved: each run adds filters to the build's logger.
    import mkdocs.commands.build  # noqa: F401
    from mkdocs import utils
    from mkdocs.__main__ import ColorFormatter, cli

    def main():
        # A terminal's width would wrap the messages; a subprocess's output is a pipe, never wrapped.
        width, ColorFormatter.text_wrapper.width = ColorFormatter.text_wrapper.width, 0
        # mkdocs-static-i18n turns the site folder's cleaning off for its languages' builds and on again
        # only when they all succeed; a new process starts with it on.
        clean_directory = utils.clean_directory
        try:
            cli.main(args=list(args), prog_name="mkdocs", standalone_mode=True)
        finally:
            ColorFormatter.text_wrapper.width = width
            utils.clean_directory = clean_directory
    return main


# The quizzes the tests know. Quizzes contributors add to content/quizzes/ are left out of the tests'
# copies: CI checks them with `quizpages validate --strict` and `mkdocs build --strict`, and a new
# quiz must not change what a test of the plugin counts (pages updated, quizzes imported).
BUNDLED_QUIZZES = frozenset({"ai-ml/kubeflow-trainer.yml", "ai-ml/kubeflow-trainer-practice.yml"})


def _other_quizzes(folder: str, names: list[str]) -> set[str]:
    """For `shutil.copytree`: the quiz files under content/quizzes/ that are not bundled ones."""
    quizzes = ROOT / "content" / "quizzes"
    here = Path(folder)
    if here != quizzes and quizzes not in here.parents:
        return set()
    return {name for name in names if name.endswith((".yml", ".yaml"))
            and (here / name).relative_to(quizzes).as_posix() not in BUNDLED_QUIZZES}


def copy_site(dest: Path) -> Path:
    """A copy of the bundled site (mkdocs.yml, content/ with the bundled quizzes, overrides/, strings/) in
    `dest`."""
    for name in ("mkdocs.yml",):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "content", dest / "content", ignore=_other_quizzes)
    for name in ("overrides", "strings"):
        shutil.copytree(ROOT / name, dest / name)
    return dest


def import_site(tmp_path: Path) -> Path:
    """The bundled site, with the learning pages (`observability/`) that the import test pages link to."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    for language in ("en", "ko"):
        shutil.copytree(ROOT / "tests" / "fixtures" / "import" / language / "observability",
                        site / "content" / language / "observability")
    return site


def mkdocs(site: Path, *args: str, env: dict | None = None, process: bool = False) -> subprocess.CompletedProcess:
    """`mkdocs ARGS` in `site`. `mkdocs build` runs in this process through MkDocs' own command line (its
    options, logging, --strict counting and exit codes), as fast as a build gets; `process=True`, or any
    other subcommand, runs the real command."""
    if args[:1] == ("build",) and not process:
        return _call(["mkdocs", *args], site, env, _mkdocs_main(args))
    return run([str(BIN / "mkdocs"), *args], cwd=site, env=env)


def build(site: Path, strict: bool = True, env: dict | None = None,
          process: bool = False) -> subprocess.CompletedProcess:
    """`mkdocs build [--strict]` in `site`; fails the test with MkDocs' output when the build fails."""
    result = mkdocs(site, "build", *(["--strict"] if strict else []), env=env, process=process)
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    return result


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.fixture(scope="session")
def built_site_result(tmp_path_factory) -> subprocess.CompletedProcess:
    """The one `mkdocs build --strict` of the bundled site that the tests share (per xdist worker): its
    output. Its folder is `built_site.parent`; never change it (copy it with `built_site_copy`)."""
    site = copy_site(tmp_path_factory.mktemp("bundled"))
    result = build(site)
    result.site = site
    return result


@pytest.fixture(scope="session")
def built_site(built_site_result) -> Path:
    """The bundled site, built once with --strict; returns its site/ folder. Read only."""
    return built_site_result.site / "site"


@pytest.fixture
def built_site_copy(built_site, tmp_path) -> Path:
    """A copy of the bundled site as the shared build left it (sources, site/, .cache/), for a test that
    changes a built site; returns the copy's folder (with mkdocs.yml), like `site_copy`."""
    shutil.copytree(built_site.parent, tmp_path, dirs_exist_ok=True, symlinks=True)
    return tmp_path


@pytest.fixture
def site_copy(tmp_path) -> Path:
    """A fresh copy of the bundled site's sources, not built."""
    return copy_site(tmp_path)


KUBEFLOW_QUIZ = Path("content/quizzes/ai-ml/kubeflow-trainer.yml")  # the bundled quiz, inside a site copy


def quizpages(site: Path, *args: str, env: dict | None = None, process: bool = False) -> subprocess.CompletedProcess:
    """`quizpages ARGS` run in `site`, as an author would: stdout, stderr and exit code. It runs
    `quizpages.cli.main` in this process, as the console script does; `process=True` runs the real
    console script (test_cli_process.py checks that the two agree)."""
    if process:
        return run([str(BIN / "quizpages"), *args], cwd=site, env=env)
    from quizpages.cli import main

    return _call(["quizpages", *args], site, env, lambda: main(list(args)))


class _Tagged:
    """A YAML value with a tag of MkDocs' (!ENV, !!python/...), kept as written through an edit."""

    def __init__(self, tag: str, node: yaml.Node, value):
        self.tag, self.node_type, self.value = tag, type(node), value


class _ConfigLoader(yaml.SafeLoader):
    pass


def _tagged(loader, suffix, node):
    tag = node.tag
    if isinstance(node, yaml.ScalarNode):
        return _Tagged(tag, node, loader.construct_scalar(node))
    if isinstance(node, yaml.SequenceNode):
        return _Tagged(tag, node, loader.construct_sequence(node, deep=True))
    return _Tagged(tag, node, loader.construct_mapping(node, deep=True))


_ConfigLoader.add_multi_constructor("!", _tagged)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _tagged)


class _ConfigDumper(yaml.SafeDumper):
    pass


def _represent_tagged(dumper, tagged: _Tagged):
    if tagged.node_type is yaml.ScalarNode:
        return dumper.represent_scalar(tagged.tag, tagged.value)
    if tagged.node_type is yaml.SequenceNode:
        return dumper.represent_sequence(tagged.tag, tagged.value, flow_style=True)
    return dumper.represent_mapping(tagged.tag, tagged.value, flow_style=True)


_ConfigDumper.add_representer(_Tagged, _represent_tagged)


def edit_config(site: Path, change) -> Path:
    """Change `site`'s mkdocs.yml as data: `change(config)` edits the parsed mapping in place; MkDocs' own
    tags survive. Returns the file's path."""
    path = site / "mkdocs.yml"
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader)
    change(config)
    path.write_text(yaml.dump(config, Dumper=_ConfigDumper, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def quizpages_options(config: dict) -> dict:
    """The options mapping of the quizpages plugin in a parsed mkdocs.yml, for `edit_config`."""
    return next(entry["quizpages"] for entry in config["plugins"] if isinstance(entry, dict) and "quizpages" in entry)


BLANK = "/__blank__"  # a page with no script every StaticServer has: where a browser test's kept tab waits
# Its icon is inline: a page without one makes Chromium ask for /favicon.ico after the load, and that 404's
# console error would land in the next test's guard.
BLANK_PAGE = b'<!doctype html><meta charset="utf-8"><title>blank</title><link rel="icon" href="data:,">'


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves a built site, only under its sub-path when it has one, as GitHub Pages serves a project site,
    and BLANK."""

    prefix = ""

    def do_GET(self):
        if self.path != BLANK:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BLANK_PAGE)))
        self.end_headers()
        self.wfile.write(BLANK_PAGE)

    def translate_path(self, path):
        if self.prefix and not path.startswith(self.prefix + "/"):
            return "/nonexistent-outside-the-sub-path"
        return super().translate_path(path[len(self.prefix):])

    def log_message(self, format, *args):  # keep the test output clean
        pass


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser that closes a connection early (a page left mid-load) is not a failure of the test; its
        # BrokenPipe traceback would only bury the output of the tests that do fail
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class StaticServer:
    """Serves `root` on 127.0.0.1 on a free port, in a thread; under `prefix` (``/quizsite``) when given."""

    def __init__(self, root: Path, prefix: str = ""):
        handler = functools.partial(type("Handler", (_QuietHandler,), {"prefix": prefix}), directory=str(root))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.base = self.origin + prefix + "/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "StaticServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


SERVE_TIMEOUT = 90  # seconds; a rebuild of the small site takes a few, shared CI cores are slow
POLL = 0.05  # seconds between two looks while waiting: a wait ends this soon after what it waits for


def get(url: str) -> tuple[int, str]:
    """(status, body) of a GET; status 0 when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, ""


def wait_for(condition, what: str, log: Path | None = None, timeout: float = SERVE_TIMEOUT) -> None:
    """Return as soon as `condition()` holds, looking every POLL seconds; a look that takes longer (a page
    fetched and parsed) is followed by a pause three times as long, so waiting leaves the cores to the
    server it waits for. Fails naming `what`, with the server's output from `log`, after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        started = time.monotonic()
        if condition():
            return
        time.sleep(max(POLL, 3 * (time.monotonic() - started)))
    output = log.read_text(errors="replace") if log else ""
    raise AssertionError(f"timed out waiting for {what}; server output:\n{output}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Serve:
    """`mkdocs serve` of `site` on a free loopback port, its output collected in a file."""

    def __init__(self, site: Path, *args: str):
        self.site = site
        self.args = args
        self.log = Path(tempfile.mkstemp(prefix="serve-", suffix=".log", dir=site)[1])

    def __enter__(self) -> "Serve":
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        for _ in range(3):  # a test on another xdist worker may take the free port before the server does
            self.port = free_port()
            self.base = f"http://127.0.0.1:{self.port}/"
            self.out = open(self.log, "w")
            self.process = subprocess.Popen(
                [str(BIN / "mkdocs"), "serve", "-a", f"127.0.0.1:{self.port}", *self.args],
                cwd=self.site, env=env, stdout=self.out, stderr=subprocess.STDOUT,
            )
            wait_for(lambda: self.process.poll() is not None or get(self.base)[0] == 200, "the server to answer",
                     self.log)
            if self.process.poll() is None:
                return self
            self.out.close()
            if "Address already in use" not in self.output():
                break
        raise AssertionError(f"mkdocs serve exited with {self.process.returncode}:\n{self.output()}")

    def __exit__(self, *exc) -> None:
        self.process.kill()  # always, even when an assertion failed
        self.process.wait(timeout=30)
        self.out.close()

    def page(self, url: str) -> tuple[int, str]:
        return get(self.base + url)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


# -- browser tests: headless Chromium on the bundled site (see browser.py) ---------------------------

@pytest.fixture(scope="session")
def playwright():
    from browser import unavailable  # here: browser.py uses this module's StaticServer

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the Python package playwright, which is missing")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    from browser import launch

    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def server(built_site):
    """The bundled site built with --strict (the shared build), served at <origin>/site/."""
    with StaticServer(built_site.parent) as httpd:
        yield httpd


@pytest.fixture(scope="session")
def base(server) -> str:
    return server.origin + "/site/"


@pytest.fixture(scope="session")
def tabs(browser):
    """The browser's kept contexts (browser.Tabs): a test's tab opens in one, as on a first visit."""
    from browser import Tabs

    pool = Tabs(browser)
    yield pool
    pool.close()


@pytest.fixture
def open_page(tabs, server):
    """open_page(url, javascript=True, dark=False, reduced_motion=False, init_script=None, own_context=False) ->
    a loaded tab, on a first visit (the site's storage empty); `own_context` for a test that changes the
    context (its clock). At the end of the test, asserts that no request left loopback and nothing was logged
    as an error."""
    from browser import Guard

    guards = []

    def _open(url: str, javascript: bool = True, dark: bool = False, reduced_motion: bool = False,
              init_script: str | None = None, own_context: bool = False):
        guard = Guard(server.origin)
        guards.append(guard)
        return tabs.open(guard, url, javascript=javascript, dark=dark, reduced_motion=reduced_motion,
                         init_script=init_script, own_context=own_context)

    _open.guards = guards
    yield _open
    tabs.finish_test()
    for guard in guards:
        guard.check()


LIVERELOAD = re.compile(r"<script>\s*var livereload = .*?</script>", re.DOTALL)  # what the server adds


def _served(server: Serve, url: str) -> str:
    status, body = server.page(url)
    assert status == 200, url
    return LIVERELOAD.sub("", body)


def assert_served_as_built(server: Serve, site: Path, tmp_path: Path, sub_path: str = "") -> None:
    """Every page, the sitemap and the search index the server has are what `mkdocs build` makes of the same
    files; `sub_path` (``quizsite/``): where the site's URL puts it below the server's root."""
    fresh = tmp_path / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir()
    for source in site.iterdir():
        if source.name in ("mkdocs.yml", "content", "overrides", "strings"):
            (shutil.copytree if source.is_dir() else shutil.copy)(source, fresh / source.name)
    build(fresh, strict=False, env={"SITE_URL": server.base + sub_path})  # serve is not strict either
    out = fresh / "site"
    pages = sorted(str(p.relative_to(out)) for p in out.rglob("*.html"))
    assert "quizzes/index.html" in pages  # a build, not an empty folder
    for page in pages:
        url = sub_path + page.removesuffix("index.html")
        assert _served(server, url) == (out / page).read_text(encoding="utf-8"), url
    assert _served(server, sub_path + "sitemap.xml") == (out / "sitemap.xml").read_text(encoding="utf-8")
    indexes = sorted(str(p.relative_to(out)) for p in out.rglob("search_index.json"))
    assert "search/search_index.json" in indexes
    for index in indexes:  # one per language
        served = json.loads(_served(server, sub_path + index))
        built = json.loads((out / index).read_text(encoding="utf-8"))
        assert served["config"] == built["config"], index
        # in the same order too: a save re-renders some pages, and their entries go back where they were
        assert _locations(served["docs"]) == _locations(built["docs"]), index
        assert served["docs"] == built["docs"], index


def _locations(docs: list[dict]) -> list[str]:
    """An index's entries by location, to show first where two orders differ."""
    return [doc["location"] for doc in docs]
