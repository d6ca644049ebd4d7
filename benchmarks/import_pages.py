"""`quizpages import` of a whole source site: N quiz pages per language, every era of the format.

    python benchmarks/import_pages.py --pages 250 --rounds 5

The source site is made from the test pages in tests/fixtures/import/ (every category of
variation the real site holds), each pair of pages copied under new names until there
are N quizzes in English and N in Korean, plus the learning pages beside them; the site
imported into has those learning pages too, as a migration copies them first (a quiz
whose learning page is missing would not validate, and import writes only files that
do). Each round imports the whole site into a fresh folder, in its own process; reports
the median wall time and peak memory (target: under 30 s for 250 pages per language).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "import"
RESULTS = Path(__file__).resolve().parent / "results"
LANGUAGES = ("en", "ko")
TARGET_SECONDS = 30


def pairs() -> list[str]:
    """The test pages that exist in every language, relative to their language's quizzes folder."""
    found = [{str(p.relative_to(FIXTURES / lang / "quizzes")) for p in (FIXTURES / lang / "quizzes").rglob("*.md")}
             for lang in LANGUAGES]
    return sorted(set.intersection(*found))


def make_source(dest: Path, count: int) -> int:
    """A source site of `count` quizzes in each language under `dest`; returns the number of pages."""
    templates = pairs()
    written = 0
    for language in LANGUAGES:
        for folder in (FIXTURES / language).iterdir():
            if folder.name != "quizzes":
                shutil.copytree(folder, dest / language / folder.name)
                written += sum(1 for _ in folder.rglob("*.md"))
        for n in range(count):
            template = Path(templates[n % len(templates)])
            target = dest / language / "quizzes" / template.parent / f"{template.stem}-{n:04d}.md"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(FIXTURES / language / "quizzes" / template, target)
            written += 1
    return written


def make_site(dest: Path) -> Path:
    """The bundled site, with the learning pages the test pages link to."""
    dest.mkdir(parents=True)
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    for name in ("content", "overrides", "strings"):
        shutil.copytree(ROOT / name, dest / name)
    for language in LANGUAGES:
        for folder in (FIXTURES / language).iterdir():
            if folder.name != "quizzes":
                shutil.copytree(folder, dest / "content" / language / folder.name, dirs_exist_ok=True)
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=250, help="quiz pages per language")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS / "import.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="quizpages-import-") as tmp:
        pages = make_source(Path(tmp) / "old-site", args.pages)
        site = make_site(Path(tmp) / "site")
        command = [str(measure.BIN / "quizpages"), "import", str(Path(tmp) / "old-site"), "--out", "imported"]
        samples = []
        for r in range(args.rounds):
            shutil.rmtree(site / "imported", ignore_errors=True)
            samples.append(measure.run(command, site))
            print(f"  round {r + 1}: {samples[-1].seconds:.2f} s, {samples[-1].peak_mib:.1f} MiB", flush=True)
        written = sum(1 for _ in (site / "imported").rglob("*.yml"))
    result = {"pages_per_language": args.pages, "pages": pages, "quizzes": written, "rounds": args.rounds,
              "seconds": [s.seconds for s in samples], "cpu_seconds": [s.cpu_seconds for s in samples],
              "median_seconds": statistics.median(s.seconds for s in samples),
              "median_peak_mib": statistics.median(s.peak_mib for s in samples), "target_seconds": TARGET_SECONDS}
    measure.save_json(args.out, result)
    print(f"{args.pages} pages per language ({pages} pages read, {written} quizzes written): median "
          f"{result['median_seconds']:.2f} s, peak {result['median_peak_mib']:.1f} MiB (target < {TARGET_SECONDS} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
