"""`quizpages translate export` and `import` over many quizzes vs `quizpages validate` of the same site.

    python benchmarks/translation_round_trip.py --files 200 --rounds 3

Each round runs, in their own processes: validate (the baseline: reading and checking every quiz, which
both translate commands also do), an export to PO files, and an import of those files after one
translation per file was changed (so every quiz file is written). Reports the medians and the median
of per-round ratios against validate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
import sitegen  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"

# One changed translation per exported file, as a translator's edit (polib, as Poedit would save it).
EDIT = """
import pathlib, sys, polib
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.po")):
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgstr)
    entry.msgstr = entry.msgstr + " (r" + sys.argv[2] + ")"
    po.save(str(path))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "translate.json")
    args = parser.parse_args(argv)
    quizpages = str(measure.BIN / "quizpages")
    samples: dict[str, list[float]] = {"validate": [], "export": [], "import": []}
    with tempfile.TemporaryDirectory(prefix="quizpages-translate-") as tmp:
        site = sitegen.make_quizpages(Path(tmp) / "site", args.files)
        exported = site / "translations" / "export"
        for r in range(args.rounds):
            samples["validate"].append(measure.run([quizpages, "validate"], site).seconds)
            samples["export"].append(measure.run([quizpages, "translate", "export", "--language", "ko", "--force"],
                                                 site).seconds)
            measure.run([sys.executable, "-c", EDIT, str(exported), str(r)], site)
            files = sorted(str(p) for p in exported.rglob("*.po"))
            samples["import"].append(measure.run([quizpages, "translate", "import", *files], site).seconds)
            print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in samples.items()), flush=True)
    result = {"files": args.files, "rounds": args.rounds, "seconds": samples,
              **{f"median_{k}": statistics.median(v) for k, v in samples.items()},
              **{f"ratio_{k}": statistics.median(x / b for x, b in zip(samples[k], samples["validate"]))
                 for k in ("export", "import")}}
    measure.save_json(args.out, result)
    print(f"{args.files} quizzes: validate {result['median_validate']:.2f} s, export {result['median_export']:.2f} s "
          f"(x{result['ratio_export']:.2f}), import {result['median_import']:.2f} s (x{result['ratio_import']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
