"""Turn benchmarks/results/*.json into docs/benchmarks.md, docs/benchmarks-build.png and docs/benchmarks-serve.png."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs"
SITES = ("quizpages", "quizpages-warm", "floor", "mkdocs-quiz")
LABELS = {"quizpages": "quizpages, cold (no build cache)", "quizpages-warm": "quizpages, warm (cache of the build before)",
          "floor": "hand-written floor", "mkdocs-quiz": "mkdocs-quiz 1.7.1"}


def plot(build: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")  # no display here
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    counts = [r["quizzes"] for r in build]
    for site in SITES:
        if all(site in r["sites"] for r in build):
            ax.plot(counts, [r["sites"][site]["median_seconds"] for r in build], marker="o", label=LABELS[site])
    ax.set_xlabel("quizzes (each built in English and Korean)")
    ax.set_ylabel("median build time (s)")
    ax.set_title("mkdocs build --strict, median of rounds")
    ax.set_xticks(counts)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def per_page(result: dict, site: str) -> float:
    return result["sites"][site]["median_seconds"] / result["pages"]


def spread(build: list[dict]) -> float:
    """The largest slowest / fastest build time of one site at one quiz count."""
    return max(max(s["seconds"]) / min(s["seconds"]) for r in build for s in r["sites"].values())


def round_ratios(result: dict, site: str, other: str) -> list[float]:
    """Time ratios `site` / `other`, one per round."""
    return [a / b for a, b in zip(result["sites"][site]["seconds"], result["sites"][other]["seconds"])]


def ratio_spread(result: dict) -> str:
    """"200 quizzes: quizpages/floor 0.98–1.20, ...": the lowest and highest per-round ratio."""
    parts = []
    for ours in ("quizpages", "quizpages-warm"):
        if ours in result["sites"] and "floor" in result["sites"]:
            ratios = round_ratios(result, ours, "floor")
            parts.append(f"{ours}/floor {min(ratios):.2f}–{max(ratios):.2f}")
    return f"{result['quizzes']} quizzes: " + ", ".join(parts)


def build_table(build: list[dict]) -> list[str]:
    lines = ["| quizzes | pages | site | median time (s) | median peak RSS (MiB) | ms per page |",
             "|---:|---:|---|---:|---:|---:|"]
    for r in build:
        for site in SITES:
            if site in r["sites"]:
                s = r["sites"][site]
                lines.append(f"| {r['quizzes']} | {r['pages']} | {site} | {s['median_seconds']:.2f} | "
                             f"{s['median_peak_mib']:.1f} | {1000 * per_page(r, site):.1f} |")
    lines += ["", "Medians of per-round ratios (time is wall time; CPU time is user + system, which other load "
              "on the machine disturbs less):", "",
              "| quizzes | ratio | time | peak memory | CPU time |", "|---:|---|---:|---:|---:|"]
    for r in build:
        for name, ratio in r["ratios"].items():
            cpu = f"{ratio['cpu_seconds']:.2f}" if "cpu_seconds" in ratio else "–"
            lines.append(f"| {r['quizzes']} | {name} | {ratio['seconds']:.2f} | {ratio['peak_mib']:.2f} | {cpu} |")
    return lines


def import_section(result: dict) -> list[str]:
    """The `quizpages import` section, from benchmarks/import_pages.py's results."""
    seconds = result["seconds"]
    return ["## quizpages import", "",
            f"A source site of {result['pages_per_language']} quiz pages per language ({result['pages']} pages "
            "read with the learning pages beside them), made from the test pages in tests/fixtures/import/, "
            f"{result['rounds']} rounds, each into a fresh folder: `quizpages import old-site --out imported` "
            f"median **{result['median_seconds']:.2f} s** ({min(seconds):.2f}–{max(seconds):.2f} s), "
            f"{result['quizzes']} quiz files written, median peak RSS {result['median_peak_mib']:.1f} MiB "
            f"(target < {result['target_seconds']} s)."]


SERVE_PNG = "benchmarks-serve.png"
SERVE_SERIES = (("quiz_save", "save a quiz → its page shows it"), ("page_save", "save a learning page → it shows"),
                ("first_save", "first save, right after the first page"),
                ("first_page_warm", "start → first quiz page, served again"),
                ("first_page_built", "start → first quiz page, after `mkdocs build`"),
                ("first_page_cold", "start → first quiz page, cold"), ("full_build", "full `mkdocs build --strict`"))
