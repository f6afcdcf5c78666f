#!/usr/bin/env bash
# Builds choreo (release) and compiles every scene in scenes/ into build/: the Lottie JSON and the
# animated SVG of each. Prints one line per file written. Installs the C libraries' development
# packages and pkg-config first if they are missing (scripts/build-dependencies.txt).
#
#   scripts/build-scenes.sh          # then open build/NAME.svg, or play build/NAME.json
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

ensure_build_dependencies
ensure_swift

mapfile -t scratch < <(swift_scratch_args)
swift build -c release --product choreo "${scratch[@]}"
binary="$(swift build -c release --show-bin-path "${scratch[@]}")/choreo"

"$binary" compile scenes -o build
