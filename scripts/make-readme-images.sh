#!/usr/bin/env bash
# Regenerates docs/images/*.png, the filmstrips in the README: still frames of each seed scene,
# made by `choreo snapshot` and rasterised by rsvg-convert, joined with ImageMagick.
# A documentation chore, not part of the build or the tests:
#   apt-get install librsvg2-bin imagemagick; scripts/make-readme-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --product choreo >/dev/null
choreo=$(swift build --show-bin-path)/choreo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs/images

# scene  instants (frames or states)  — chosen to show each seed's motion
strip() {
    local scene=$1; shift
    local frames=()
    for instant in "$@"; do
        local svg="$work/$scene-$instant.svg" png="$work/$scene-$instant.png"
        case "$instant" in
            state:*) "$choreo" snapshot "scenes/$scene.yaml" --state "${instant#state:}" -o "$svg" >/dev/null ;;
            *) "$choreo" snapshot "scenes/$scene.yaml" --at "$instant" -o "$svg" >/dev/null ;;
        esac
        rsvg-convert -w 120 -h 120 --keep-aspect-ratio -b white "$svg" -o "$png"
        convert "$png" -gravity center -background white -extent 128x128 "$png"
        frames+=("$png")
    done
    convert "${frames[@]}" +append "$work/strip-$scene.png"
    cp "$work/strip-$scene.png" "docs/images/$scene.png"
}

strip play-pause state:paused 6f 10f 14f state:playing
strip spinner 0f 23f 46f 69f 92f
strip badge state:badge
strip menu-to-x state:closed 20f 26f 30f state:open
convert docs/images/play-pause.png docs/images/spinner.png docs/images/menu-to-x.png -append \
    docs/images/badge.png -gravity center -background white -smush 8 docs/images/seeds.png
echo "wrote docs/images/{play-pause,spinner,badge,menu-to-x,seeds}.png"