# The reference figures of issue 15, measured there (2026-12-01, a 2-core machine), not by benchmarks/: the same
# 500 generated quiz pages (250 quizzes × en + ko).
REFERENCE = [
    ("quizpages `make serve`, before", "7.4 s", "6.5 s warm, 10.6 s cold", "6.4–6.7 s, 91 MiB"),
    ("quizpages `make serve-fast` (`--dirty`), before", "1.4 s", "8.0 s cold", "–"),
    ("VitePress 1.6.4 `vitepress dev` / `vitepress build`", "0.05 s", "1.1 s", "10.5–11.0 s, about 690 MiB"),
]


def plot_serve(runs: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = [r["quizzes"] for r in runs]
    fig, (saves, starts) = plt.subplots(1, 2, figsize=(10, 4.2), dpi=110)
    for axis, names, target, label, vitepress in (
            (saves, ("quiz_save", "page_save", "first_save"), 0.5, "target ≤ 0.5 s at 250", 0.05),
            (starts, ("first_page_warm", "first_page_built", "first_page_cold", "full_build"), 3.0,
             "after a build: target ≤ 3 s at 250", 1.1)):
        for name in names:
            axis.plot(counts, [r["medians"][name] for r in runs], marker="o", label=dict(SERVE_SERIES)[name])
        axis.axhline(target, color="grey", linestyle="--", linewidth=1, label=label)
        axis.plot([250], [vitepress], marker="*", markersize=11, linestyle="none", color="black",
                  label="VitePress at 250 (issue 15)")
        axis.set_xlabel("quizzes (each in English and Korean)")
        axis.set_xticks(counts)
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
        axis.legend(fontsize=8)
    saves.set_ylabel("median seconds")
    saves.set_title("make serve: save → reloaded page shows it")
    starts.set_title("make serve: start → first quiz page")
    fig.tight_layout()
    fig.savefig(path)


def serve_section(result: dict, png: Path) -> list[str]:
    runs = result["runs"]
    plot_serve(runs, png)
    lines = ["", "## Editing under `make serve`", "",
             f"`benchmarks/serve.py` runs the command `make serve` runs (`{result['command']}`) in the generated "
             "site. A save is timed from writing the file until the browser's live-reload poll answers and the page, "
             "fetched again, shows the edit; a start from launching the command until a quiz page answers with its "
             "content: cold (the site's `.cache/` deleted), after a build (`.cache/` deleted, then `mkdocs build`) "
             "and served again (the cache the server before left). Right after each start's first page, the quiz is "
             "saved once, before the other language is built (the first save). The full build is `mkdocs build "
             "--strict` in the same run, its caches warm. Medians over every round "
             f"({runs[0]['rounds']} rounds, {runs[0]['saves']} saves of each kind per round, 3 first saves).", "",
             f"![save and start times against quiz count]({png.name})", "",
             "| quizzes × 2 languages | pages | " + " | ".join(label for _name, label in SERVE_SERIES) + " |",
             "|---:|---:|" + "---:|" * len(SERVE_SERIES)]
    for r in runs:
        lines.append(f"| {r['quizzes']} | {r['pages']} | "
                     + " | ".join(f"{r['medians'][name]:.2f} s" for name, _label in SERVE_SERIES) + " |")
    lines += ["", "Ratios to the full build of the same count: " + "; ".join(
        f"{r['quizzes']} quizzes: save {r['ratios']['quiz_save']:.3f}, warm start {r['ratios']['first_page_warm']:.2f}, "
        f"cold start {r['ratios']['first_page_cold']:.2f}" for r in runs) + "."]
    lines += ["", "CPU time (user + system) the server used, medians: " + "; ".join(
        f"{r['quizzes']} quizzes: " + ", ".join(f"{name} {r['cpu_medians'][name]:.2f} s" for name, _label in SERVE_SERIES
                                               if name in r.get("cpu_medians", {}))
        for r in runs if r.get("cpu_medians")) + "."] if any(r.get("cpu_medians") for r in runs) else []
    lines += ["", "Spread, fastest–slowest: " + "; ".join(
        f"{r['quizzes']} quizzes: " + ", ".join(f"{name} {min(r['seconds'][name]):.2f}–{max(r['seconds'][name]):.2f} s"
                                               for name, _label in SERVE_SERIES)
        for r in runs) + "."]
    at = {r["quizzes"]: r for r in runs}.get(250)
    if at:
        m = at["medians"]
        lines += ["", "Issue 19's targets at 250 quizzes: every save shown in ≤ 0.5 s, the first after start included: "
                  f"slowest **{at['slowest_save']:.2f} s** (first saves median {m['first_save']:.2f} s); median ≤ 0.2 s: "
                  f"**{at['median_save']:.2f} s**; the first page ≤ 3 s after a build: **{m['first_page_built']:.2f} s**; "
                  f"≤ 2 s served again: **{m['first_page_warm']:.2f} s**."]
    lines += ["", "The reference, from issue 15 (measured there on 2026-12-01 on a 2-core machine, with the same "
              "500 generated quiz pages: 250 quizzes × en + ko; not measured by `make bench`):", "",
              "| | save a quiz → page shows it | start → first quiz page | full build |", "|---|---:|---:|---:|"]
    lines += [f"| {name} | {save} | {start} | {build} |" for name, save, start, build in REFERENCE]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--out", type=Path, default=DOCS / "benchmarks.md")
    args = parser.parse_args(argv)
    build = json.loads((args.results / "build.json").read_text(encoding="utf-8"))
    png = args.out.with_name("benchmarks-build.png")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    plot(build, png)
    lines = ["# Benchmarks", "",
             "Measured by `make bench` (benchmarks/). Each build runs in its own process; the sites are "
             "built in rotating order over several rounds, and ratios are medians of per-round ratios, so "
             "the load of the machine at the time is shared by both sides of each ratio. The sites share the "
             "theme, Markdown extensions, languages (mkdocs-static-i18n, en + ko) and a small navigation. "
             "Pages per site: per language, one per quiz, the quiz index and two learning pages. "
             "quizpages is built twice per round: cold, with its build cache deleted first (a first build, or "
             "CI without a kept `.cache/`), and warm, with the cache the build before it left (any later "
             "build, `mkdocs serve`, or CI that keeps `.cache/`).", "",
             f"![build time against quiz count]({png.name})", ""]
    notes = args.results / "notes.md"  # when and under what load the figures were taken, written by whoever ran them
    if notes.exists():
        lines += [notes.read_text(encoding="utf-8").strip(), ""]
    lines += ["## Build", ""]
    lines += build_table(build)
    by_count = {r["quizzes"]: r for r in build}
    if 50 in by_count and 500 in by_count:
        lines += ["", "Scaling, time per page at 500 quizzes / at 50: " + ", ".join(
            f"{site} {per_page(by_count[500], site) / per_page(by_count[50], site):.2f}"
            for site in SITES if site in by_count[500]["sites"]) + ". Time per page is the whole build's "
            "median time divided by its pages, so it includes each build's fixed start-up cost."]
    lines += ["", "The machine these figures come from has 2 cores shared with other work running at the same "
              f"time, so single builds of the same site varied by up to {spread(build):.2f}x in this run (see the "
              "JSON files in "
              "benchmarks/results/ for every run); the median time columns, and the plot, carry that noise, "
              "and so, less, do the per-round ratios. Their spread, lowest to highest: "
              + "; ".join(ratio_spread(r) for r in build) + "."]
    validate = args.results / "validate.json"
    if validate.exists():
        v = json.loads(validate.read_text(encoding="utf-8"))
        lines += ["", "## quizpages validate", "",
                  f"{v['files']} quiz files, {v['rounds']} rounds: `quizpages validate --strict` median "
                  f"{v['median_validate']:.2f} s, parsing the same files with PyYAML's CSafeLoader median "
                  f"{v['median_parse']:.2f} s; median ratio **{v['ratio']:.2f}** (target ≤ 3)."]
    serve = args.results / "serve.json"
    if serve.exists():
        lines += serve_section(json.loads(serve.read_text(encoding="utf-8")), args.out.with_name(SERVE_PNG))
    imported = args.results / "import.json"
    if imported.exists():
        lines += ["", *import_section(json.loads(imported.read_text(encoding="utf-8")))]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out} and {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
