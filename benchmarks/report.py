"""Turn benchmarks/results/*.json into docs/benchmarks.md and docs/benchmarks-build.png."""

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
             f"![build time against quiz count]({png.name})", "", "## Build", ""]
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
        s = json.loads(serve.read_text(encoding="utf-8"))
        lines += ["", "## Editing under `make serve-fast`", "",
                  f"{s['quizzes']} quizzes under `mkdocs serve --dirty`: one quiz file edited, time until the "
                  f"live-reload poll answers (the page then shows the edit): median {s['median_reload']:.2f} s "
                  f"({', '.join(f'{x:.2f}' for x in s['reload_seconds'])}); full `mkdocs build` in the same run: "
                  f"median {s['median_full_build']:.2f} s; ratio **{s['ratio']:.2f}** (target ≤ 0.35)."]
    imported = args.results / "import.json"
    if imported.exists():
        lines += ["", *import_section(json.loads(imported.read_text(encoding="utf-8")))]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out} and {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
