"""What a `mkdocs build` holds at its peak: the top allocation sites, by tracemalloc, and against another site.

    python benchmarks/allocations.py SITE [--than OTHER_SITE] [--top 25] [--frames 1] [--cold]

Each site is built twice, each time in its own process with tracemalloc on: once to
learn the peak of traced memory, then again to take snapshots near it (builds are
deterministic, so the second one comes there too). A thread samples the traced
memory every few milliseconds; from 80 % of the peak on, it takes a snapshot each
time the memory is 2 % of the peak above the last one, and the last one is kept:
what is held nearest the peak a sample saw (a peak that lasts less than a sample,
a string being written, may be missed). A snapshot's own memory is not traced.
`--cold` deletes the site's caches (.cache/quizpages/) before each build.

Printed: the largest allocation sites held at the peak (by file and line, with the
frames that led there), and with `--than`, the sites holding more than in the other
site's build (e.g. quizpages against the hand-written floor: what quizpages holds per
page). tracemalloc counts Python's allocations, not the process's whole RSS.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import tracemalloc
from pathlib import Path

CACHES = Path(".cache", "quizpages")  # the build cache and the pages' HTML
FROM_PEAK = 0.8  # snapshots are taken from this share of the peak on,
STEP = 0.02  # each this share of the peak above the last
SAMPLE_SECONDS = 0.002


def _build_traced(site: Path, frames: int, peak: int | None, dump: Path | None) -> int:
    """`mkdocs build` of `site` in this process with tracemalloc on; the peak of traced memory. Given the `peak`
    of an earlier build, the snapshot taken nearest it goes to `dump`."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    os.chdir(site)
    tracemalloc.start(frames)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    done = threading.Event()

    def sample() -> None:
        taken = int(peak * FROM_PEAK) - 1
        while not done.wait(SAMPLE_SECONDS):
            current = tracemalloc.get_traced_memory()[0]
            if current > taken:
                tracemalloc.take_snapshot().dump(str(dump))
                taken = current + int(peak * STEP)

    sampler = threading.Thread(target=sample, daemon=True) if peak is not None else None
    if sampler is not None:
        sampler.start()
    config = load_config(str(site / "mkdocs.yml"))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
        done.set()
    if sampler is not None:
        sampler.join()
    return tracemalloc.get_traced_memory()[1]


def snapshot_at_peak(site: Path, dump: Path, frames: int = 1, cold: bool = False) -> tuple[int, tracemalloc.Snapshot]:
    """The peak of traced memory of `site`'s build, and the snapshot taken nearest it."""
    def child(frames: int, *args: str) -> str:
        if cold:
            shutil.rmtree(site / CACHES, ignore_errors=True)
        result = subprocess.run([sys.executable, __file__, "--child", str(site), "--frames", str(frames), *args],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"the traced build of {site} failed:\n{result.stderr[-3000:]}")
        return result.stdout.strip().splitlines()[-1]

    peak = int(child(1))  # the peak only: one frame per allocation is cheaper to trace
    child(frames, "--peak", str(peak), "--dump", str(dump))
    if not dump.exists():
        raise RuntimeError(f"the second build of {site} did not come near its peak of {peak} bytes")
    snapshot = tracemalloc.Snapshot.load(str(dump))
    held = sum(stat.size for stat in snapshot.statistics("filename"))
    print(f"  {site.name}: snapshot at {held / peak:.0%} of the peak", file=sys.stderr)
    return peak, snapshot


def _mib(size: int) -> str:
    return f"{size / 2**20:8.2f} MiB"


def _where(traceback: tracemalloc.Traceback, frames: int) -> str:
    """The allocating line, then the lines that led there, innermost first, shortened to the package."""
    lines = []
    for frame in list(traceback)[-1: -frames - 1: -1] if traceback else []:
        name = frame.filename
        for marker in ("site-packages/", "plugins/", "lib/python"):
            if marker in name:
                name = name.split(marker, 1)[1]
                break
        lines.append(f"{name}:{frame.lineno}")
    return " <- ".join(lines)


def report(snapshot: tracemalloc.Snapshot, top: int, frames: int, other: tracemalloc.Snapshot | None = None) -> list[str]:
    """The largest sites held in `snapshot`, or, given `other`, those holding the most more than in `other`."""
    held = snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    lines = []
    if other is None:
        for stat in held.statistics("traceback")[:top]:
            lines.append(f"{_mib(stat.size)} {stat.count:8d} blocks  {_where(stat.traceback, frames)}")
        return lines
    diffs = held.compare_to(other.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)]), "lineno")
    for diff in sorted(diffs, key=lambda d: d.size_diff, reverse=True)[:top]:
        lines.append(f"{_mib(diff.size_diff)} {diff.count_diff:+8d} blocks  {_where(diff.traceback, 1)}"
                     f"  (held {_mib(diff.size).strip()})")
    return lines


def compare(site: Path, than: Path | None, top: int = 25, frames: int = 1, cold: bool = False) -> str:
    """The report of `site`'s peak, and against `than`'s, as text."""
    with tempfile.TemporaryDirectory(prefix="quizpages-tracemalloc-") as tmp:
        peak, snapshot = snapshot_at_peak(site, Path(tmp) / "site.snapshot", frames, cold)
        out = [f"{site.name}: traced peak {_mib(peak).strip()}; held at the peak, largest sites first:",
               *report(snapshot, top, frames)]
        if than is not None:
            other_peak, other = snapshot_at_peak(than, Path(tmp) / "other.snapshot", frames)
            out += ["", f"{than.name}: traced peak {_mib(other_peak).strip()} ({peak / other_peak:.2f}x); what "
                    f"{site.name} holds more than {than.name} at the peak, by line:", *report(snapshot, top, frames, other)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--than", type=Path, help="another site to compare with (e.g. the floor)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--frames", type=int, default=1, help="stack frames kept per allocation (more: slower)")
    parser.add_argument("--cold", action="store_true", help="delete SITE's caches (.cache/quizpages/) before each build")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--peak", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:  # one traced build, in the process a parent started
        print(_build_traced(args.site.resolve(), args.frames, args.peak, args.dump))
        return 0
    print(compare(args.site.resolve(), args.than.resolve() if args.than else None, args.top, args.frames, args.cold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
