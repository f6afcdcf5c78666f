"""`choreo preview --serve` in a real browser: the open page reloads by itself within a second of
the scene file changing, shows the diagnostics (as text, not markup) while the scene has errors,
and shows the picture again once it is fixed.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_live_preview.py
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

GOOD = """choreo: 1
name: {name}
size: [100, 100]
layers:
  - id: dot
    shape: ellipse
    radius: 10
    position: [50, 50]
    fill: "#ff0000"
"""

# A misspelled key, with markup in a comment on the line the diagnostic quotes.
BROKEN = """choreo: 1
name: broken
size: [100, 100]
layers:
  - id: dot
    shape: ellipse
    radius: 10
    rotaton: 45deg  # <img src=x onerror="document.body.dataset.injected=1">
"""


def choreo_binary() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        pytest.skip("CHOREO (the path of a built choreo) is not set")
    return path


def replace_by_rename(path: Path, text: str) -> None:
    """Saves as editors do: a new file renamed over the old one."""
    temporary = path.with_name(path.name + ".tmp~")
    temporary.write_text(text)
    os.replace(temporary, path)


@pytest.fixture()
def server():
    with tempfile.TemporaryDirectory() as directory:
        scene = Path(directory) / "scene.yaml"
        scene.write_text(GOOD.format(name="first"))
        process = subprocess.Popen([choreo_binary(), "preview", str(scene), "--serve", "--port", "0"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = None
            deadline = time.monotonic() + 20
            while url is None and time.monotonic() < deadline:
                line = process.stdout.readline()
                if not line:
                    break
                match = re.match(r"serving (http://127\.0\.0\.1:\d+/)$", line.strip())
                if match:
                    url = match.group(1)
            assert url, "choreo did not print its address"
            yield scene, url, process
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def test_the_open_page_reloads_itself_shows_errors_and_recovers(server):
    scene, url, process = server
    with Browser() as browser:
        page = browser.isolated_page(800, 600)
        try:
            page.goto(url, wait_until="load")
            assert page.locator("#stage svg").count() == 1
            assert "first" in page.title()
            # A reload makes a new window object, which does not have this mark.
            page.evaluate("() => { window.choreoMark = 1 }")

            started = time.monotonic()
            replace_by_rename(scene, BROKEN)
            page.wait_for_selector("#choreo-diagnostics", timeout=3000)
            # By design 0.2 s (file poll) + 0.3 s (page poll) + compile + reload; 2 s leaves room for a loaded machine.
            assert time.monotonic() - started < 2.0, "the page took more than 2 s to show the errors"
            assert page.evaluate("() => window.choreoMark") is None
            text = page.inner_text("#choreo-diagnostics")
            assert "rotaton" in text
            assert '<img src=x onerror="document.body.dataset.injected=1">' in text  # shown, not parsed
            assert page.locator("#choreo-diagnostics img").count() == 0
            assert page.evaluate("() => document.body.dataset.injected") is None
            assert page.locator("#stage svg").count() == 0

            page.evaluate("() => { window.choreoMark = 2 }")
            started = time.monotonic()
            scene.write_text(GOOD.format(name="second"))
            page.wait_for_selector("#stage svg", timeout=3000)
            assert time.monotonic() - started < 2.0, "the page took more than 2 s to show the picture"
            assert page.evaluate("() => window.choreoMark") is None
            assert "second" in page.title()
            assert page.locator("#choreo-diagnostics").count() == 0
        finally:
            page.context.close()

    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=5) == 0
