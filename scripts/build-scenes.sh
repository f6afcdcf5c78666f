#!/usr/bin/env bash
# Builds choreo (release) and compiles every scene in scenes/ into build/: the Lottie JSON and the
# animated SVG of each. Prints one line per file written. Installs the Debian packages it builds with (libyaml, zlib,
# HarfBuzz, FreeType, fontconfig, FriBidi, libxml2, cairo, libpng, libwebp, giflib, FFmpeg) and pkg-config first
# if they are missing.
#
#   scripts/build-scenes.sh          # then open build/NAME.svg, or play build/NAME.json
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

ensure_apt_packages libyaml-dev zlib1g-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev libfribidi-dev libxml2-dev pkg-config \
    libcairo2-dev libpng-dev libwebp-dev libgif-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
ensure_swift

mapfile -t scratch < <(swift_scratch_args)
swift build -c release --product choreo "${scratch[@]}"
binary="$(swift build -c release --show-bin-path "${scratch[@]}")/choreo"

"$binary" compile scenes -o build
