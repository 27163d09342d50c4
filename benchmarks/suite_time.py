"""The edit loop's time: the CPU seconds of ``make check``'s tests (pytest on every core, the
tests that build no site and start no browser), as the process's own account gives them
(pytest and its workers). The README names the command; its time is measured here and kept in
the benchmarks' records.

Target: at most 90 s of CPU (on a 2-core machine, about 45 s on the clock: the edit loop stays
under a minute). ``--tiny`` runs one folder of them.

Run: ``make bench`` or ``python benchmarks/suite_time.py [--tiny]``.
"""

from __future__ import annotations

import os
import re
import sys

from _bench import ROOT, figure, heading, options, run

PASSED = re.compile(r"(\d+) passed")


def main() -> None:
    args = options(__doc__)
    paths = "tests/links" if args.tiny else "tests"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("BENCH_FIGURES", None)
    command = ["make", "--no-print-directory", "check-tests", f"CHECK_PATHS={paths}"]
    result = run(command, ROOT, env)
    if result.returncode != 0:
        sys.exit(f"make check's tests failed:\n{result.stdout[-4000:]}\n{result.stderr[-2000:]}")
    found = PASSED.findall(result.stdout)
    heading(f"make check's tests ({paths}: {found[-1] if found else '?'} passed)")
    figure("make check's tests, CPU", result.cpu, "s CPU", "" if args.tiny else "<= 90")


if __name__ == "__main__":
    main()
