#!/usr/bin/env bash
# The artwork study: a seeded sample of the SVG files seven Debian packages ship (Adwaita, Papirus,
# Breeze, elementary, Numix and Tango icon themes, Open Clip Art), each imported, compiled to
# Lottie and drawn by ThorVG, against the original drawn by librsvg; prints per-package pass rates
# and the causes of what fails (Tests/conformance/artwork_study.py says how).
#   scripts/artwork-study.sh            the full study: 1,500 files, at least 95 % passing and
#                                       90 % in every package (scripts/test-slow.sh runs it)
#   scripts/artwork-study.sh --quick    the test command's quick sample (14 files, two a package;
#                                       Tests/conformance/run_all.sh runs it)
# Further arguments go to artwork_study.py (--report FILE.json, --failures DIR, --verbose,
# --seed S, --sample N). CHOREO=path/to/choreo skips the build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

ensure_apt_packages adwaita-icon-theme papirus-icon-theme breeze-icon-theme elementary-icon-theme \
    numix-icon-theme tango-icon-theme openclipart-svg librsvg2-bin
python="$(bash Tests/conformance/setup.sh)"

if [ -z "${CHOREO:-}" ]; then
    ensure_swift
    mapfile -t scratch < <(swift_scratch_args)
    swift build "${scratch[@]}" --product choreo </dev/null >&2
    CHOREO="$(swift build "${scratch[@]}" --show-bin-path)/choreo"
fi

arguments=(--sample 1500 --require-rate 0.95 --require-package-rate 0.90)
if [ "${1:-}" = "--quick" ]; then
    shift
    arguments=(--quick)
fi
exec "$python" Tests/conformance/artwork_study.py --choreo "$CHOREO" "${arguments[@]}" "$@" </dev/null
