"""Lottie rendering through two independent players, rlottie and ThorVG, plus the spec schema.

Both render on a transparent canvas at the composition size; the result is composited over
white (see common.py). Only whole frames are rendered: rlottie cannot render between frames.
"""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np

from common import over_white_premultiplied


@lru_cache(maxsize=1)
def lottie_schema_validator():
    """A validator for the Lottie spec schema shipped in the lottie-specs package (lottie-spec 1.0;
    lottie_spec_schema.py checks against 1.0.1 from the peer suite where it is present)."""
    from lottie_specs.resources import load_specs

    from lottie_spec_schema import validator_for

    return validator_for(load_specs())


def schema_errors(document: dict, limit: int = 5) -> list[str]:
    """Human-readable schema violations (at most `limit`), empty when the document is valid;
    what Choreo writes beyond the spec on purpose is checked as lottie_spec_schema says."""
    from lottie_spec_schema import beyond_the_spec

    document, _ = beyond_the_spec(document)
    errors = sorted(lottie_schema_validator().iter_errors(document), key=lambda e: list(e.absolute_path))
    messages = []
    for error in errors[:limit]:
        location = "/".join(str(part) for part in error.absolute_path) or "(root)"
        messages.append(f"{location}: {error.message[:300]}")
    return messages


class RlottiePlayer:
    name = "rlottie"

    def __init__(self, text: str):
        from rlottie_python import LottieAnimation

        self.animation = LottieAnimation.from_data(text)
        self.width, self.height = self.animation.lottie_animation_get_size()

    def render(self, frame: int) -> np.ndarray:
        buffer = self.animation.lottie_animation_render(frame_num=int(frame), width=self.width, height=self.height)
        # rlottie writes premultiplied ARGB32 words, i.e. B, G, R, A bytes on little-endian machines.
        bgra = np.frombuffer(buffer, dtype=np.uint8).reshape(self.height, self.width, 4)
        return over_white_premultiplied(bgra[..., [2, 1, 0, 3]])

    def close(self) -> None:
        self.animation.lottie_animation_destroy()


@lru_cache(maxsize=1)
def _thorvg_engine():
    import thorvg_python as tvg

    return tvg.Engine(threads=0)


class ThorVGPlayer:
    name = "thorvg"

    def __init__(self, text: str, width: int, height: int):
        import thorvg_python as tvg

        engine = _thorvg_engine()
        self.width, self.height = width, height
        self.canvas = tvg.SwCanvas(engine)
        # ABGR8888 is premultiplied R, G, B, A bytes on little-endian machines.
        self.canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        self.animation = tvg.LottieAnimation(engine)
        picture = self.animation.get_picture()
        result = picture.load_data(text.encode(), "lottie", None, True)
        if result != tvg.Result.SUCCESS:
            raise RuntimeError(f"ThorVG could not load the document: {result!r}")
        picture.set_size(width, height)
        self.canvas.add(picture)

    def render(self, frame: int) -> np.ndarray:
        # set_frame refuses the frame it is already on; that is harmless, the draw still happens.
        self.animation.set_frame(float(frame))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()
        rgba = np.frombuffer(bytes(self.canvas.buffer_arr), dtype=np.uint8).reshape(self.height, self.width, 4)
        return over_white_premultiplied(rgba)

    def close(self) -> None:
        self.canvas.destroy()


def open_players(text: str) -> list:
    document = json.loads(text)
    rlottie = RlottiePlayer(text)
    thorvg = ThorVGPlayer(text, int(document["w"]), int(document["h"]))
    return [rlottie, thorvg]


# MARK: lottie-web (in Chromium)

GRID_WIDTH = 1600
CELL_GAP = 8


@lru_cache(maxsize=1)
def lottie_web_script() -> str:
    """lottie-web 5.7.4 (a UMD build defining `lottie`), as shipped in the wagtail-lottie wheel."""
    from importlib.resources import files

    return (files("wagtail_lottie") / "static" / "wagtail_lottie" / "lottie-player.js").read_text(encoding="utf-8")


# One container per requested frame, each its own animation stopped at that frame with the SVG
# renderer, as a web page embeds lottie-web.
_LOTTIE_WEB_RENDER = """
async ([animationData, frames, width, height, columns, gap]) => {
  document.body.innerHTML = '';
  const loaded = frames.map((frame, index) => new Promise((done, fail) => {
    const container = document.createElement('div');
    container.style.cssText = `position:absolute;left:${(index % columns) * (width + gap)}px;` +
      `top:${Math.floor(index / columns) * (height + gap)}px;width:${width}px;height:${height}px;overflow:hidden`;
    document.body.appendChild(container);
    // A parsed copy each: lottie-web completes the data it is given in place.
    const data = JSON.parse(animationData);
    const animation = lottie.loadAnimation({container, renderer: 'svg', autoplay: false, loop: false,
                                            animationData: data});
    // goToAndStop counts from the document's in point.
    const show = () => { animation.goToAndStop(frame - (data.ip || 0), true); done(true); };
    if (animation.isLoaded) { show(); } else {
      animation.addEventListener('DOMLoaded', show);
      animation.addEventListener('data_failed', () => fail(new Error('lottie-web could not load the document')));
    }
  }));
  await Promise.all(loaded);
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  return true;
}
"""


class LottieWebPlayer:
    """lottie-web's SVG renderer in Chromium. Renders every requested frame of a document in one
    page load (a grid of stopped animations) and one screenshot; `browser` is a browser.Browser
    owned by the calling thread."""

    name = "lottie-web"

    def __init__(self, browser):
        self.browser = browser
        self._page = None

    def _prepared_page(self, width: int, height: int):
        page = self.browser.page(width, height)
        if page is not self._page or not page.evaluate("() => typeof lottie !== 'undefined'"):
            page.set_content("<!DOCTYPE html><html><head><meta charset='utf-8'><style>html,body{margin:0;"
                             "background:#fff}</style></head><body></body></html>")
            page.add_script_tag(content=lottie_web_script())
            self._page = page
        return page

    def render_frames(self, text: str, width: int, height: int, frames: list[int]) -> dict[int, np.ndarray]:
        frames = sorted(set(int(f) for f in frames))
        if not frames:
            return {}
        columns = max(1, min(len(frames), GRID_WIDTH // (width + CELL_GAP)))
        rows = (len(frames) + columns - 1) // columns
        page = self._prepared_page(columns * (width + CELL_GAP), rows * (height + CELL_GAP))
        page.evaluate(_LOTTIE_WEB_RENDER, [text, frames, width, height, columns, CELL_GAP])
        shot = self.browser.screenshot(page)
        images = {}
        for index, frame in enumerate(frames):
            x = (index % columns) * (width + CELL_GAP)
            y = (index // columns) * (height + CELL_GAP)
            images[frame] = shot[y : y + height, x : x + width].copy()
        return images
