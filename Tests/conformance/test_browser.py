"""browser.py works as later browser tests rely on: Playwright drives the Debian Chromium, real
pointer input reaches the page (click, hover), the fake clock holds page time until moved, and
screenshots come back as RGB over white at CSS pixel size.

Run: .venv/bin/python -m pytest Tests/conformance/test_browser.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

PAGE = """<!DOCTYPE html><html><body style="margin:0;background:#fff">
<div id="box" style="position:absolute;left:10px;top:10px;width:40px;height:20px;background:rgb(255,0,0)"></div>
<button id="go" style="position:absolute;left:10px;top:50px">go</button>
<script>
  var box = document.getElementById('box');
  document.getElementById('go').addEventListener('click', function (event) {
    document.body.dataset.clicked = event.isTrusted ? 'trusted' : 'synthetic';
    setTimeout(function () { box.style.background = 'rgb(0,0,255)'; }, 1000);
  });
  box.addEventListener('pointerenter', function () { document.body.dataset.hovered = 'yes'; });
</script></body></html>"""


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def test_screenshots_are_rgb_over_white_at_css_size(browser):
    page = browser.load(PAGE, 120, 80)
    image = browser.screenshot(page)
    assert image.shape == (80, 120, 3)
    assert tuple(image[20, 30]) == (255, 0, 0)
    assert tuple(image[5, 5]) == (255, 255, 255)
    assert browser.screenshot(page, (10, 10, 40, 20)).shape == (20, 40, 3)


def test_real_clicks_and_hover_reach_the_page_and_the_clock_waits_for_the_test(browser):
    page = browser.isolated_page(120, 80, fake_clock=True)
    try:
        page.set_content(PAGE)
        browser.hover(page, "#box")
        assert page.evaluate("() => document.body.dataset.hovered") == "yes"
        browser.click(page, "#go")
        assert page.evaluate("() => document.body.dataset.clicked") == "trusted"
        # Page time stands still: the timer set by the click has not fired.
        page.wait_for_timeout(1200)
        assert tuple(browser.screenshot(page)[20, 30]) == (255, 0, 0)
        page.clock.run_for(1000)
        assert tuple(browser.screenshot(page)[20, 30]) == (0, 0, 255)
    finally:
        page.context.close()
