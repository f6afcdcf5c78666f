#!/usr/bin/env bash
# Every conformance suite, on the scenes the compiler really produces (see README.md here):
#   1. builds the CLI (or uses $CHOREO) and compiles every scene of scenes/ and
#      Tests/conformance/feature-scenes/, and the feature matrix (feature_matrix.py generates it
#      into the scratch directory), with --emit lottie,svg,svg-reel,timeline;
#   2. scene_suite.py: Lottie (schema; rlottie, ThorVG and lottie-web each vs reference frames;
#      rlottie vs ThorVG), SVG (the reel in Chromium vs ThorVG and vs the reference; snapshots in
#      Chromium vs librsvg, cairosvg and ThorVG), and the matrix cell by cell (four renderers vs
#      the reference);
#   3. dotlottie_suite.py: the .lottie archive of every scene and valid fixture (container,
#      state-machine schema and cross-file rules, a simulator of dotlottie-rs driving every
#      transition, ThorVG seeked by marker vs `choreo snapshot --state`);
#   4. interactive_suite.py: the interactive SVG and the preview page driven by the mouse in
#      Chromium (Playwright): rest, a tap-through of every scene with states, inline, reduced
#      motion, the reel still animating;
#   5. lottie_audit.py: no compiled Lottie (scenes, feature scenes, matrix) contains a known
#      player pitfall;
#   6. resvg_import_suite.py: `choreo import` on resvg's own tests (every second one by default,
#      RESVG_SAMPLE=1 for all), pass counts per folder; fails only on a crash, a hang or a scene
#      the compiler rejects;
#   7. the pytest self-tests proving the Lottie, dotLottie suites and the audit fail on broken
#      output, that the matrix covers every property of docs/scene-format.md §5, and that
#      browser.py drives Chromium with real input; test_tgs.py (`--target tgs` stickers:
#      gzip, python-lottie's TGS validator, ThorVG/rlottie); test_pre_commit.py (the hooks of
#      .pre-commit-hooks.yaml in `pre-commit try-repo`).
# Prints per-suite totals and a last line `N passed, M failed`; exits non-zero on any failure.
# Failure images (A | B | difference) go to Tests/conformance/out/ (git-ignored).
# Environment: CHOREO=path/to/choreo skips the build; CHOREO_SCRATCH is the swift scratch path
# (as in scripts/test.sh); CONFORMANCE_JOBS (default 2) parallel workers.
set -uo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo_root"
started=$SECONDS

python="$(bash Tests/conformance/setup.sh)" || { echo "conformance: setup.sh failed"; echo "0 passed, 1 failed"; exit 1; }

if [ -z "${CHOREO:-}" ]; then
    scratch=()
    if [ -n "${CHOREO_SCRATCH:-}" ]; then scratch=(--scratch-path "$CHOREO_SCRATCH"); fi
    echo "== building choreo"
    if ! swift build "${scratch[@]}" --product choreo >/dev/null; then
        swift build "${scratch[@]}" --product choreo 2>&1 | tail -30
        echo "0 passed, 1 failed"
        exit 1
    fi
    CHOREO="$(swift build "${scratch[@]}" --show-bin-path)/choreo"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/choreo-conformance.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p Tests/conformance/out
