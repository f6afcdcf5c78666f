#!/bin/sh
# The benchmark of `choreo render` (docs/performance.md, "Pictures and video"): builds choreo and
# choreo-bench in release mode and runs Tests/conformance/render_bench.py, which times drawing a
# 2 s, 256 px scene at 60 fps against ThorVG and each encoding against the encoder library's own
# tool, in one run. Not part of the test command.
set -eu
cd "$(dirname "$0")/.."
scratch="${CHOREO_BENCH_SCRATCH:-.build/bench}"
swift build -c release --scratch-path "$scratch" --product choreo
swift build -c release --scratch-path "$scratch" --product choreo-bench
python="$(bash Tests/conformance/setup.sh)"
exec "$python" Tests/conformance/render_bench.py --choreo "$scratch/release/choreo" --bench "$scratch/release/choreo-bench" "$@"
