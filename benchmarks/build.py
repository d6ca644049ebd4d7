"""Build time and peak memory of quizpages vs hand-written pages vs mkdocs-quiz, side by side.

    python benchmarks/build.py --quizzes 50 200 500 --rounds 5

For each quiz count it generates the three sites (see sitegen.py), then builds them
in alternating order over several rounds, each build in its own process, and
reports medians and the medians of per-round ratios (ratios taken within a round
share the machine's load at that moment). The quizpages site is built twice per
round: cold, its caches deleted first (.cache/quizpages/: the build cache and the
pages' HTML), and warm, with the caches the build before it left, as a second
`mkdocs build` or a CI run that keeps `.cache/` sees. Results go to a JSON file;
report.py turns them into docs/benchmarks.md and its plot.

`--tracemalloc` then prints, for each count, what the cold quizpages build holds
at its peak more than the floor's, by allocation site (allocations.py).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import allocations  # noqa: E402
import measure  # noqa: E402
import sitegen  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
WARM = "quizpages-warm"
"""The quizpages site again, with the build cache the previous build left (see cache/build_cache.py)."""
CACHES = Path(".cache", "quizpages")  # the build cache and the pages' HTML
SITES = ("quizpages", WARM, "floor", "mkdocs-quiz")


def pages(count: int) -> int:
    """Pages per site: per language, 2 learning pages + the quiz index + one page per quiz."""
    return len(sitegen.LANGUAGES) * (count + 3)


def bench(count: int, rounds: int, sites: tuple[str, ...], workdir: Path) -> dict:
    made = tuple(dict.fromkeys("quizpages" if s == WARM else s for s in sites))
    paths = sitegen.make_sites(workdir / f"n{count}", count, made)
    if WARM in sites:  # the same site as "quizpages", built once more with the cache of the build before
        paths[WARM] = paths["quizpages"]
        measure.mkdocs_build(paths[WARM])  # fills the cache; not measured
    samples: dict[str, list[measure.Sample]] = {s: [] for s in sites}
    for r in range(rounds):
        order = sites[r % len(sites):] + sites[: r % len(sites)]  # rotate who builds first
        for site in order:
            if site == "quizpages":  # cold: what a first build, or a CI run without a kept cache, costs
                shutil.rmtree(paths[site] / CACHES, ignore_errors=True)
            sample = measure.mkdocs_build(paths[site])
            samples[site].append(sample)
            print(f"  {count:4d} quizzes, round {r + 1}: {site:14s} {sample.seconds:7.2f} s "
                  f"{sample.peak_mib:7.1f} MiB", flush=True)
    result = {"quizzes": count, "pages": pages(count), "rounds": rounds, "sites": {}, "ratios": {}}
    for site, runs in samples.items():
        result["sites"][site] = {
            "seconds": [s.seconds for s in runs], "peak_mib": [s.peak_mib for s in runs],
            "cpu_seconds": [s.cpu_seconds for s in runs],
            "median_seconds": statistics.median(s.seconds for s in runs),
            "median_peak_mib": statistics.median(s.peak_mib for s in runs),
        }
    for ours in ("quizpages", WARM):
        for other in ("floor", "mkdocs-quiz"):
            if ours not in sites or other not in sites:
                continue
            q = samples[ours]
            o = samples[other]
            result["ratios"][f"{ours}/{other}"] = {
                "seconds": statistics.median(a.seconds / b.seconds for a, b in zip(q, o)),
                "peak_mib": statistics.median(a.peak_mib / b.peak_mib for a, b in zip(q, o)),
                "cpu_seconds": statistics.median(a.cpu_seconds / b.cpu_seconds for a, b in zip(q, o)),
            }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quizzes", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sites", nargs="+", default=list(SITES), choices=SITES)
    parser.add_argument("--out", type=Path, default=RESULTS / "build.json")
    parser.add_argument("--workdir", type=Path, help="where to generate the sites (default: a temporary folder)")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="then print what quizpages holds at its peak more than the floor (slow)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="quizpages-bench-") as tmp:
        workdir = args.workdir or Path(tmp)
        results = []
        for n in args.quizzes:  # written after each count, so a long run's finished counts survive
            results.append(bench(n, args.rounds, tuple(args.sites), workdir))
            measure.save_json(args.out, results)
            if args.tracemalloc:
                print(allocations.compare(workdir / f"n{n}" / "quizpages", workdir / f"n{n}" / "floor", cold=True),
                      flush=True)
    for r in results:
        ratios = ", ".join(f"{k} time {v['seconds']:.2f} memory {v['peak_mib']:.2f}" for k, v in r["ratios"].items())
        print(f"{r['quizzes']} quizzes: {ratios}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
