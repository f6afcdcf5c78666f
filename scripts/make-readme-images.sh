#!/usr/bin/env bash
# Regenerates docs/images/*.png, the filmstrips in the README: still frames of each seed scene,
# drawn by `choreo render` (120 px, over white), joined with ImageMagick.
# A documentation chore, not part of the build or the tests:
#   apt-get install imagemagick; scripts/make-readme-images.sh
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
    local theme=()
    if [ "$1" = "--theme" ]; then theme=(--theme "$2"); shift 2; fi
    local scene=$1; shift
    local frames=()
    for instant in "$@"; do
        local png="$work/$scene-$instant${theme[1]:+-${theme[1]}}.png"
        case "$instant" in
            state:*) "$choreo" render "scenes/$scene.yaml" --state "${instant#state:}" --format png "${theme[@]}" \
                --size 120x120 --background white -o "$png" >/dev/null ;;
            *) "$choreo" render "scenes/$scene.yaml" --at "$instant" "${theme[@]}" --size 120x120 --background white -o "$png" >/dev/null ;;
        esac
        convert "$png" -gravity center -background white -extent 128x128 "$png"
        frames+=("$png")
    done
    local stem="$scene${theme[1]:+-${theme[1]}}"
    convert "${frames[@]}" +append "$work/strip-$stem.png"
    cp "$work/strip-$stem.png" "docs/images/$stem.png"
}

strip play-pause state:paused 6f 10f 14f state:playing
strip spinner 0f 23f 46f 69f 92f
strip badge state:badge
strip menu-to-x state:closed 20f 26f 30f state:open
strip send-button state:idle state:hover state:pressed 54f 66f 75f
strip download-morph state:idle 5f 8f 11f 14f state:done
strip typing-indicator 0f 12f 24f 36f 48f
strip like-burst state:idle 6f 14f 84f 92f state:liked
strip spring-card state:rest 6f 12f state:lifted state:pressed
strip skeleton-shimmer 0f 20f 36f 52f 68f
strip lift-card state:rest 2f 4f 6f state:lifted
strip badge-count state:three 7f 11f 15f state:four
strip upload-done state:idle 6f 10f 14f state:done
strip headline-rise 0f 8f 14f 20f 30f
strip record-button state:idle 10f 76f 94f 112f 54f
# theme-switch: the default look above the dark theme.
strip theme-switch state:off 8f 14f state:on
strip --theme dark theme-switch state:off 8f 14f state:on
convert docs/images/theme-switch.png docs/images/theme-switch-dark.png -append docs/images/theme-switch.png
rm docs/images/theme-switch-dark.png
convert docs/images/play-pause.png docs/images/spinner.png docs/images/menu-to-x.png -append \
    docs/images/badge.png -gravity center -background white -smush 8 docs/images/seeds.png
# The README's moving pictures: clips drawn by `choreo render` as animated WebP.
"$choreo" render scenes/play-pause.yaml --path paused,playing,paused --size 96 --background white -o docs/images/play-pause.webp >/dev/null
"$choreo" render scenes/spinner.yaml --size 96 -o docs/images/spinner.webp >/dev/null
"$choreo" render scenes/menu-to-x.yaml --path closed,open,closed --size 96 --background white -o docs/images/menu-to-x.webp >/dev/null
echo "wrote docs/images/{play-pause,spinner,menu-to-x}.webp"
echo "wrote docs/images/{play-pause,spinner,badge,menu-to-x,send-button,download-morph,typing-indicator,like-burst,spring-card,skeleton-shimmer,badge-count,upload-done,headline-rise,record-button,theme-switch,seeds}.png"
