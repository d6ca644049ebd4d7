"""Smoke tests of benchmarks/ at 5 quizzes.

The figures themselves are measured by `make bench`, never here.
"""

from __future__ import annotations

import json
import sys

from conftest import ROOT, run, soup

sys.path.append(str(ROOT / "benchmarks"))  # after site-packages: a benchmark module never shadows a package

BENCH = ROOT / "benchmarks"


def test_build_benchmark_builds_three_equivalent_sites(tmp_path):
    """`benchmarks/build.py` builds all three sites, quizpages cold and warm, and reports times, memory and ratios."""
    out = tmp_path / "build.json"
    run([sys.executable, str(BENCH / "build.py"), "--quizzes", "5", "--rounds", "1", "--out", str(out),
         "--workdir", str(tmp_path / "sites")], cwd=ROOT, check=True)
    [result] = json.loads(out.read_text())
    assert set(result["sites"]) == {"quizpages", "quizpages-warm", "floor", "mkdocs-quiz"}
    assert all(s["median_seconds"] > 0 and s["median_peak_mib"] > 0 for s in result["sites"].values())
    assert set(result["ratios"]) == {f"{ours}/{other}" for ours in ("quizpages", "quizpages-warm")
                                     for other in ("floor", "mkdocs-quiz")}
    # the floor is the same pages written by hand: the same article, in both languages
    for prefix in ("", "ko/"):
        page = f"{prefix}quizzes/bench/q0003/index.html"
        ours = soup(tmp_path / "sites" / "n5" / "quizpages" / "site" / page).select_one("article")
        floor = soup(tmp_path / "sites" / "n5" / "floor" / "site" / page).select_one("article")
        assert ours.get_text() == floor.get_text()
        assert len(ours.select("details")) == 10
    incumbent = soup(tmp_path / "sites" / "n5" / "mkdocs-quiz" / "site" / "quizzes/bench/q0003/index.html")
    assert len(incumbent.select("article .quiz")) == 10  # mkdocs-quiz rendered every question


def test_validate_benchmark_runs(tmp_path):
    """`benchmarks/validate.py` times `quizpages validate` against a plain C-loader parse."""
    out = tmp_path / "validate.json"
    run([sys.executable, str(BENCH / "validate.py"), "--files", "5", "--rounds", "1", "--out", str(out)],
        cwd=ROOT, check=True)
    result = json.loads(out.read_text())
    assert result["files"] == 5 and result["ratio"] > 0


def test_serve_benchmark_measures_saves_and_starts_of_make_serve(tmp_path):
    """`benchmarks/serve.py` runs `make serve`'s command and times saves (their edit shown after the reload), the first
    save right after a start, starts cold, after a build and warm, and a full build."""
    out = tmp_path / "serve.json"
    run([sys.executable, str(BENCH / "serve.py"), "--quizzes", "5", "--saves", "1", "--rounds", "1",
         "--out", str(out)], cwd=ROOT, check=True)
    result = json.loads(out.read_text())
    assert result["command"] == "mkdocs serve -a 127.0.0.1:PORT"  # the Makefile's recipe
    [run_] = result["runs"]
    assert set(run_["medians"]) == {"quiz_save", "page_save", "first_save", "first_page_cold", "first_page_built",
                                    "first_page_warm", "full_build"}
    assert all(seconds > 0 for seconds in run_["medians"].values())
    assert len(run_["seconds"]["first_save"]) == 3  # one right after each start: cold, after a build, warm


def test_import_benchmark_imports_every_page(tmp_path):
    """`benchmarks/import_pages.py` imports a generated source site of N pages per language and times it."""
    out = tmp_path / "import.json"
    run([sys.executable, str(BENCH / "import_pages.py"), "--pages", "3", "--rounds", "1", "--out", str(out)],
        cwd=ROOT, check=True)
    result = json.loads(out.read_text())
    assert (result["pages_per_language"], result["quizzes"]) == (3, 3)
    assert result["median_seconds"] > 0


def test_translate_benchmark_runs(tmp_path):
    """`benchmarks/translation_round_trip.py` times `quizpages translate export` and `import` against `quizpages validate`."""
    out = tmp_path / "translate.json"
    run([sys.executable, str(BENCH / "translation_round_trip.py"), "--files", "5", "--rounds", "1", "--out", str(out)],
        cwd=ROOT, check=True)
    result = json.loads(out.read_text())
    assert result["files"] == 5 and result["ratio_export"] > 0 and result["ratio_import"] > 0


def test_no_benchmark_script_shadows_an_installed_module():
    """A benchmark runs with benchmarks/ first on its path, so no script there may share its name with a module
    quizpages or its tools import (`translate` would hide translate-toolkit)."""
    import importlib.util

    shadowing = []
    for script in sorted(BENCH.glob("*.py")):
        spec = importlib.util.find_spec(script.stem)
        if spec is not None and spec.origin and not spec.origin.startswith(str(BENCH)):
            shadowing.append(f"{script.name} hides {spec.origin}")
    assert shadowing == []
