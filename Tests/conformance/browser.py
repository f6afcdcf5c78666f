"""Headless Chromium through Playwright, for tests that need a real page: screenshots, clicks,
hover, timing.

Playwright comes from PyPI (requirements.txt) and drives the Debian `chromium` package: nothing
downloads a browser. Playwright's API is not thread-safe, so a `Browser` belongs to the thread
that opened it; open one per worker thread and reuse its page for every scene (a launch costs
about a second, a new page content a few milliseconds).

    with Browser() as browser:
        page = browser.page(200, 100)
        page.set_content(html)
        image = browser.screenshot(page)          # (h, w, 3) uint8, composited over white
        page.click("#state-open"); page.hover("#icon")

        page = browser.isolated_page(400, 300, fake_clock=True)   # timing under the test's control
        page.goto(url); page.click("#go"); page.clock.run_for(500)
"""

from __future__ import annotations

import io
import shutil

import numpy as np
from PIL import Image

from common import over_white_straight

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
LAUNCH_ARGUMENTS = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    "--disable-extensions", "--no-first-run", "--font-render-hinting=none"]

# Resolves after two animation frames: by then the page has laid out and painted what the
# previous script changed.
AFTER_PAINT = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


class Browser:
    """One Chromium and one reusable page per size, owned by the calling thread."""

    def __init__(self, executable: str = CHROMIUM):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGUMENTS)
        except Exception:
            self._playwright.stop()
            raise
        self._page = None

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def page(self, width: int, height: int):
        """The browser's one page, resized to `width` × `height` CSS px (device scale 1)."""
        if self._page is None or self._page.is_closed():
            context = self._browser.new_context(device_scale_factor=1, viewport={"width": width, "height": height})
            self._page = context.new_page()
        else:
            self._page.set_viewport_size({"width": width, "height": height})
        return self._page

    def isolated_page(self, width: int, height: int, fake_clock: bool = False, reduced_motion: str | None = None):
        """A page of its own (a fresh context: no state shared with other pages). With
        `fake_clock`, the page's timers, requestAnimationFrame, Date and performance.now stand still
        (at 1 s) until the test moves them (`page.clock.run_for(ms)`), so timing in the page is
        deterministic however loaded the machine is. With `reduced_motion="reduce"` the page matches
        `prefers-reduced-motion: reduce`. Close it with `page.context.close()`."""
        options = {"reduced_motion": reduced_motion} if reduced_motion else {}
        context = self._browser.new_context(device_scale_factor=1, viewport={"width": width, "height": height}, **options)
        page = context.new_page()
        if fake_clock:
            # Installed, Playwright's clock still runs with real time until paused.
            page.clock.install(time=0)
            page.clock.pause_at(1000)
        return page

    def load(self, html: str, width: int, height: int, url: str | None = None):
        """Shows `html` (or navigates to `url`) in a page of that size; waits until it has painted."""
        page = self.page(width, height)
        if url is not None:
            page.goto(url, wait_until="load")
        else:
            page.set_content(html, wait_until="load")
        page.evaluate(AFTER_PAINT)
        return page

    @staticmethod
    def screenshot(page, clip: tuple[int, int, int, int] | None = None) -> np.ndarray:
        """The viewport (or `clip` = x, y, w, h) as RGB over white, straight alpha like PNG."""
        options = {"type": "png", "omit_background": True}
        if clip is not None:
            x, y, w, h = clip
            options["clip"] = {"x": x, "y": y, "width": w, "height": h}
        data = page.screenshot(**options)
        with Image.open(io.BytesIO(data)) as image:
            return over_white_straight(np.asarray(image.convert("RGBA")))

    @staticmethod
    def click(page, selector: str) -> None:
        page.click(selector)

    @staticmethod
    def hover(page, selector: str) -> None:
        page.hover(selector)

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._playwright.stop()
