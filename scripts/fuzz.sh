#!/usr/bin/env bash
# Fuzzes the whole pipeline (bytes → diagnostics or Lottie + SVG) with libFuzzer, or the
# language server (JSON-RPC framing and requests on mutated documents).
#
#   scripts/fuzz.sh [SECONDS] [JOBS]     # default 600 s, 1 job (a child process per job)
#   FUZZ_FROM_HEAD=1 scripts/fuzz.sh ...  # build the last commit, not the working tree
#   FUZZ_TARGET=FuzzLanguageServer scripts/fuzz.sh ...   # the language server's target
#   FUZZ_TARGET=FuzzMCP scripts/fuzz.sh ...   # the MCP server's (line framing, tool calls)
#
# Crashes, leaks and timeouts land in fuzz/artifacts/; the growing corpus in fuzz/corpus/
# (fuzz/corpus-FuzzLanguageServer/ for the language server).
# Every input that ever found a bug belongs in Fuzz/corpus-regression/, which the normal test
# command replays (Tests/ChoreoPipelineTests).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
jobs=${2:-1}
target=${FUZZ_TARGET:-FuzzChoreo}
case "$target" in
    FuzzChoreo) corpus=corpus dictionary=Fuzz/choreo.dict ;;
    FuzzLanguageServer) corpus=corpus-FuzzLanguageServer dictionary=Fuzz/lsp.dict ;;
    FuzzSVGImport) corpus=corpus-FuzzSVGImport dictionary=Fuzz/choreo.dict ;;
    FuzzMCP) corpus=corpus-FuzzMCP dictionary=Fuzz/mcp.dict ;;
    FuzzLottieImport) corpus=corpus-FuzzLottieImport dictionary=Fuzz/choreo.dict ;;
    *) echo "error: FUZZ_TARGET is FuzzChoreo, FuzzLanguageServer, FuzzSVGImport, FuzzMCP or FuzzLottieImport, not '$target'" >&2; exit 2 ;;
esac
export PATH="/opt/swift/usr/bin:$PATH"

source=.
if [ "${FUZZ_FROM_HEAD:-0}" = 1 ]; then
    # While others edit the tree, fuzz a consistent snapshot: the last commit, unpacked in .build.
    source=.build/fuzz-head
    rm -rf "$source" && mkdir -p "$source"
    git archive HEAD | tar -x -C "$source"
fi
swift build --package-path "$source/Fuzz" --scratch-path .build/fuzz -c debug \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    --product "$target"
binary=.build/fuzz/debug/$target

mkdir -p "fuzz/$corpus" fuzz/artifacts fuzz/seeds
# Seeds: the real scenes, the feature scenes, the invalid corpus and the hostile corpus (the
# language server opens each as a document), and framed JSON-RPC sessions.
# (FUZZ_TARGET=FuzzSVGImport fuzzes `choreo import`; its seeds are the SVGs among them, scenes/artwork/.
# FUZZ_TARGET=FuzzLottieImport fuzzes the Lottie importer; its seeds are the golden Lottie outputs.)
find scenes Tests/conformance/feature-scenes Tests/ChoreoSceneTests/Fixtures Tests/ChoreoPipelineTests/Hostile \
    Tests/ChoreoLottieTests/Golden Fuzz/corpus-regression Fuzz/lsp-seeds Fuzz/mcp-seeds -type f 2>/dev/null | while read -r f; do
    cp "$f" "fuzz/seeds/$(echo "$f" | tr '/' '_')"
done

root=$(pwd)
# Fork mode (-fork=JOBS) runs the target in child processes and keeps going after a crash, a
# timeout or an out-of-memory, so one shallow bug (or a seed that already crashes) does not end
# the run: every failure still lands in fuzz/artifacts/.
cd fuzz
exec "$root/$binary" "$root/fuzz/$corpus" "$root/fuzz/seeds" \
    -dict="$root/$dictionary" \
    -max_total_time="$seconds" \
    -timeout=5 \
    -rss_limit_mb=2048 \
    -max_len=65536 \
    -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="$root/fuzz/artifacts/" \
    -print_final_stats=1
