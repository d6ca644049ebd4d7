"""`quizpages validate` over many quiz files vs just parsing them with PyYAML's C loader.

    python benchmarks/validate.py --files 1000 --rounds 5

Both sides run in their own process on the same files, alternating over rounds;
reports the medians and the median of per-round ratios (target: at most 3).
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

# The floor: read and parse every file with the C loader, nothing else.
PARSE_ONLY = """
import pathlib, sys, yaml
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.yml")):
    yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS / "validate.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="quizpages-validate-") as tmp:
        site = sitegen.make_quizpages(Path(tmp) / "site", args.files)
        quizzes = site / "content" / "quizzes"
        commands = {
            "validate": [str(measure.BIN / "quizpages"), "validate", "--strict"],
            "parse": [sys.executable, "-c", PARSE_ONLY, str(quizzes)],
        }
        samples: dict[str, list[float]] = {k: [] for k in commands}
        for r in range(args.rounds):
            for name in (list(commands) if r % 2 == 0 else list(reversed(commands))):
                samples[name].append(measure.run(commands[name], site).seconds)
                print(f"  round {r + 1}: {name:8s} {samples[name][-1]:.2f} s", flush=True)
    ratio = statistics.median(v / p for v, p in zip(samples["validate"], samples["parse"]))
    result = {"files": args.files, "rounds": args.rounds, "seconds": samples,
              "median_validate": statistics.median(samples["validate"]),
              "median_parse": statistics.median(samples["parse"]), "ratio": ratio}
    measure.save_json(args.out, result)
    print(f"{args.files} files: validate {result['median_validate']:.2f} s, C-loader parse "
          f"{result['median_parse']:.2f} s, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
