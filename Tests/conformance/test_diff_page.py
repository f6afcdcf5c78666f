"""`choreo diff --html DIR` writes a page that loads in Chromium without errors.

Two versions of scenes/toggle-spring.yaml (a colour and a duration changed, and a scene text that
tries to inject markup) are compared; the page must load from file:// with no script error and no
console error, show the changed transition as two filmstrips of the same length side by side, and
hold both interactive SVGs, which still answer a click.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_diff_page.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402
from common import REPO_ROOT  # noqa: E402
from test_tgs import choreo  # noqa: E402


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("diff-page")
    scene = (REPO_ROOT / "scenes" / "toggle-spring.yaml").read_text()
    old = work / "old.yaml"
    new = work / "new.yaml"
    old.write_text(scene.replace('a11y: {label: "On"}', 'a11y: {label: "On <script>alert(1)</script>"}'))
    changed = scene.replace('#34C759', '#30D158').replace("to: enabled\n    on: tap\n    easing: bouncy",
                                                          "to: enabled\n    on: tap\n    easing: bouncy\n    duration: 0.8s")
    new.write_text(changed.replace('a11y: {label: "On"}', 'a11y: {label: "On </figcaption><img src=x onerror=alert(2)>"}'))
    out = work / "html"
    result = subprocess.run([choreo(), "diff", str(old), str(new), "--html", str(out)], capture_output=True, text=True)
    assert result.returncode == 1, result.stdout + result.stderr
    page = out / "toggle-spring.html"
    assert page.is_file(), result.stderr
    return page


def test_the_diff_page_loads_without_errors(page_file):
    html = page_file.read_text()
    assert "<img src=x" not in html and "<script>alert" not in html, "scene text reached the page unescaped"
    with Browser() as browser:
        page = browser.isolated_page(1200, 900)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(page_file.as_uri(), wait_until="load")
        assert page.locator("h2", has_text="disabled->enabled").count() == 1
        # The changed transition, and the one leaving the state whose pose changed.
        strips = page.locator(".strips .strip")
        assert strips.count() == 4
        before, after = (strips.nth(0).locator("figure").count(), strips.nth(1).locator("figure").count())
        assert before == after and before >= 2, (before, after)
        pair = page.locator(".pair figure > svg")
        assert pair.count() == 2
        page.evaluate("""() => document.querySelector('.pair .after > svg')
            .addEventListener('choreo-state', event => { window.reached = event.detail.state; })""")
        page.locator(".pair .after > svg").click()
        page.wait_for_function("() => window.reached !== undefined", timeout=5000)
        events = page.evaluate("() => window.reached")
        assert events is not None, "the after SVG did not answer a click"
        page.context.close()
        assert not errors, errors
