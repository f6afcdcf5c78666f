#!/usr/bin/env bash
# The slow stages, beyond the README's test command (which CI runs and keeps under 15 minutes):
#   1. the SwiftPM plugin stage, scripts/test-plugin.sh (builds Tests/PluginFixture with
#      ChoreoPlugin, which builds Choreo again as a package dependency: minutes on a fresh clone);
#   2. the conformance suites at full breadth: every resvg test rather than every 24th
#      (RESVG_SAMPLE=1), the feature matrix's state paths and every layer-key cell in every
#      matrix scene, and every frame `choreo render` draws of
#      every scene and matrix scene against ThorVG, and the touch suite (CONFORMANCE_BREADTH=full);
#   3. each fuzz target for a bounded time (FUZZ_SECONDS, default 120 s each; scripts/fuzz.sh);
#   4. action.yml on a clean runner: a bare Debian 12 (debootstrap, chroot) that must get what the
#      build needs from the action itself (scripts/test-action-clean.sh).
#   5. the unit tests too slow for the test command (CHOREO_SLOW_TESTS=1: two million random
#      numbers through the byte formatter, about two minutes);
#   6. the Lottie importer's study (Tests/conformance/lottie_corpus_study.py): every document of
#      ../shared/peer-suites/lottie-corpus imported, compiled back and drawn by ThorVG beside the
#      original, and the repository's scenes through compile, import, compile (half an hour);
#   7. the artwork study (scripts/artwork-study.sh): 1,500 SVG files of seven Debian packages
#      imported, compiled and drawn by ThorVG vs the original in librsvg, per-package pass rates;
#   8. Tests/conformance/binding_suite.py on Tests/conformance/data-scenes (bound values and live texts: ThorVG with
#      the slots the TypeScript API computes, Chromium after choreo.set, against snapshot --input).
# Run it before a release, after a change to the plugin, the importer or the runtimes, or
# overnight, after scripts/test.sh has installed the tools both use.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh
ensure_swift

failed=()
echo "== SwiftPM plugin"
bash scripts/test-plugin.sh </dev/null || failed+=("SwiftPM plugin")

echo "== conformance suites, full breadth"
CONFORMANCE_BREADTH=full RESVG_SAMPLE=1 bash Tests/conformance/run_all.sh </dev/null || failed+=("conformance suites (full)")

# fuzz.sh keeps going after a crash (fork mode), so a finding is a new file in fuzz/artifacts/.
for target in FuzzChoreo FuzzLanguageServer FuzzSVGImport FuzzMCP FuzzLottieImport; do
    echo "== fuzz: $target for ${FUZZ_SECONDS:-120} s"
    mkdir -p fuzz/artifacts
    before=$(find fuzz/artifacts -type f | wc -l)
    FUZZ_TARGET=$target bash scripts/fuzz.sh "${FUZZ_SECONDS:-120}" 1 </dev/null >"fuzz/$target.log" 2>&1 || failed+=("fuzz $target")
    tail -n 3 "fuzz/$target.log"
    after=$(find fuzz/artifacts -type f | wc -l)
    if [ "$after" -gt "$before" ]; then
        echo "FAIL fuzz $target: $((after - before)) new finding(s) in fuzz/artifacts/"
        failed+=("fuzz $target")
    fi
done

echo "== bound values and live texts in ThorVG and Chromium (Tests/conformance/data-scenes)"
mapfile -t scratch < <(swift_scratch_args)
python="$(bash Tests/conformance/setup.sh)" \
    && swift build "${scratch[@]}" --product choreo </dev/null \
    && "$python" Tests/conformance/binding_suite.py --choreo "$(swift build "${scratch[@]}" --show-bin-path)/choreo" Tests/conformance/data-scenes/*.yaml </dev/null \
    || failed+=("binding suite")

echo "== action.yml on a clean runner"
bash scripts/test-action-clean.sh </dev/null || failed+=("action on a clean runner")
echo "== slow unit tests"
mapfile -t scratch < <(swift_scratch_args)
swift build "${scratch[@]}" --product ChoreoPackageTests </dev/null \
    && CHOREO_SLOW_TESTS=1 swift test "${scratch[@]}" --skip-build --filter millionsOfRandomValuesMatchTheStringFormatter </dev/null \
    || failed+=("slow unit tests")

echo "== Lottie import: the corpus study and the round trip of scenes/"
swift build "${scratch[@]}" --product choreo </dev/null || failed+=("Lottie import study (build)")
choreo_bin="$(swift build "${scratch[@]}" --show-bin-path)/choreo"
CHOREO="$choreo_bin" .venv/bin/python Tests/conformance/lottie_corpus_study.py </dev/null || failed+=("Lottie corpus study")
CHOREO="$choreo_bin" .venv/bin/python Tests/conformance/lottie_corpus_study.py --round-trip </dev/null || failed+=("Lottie round trip")

echo "== the artwork study: 1,500 SVG files of seven Debian packages, at least 95 % drawn as librsvg draws them (90 % in each)"
CHOREO="$choreo_bin" bash scripts/artwork-study.sh </dev/null || failed+=("artwork study")

if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "all slow tests passed"
