#!/bin/sh
# The performance benchmark (docs/performance.md): builds choreo and choreo-bench in
# release mode and runs the benchmark, which prints the table and the target checks and writes
# them as JSON (default build/bench.json). Arguments are passed to choreo-bench, for example
#   scripts/bench.sh --sizes 1000,10000 --json /tmp/bench.json
# Not part of the test command: it takes a few minutes.
set -eu
cd "$(dirname "$0")/.."
scratch="${CHOREO_BENCH_SCRATCH:-.build/bench}"
swift build -c release --scratch-path "$scratch" --product choreo
swift build -c release --scratch-path "$scratch" --product choreo-bench
# Every figure comes from this one run of choreo-bench, as ratios (docs/performance.md): text
# against the same drawing as hand-written paths (at most 2x), `choreo diff` against compiling
# both sides and `choreo import` against libxml2's own parse included.
exec "$scratch/release/choreo-bench" --cli "$scratch/release/choreo" --scenes scenes "$@"
