#!/usr/bin/env bash
# Fuzzes the whole pipeline (bytes → diagnostics or Lottie + SVG) with libFuzzer.
#
#   scripts/fuzz.sh [SECONDS] [JOBS]     # default 600 s, 1 job
#
# Crashes, leaks and timeouts land in fuzz/artifacts/; the growing corpus in fuzz/corpus/.
# Every input that ever found a bug belongs in Fuzz/corpus-regression/, which the normal test
# command replays (Tests/ChoreoPipelineTests).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
jobs=${2:-1}
export PATH="/opt/swift/usr/bin:$PATH"

swift build --package-path Fuzz --scratch-path .build/fuzz -c debug \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    --product FuzzChoreo
binary=.build/fuzz/debug/FuzzChoreo

mkdir -p fuzz/corpus fuzz/artifacts fuzz/seeds
# Seeds: the real scenes, the feature scenes, the invalid corpus and the hostile corpus.
find scenes Tests/conformance/feature-scenes Tests/ChoreoSceneTests/Fixtures Tests/ChoreoPipelineTests/Hostile \
    Fuzz/corpus-regression -type f 2>/dev/null | while read -r f; do
    cp "$f" "fuzz/seeds/$(echo "$f" | tr '/' '_')"
done

"$binary" fuzz/corpus fuzz/seeds \
    -dict=Fuzz/choreo.dict \
    -max_total_time="$seconds" \
    -timeout=5 \
    -rss_limit_mb=2048 \
    -max_len=65536 \
    -jobs="$jobs" -workers="$jobs" \
    -artifact_prefix=fuzz/artifacts/ \
    -print_final_stats=1
