"""Benchmark: how long validating the whole rules catalogue takes at start-up.

.venv/bin/python -m bench.catalog_load [--runs 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.catalog import load_catalog


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    started = time.perf_counter()
    catalog = load_catalog()  # the first load includes pydantic building its validators
    first = time.perf_counter() - started
    timings = []
    for _ in range(args.runs):
        started = time.perf_counter()
        load_catalog()
        timings.append(time.perf_counter() - started)
    print(
        f"catalogue {catalog.edition}: {len(catalog.teams)} teams, {len(catalog.skills)} skills, "
        f"{len(catalog.stars)} stars, {len(catalog.tables)} roll tables"
    )
    print(f"first load (cold): {first * 1000:.1f} ms")
    print(
        f"later loads over {args.runs} runs: median {statistics.median(timings) * 1000:.1f} ms, "
        f"max {max(timings) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