rm -f Tests/conformance/out/*.png

mapfile -t scenes < <(ls scenes/*.yaml Tests/conformance/feature-scenes/*.yaml | sort)
echo "== compiling ${#scenes[@]} scenes"
passed=0
failed=0
# The outputs every suite reads (the interactive SVG rests in its initial pose: the suites seek
# the reel); the feature matrix is compiled with the same list.
emit=lottie,svg,svg-reel,timeline
if ! "$CHOREO" compile "${scenes[@]}" -o "$work/compiled" --emit "$emit" >"$work/compile.log" 2>&1; then
    cat "$work/compile.log"
    echo "FAIL compile: choreo compile exited non-zero (the suite goes on with what it wrote)"
    failed=$((failed + 1))
fi

echo "== generating and compiling the feature matrix"
"$python" Tests/conformance/feature_matrix.py "$work/matrix" >/dev/null || { echo "FAIL feature matrix: generator crashed"; failed=$((failed + 1)); }
mapfile -t matrix_scenes < <(ls "$work"/matrix/*.yaml 2>/dev/null | sort)
echo "${#matrix_scenes[@]} matrix scenes"
if [ ${#matrix_scenes[@]} -gt 0 ] && ! "$CHOREO" compile "${matrix_scenes[@]}" -o "$work/compiled" --emit "$emit" >"$work/matrix-compile.log" 2>&1; then
    grep -v '^wrote ' "$work/matrix-compile.log" | head -60
    echo "FAIL compile: a feature-matrix scene does not compile (the suite goes on with what it wrote)"
    failed=$((failed + 1))
fi

echo "== scenes: Lottie players (rlottie, ThorVG, lottie-web), SVG renderers and the browser, matrix"
matrix_manifest=()
if [ -f "$work/matrix/matrix.json" ]; then matrix_manifest=(--matrix "$work/matrix/matrix.json"); fi
"$python" Tests/conformance/scene_suite.py --choreo "$CHOREO" --compiled "$work/compiled" --work "$work/scenes" \
    --jobs "${CONFORMANCE_JOBS:-2}" "${matrix_manifest[@]}" "${scenes[@]}" "${matrix_scenes[@]}" \
    | tee "$work/scenes.log"
scene_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/scenes.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$scene_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
else
    echo "FAIL scene suite: crashed (exit $scene_status)"
    failed=$((failed + 1))
fi

echo "== dotLottie: archives, state machines, simulator, ThorVG by marker"
mapfile -t machine_scenes < <(ls scenes/*.yaml Tests/ChoreoSceneTests/Fixtures/valid/*.yaml | sort)
"$python" Tests/conformance/dotlottie_suite.py --choreo "$CHOREO" --work "$work/dotlottie" \
    --tap-through play-pause "${machine_scenes[@]}" | tee "$work/dotlottie.log"
dotlottie_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/dotlottie.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$dotlottie_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
else
    echo "FAIL dotLottie suite: crashed (exit $dotlottie_status)"
    failed=$((failed + 1))
fi

echo "== interactive: the SVG and the preview page under real pointer input (Playwright)"
"$python" Tests/conformance/interactive_suite.py --choreo "$CHOREO" --compiled "$work/compiled" \
    --work "$work/interactive" scenes/*.yaml Tests/ChoreoSceneTests/Fixtures/valid/complete-chain.yaml \
    | tee "$work/interactive.log"
interactive_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/interactive.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$interactive_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
else
    echo "FAIL interactive suite: crashed (exit $interactive_status)"
    failed=$((failed + 1))
fi

echo "== audit: player pitfalls in every compiled Lottie"
"$python" Tests/conformance/lottie_audit.py "$work/compiled" | tee "$work/audit.log"
audit_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/audit.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$audit_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
else
    echo "FAIL audit: crashed (exit $audit_status)"
    failed=$((failed + 1))
fi

echo "== resvg import suite: choreo import on resvg's tests (../shared/peer-suites/resvg), counts per folder"
CHOREO="$CHOREO" RESVG_SAMPLE="${RESVG_SAMPLE:-2}" "$python" Tests/conformance/resvg_import_suite.py | tee "$work/resvg.log"
resvg_status=${PIPESTATUS[0]}
summary="$(tail -n 1 "$work/resvg.log")"
if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
    if [ "$resvg_status" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then failed=$((failed + 1)); fi
else
    echo "FAIL resvg import suite: crashed (exit $resvg_status)"
    failed=$((failed + 1))
fi

echo "== self-tests: the suites and the audit fail on broken output; the matrix covers §5; browser.py; Telegram stickers; the live preview; the pre-commit hooks; action.yml; the diff page (pytest)"
CHOREO="$CHOREO" "$python" -m pytest -q -p no:cacheprovider Tests/conformance/test_suite_fails_on_bad_output.py \
    Tests/conformance/test_dotlottie_checks.py Tests/conformance/test_lottie_audit.py \
    Tests/conformance/test_feature_matrix.py Tests/conformance/test_browser.py Tests/conformance/test_tgs.py \
    Tests/conformance/test_live_preview.py Tests/conformance/test_pre_commit.py Tests/conformance/test_action.py \
    Tests/conformance/test_diff_page.py Tests/conformance/test_diff_reformat.py | tee "$work/pytest.log"
pytest_status=${PIPESTATUS[0]}
pytest_passed="$(grep -oE '[0-9]+ passed' "$work/pytest.log" | tail -n 1 | grep -oE '[0-9]+' || true)"
pytest_failed=0
while read -r count; do pytest_failed=$((pytest_failed + count)); done \
    < <(grep -oE '[0-9]+ (failed|errors?)' "$work/pytest.log" | grep -oE '^[0-9]+' || true)
passed=$((passed + ${pytest_passed:-0}))
# Exit 5 (nothing collected) is a failure too: a self-test that runs nothing proves nothing.
if [ "$pytest_status" -ne 0 ]; then
    failed=$((failed + pytest_failed))
    if [ "$pytest_failed" -eq 0 ]; then failed=$((failed + 1)); fi
    echo "FAIL pytest self-test: exit $pytest_status"
fi

echo "conformance time: $((SECONDS - started)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
