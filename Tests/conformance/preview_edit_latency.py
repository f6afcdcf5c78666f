"""How long the served preview takes from the end of a drag to showing the recompiled motion
(contract §24: ≤ 100 ms at 1,000 nodes), in Chromium with a real mouse.

Each drag moves the first transition's duration handle; the page measures from the pointer's
release to its reload having loaded (`data-edit-latency` on its body): the request, the edit, the
guarded write, the recompile and the new page. Prints the median and the maximum.

Run: .venv/bin/python Tests/conformance/preview_edit_latency.py --choreo .build/release/choreo \
         --scene <(.build/release/choreo-bench --scene heavy 1000) [--drags 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402
from test_preview_edit import drag, ready, serving  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--scene", required=True)
    parser.add_argument("--drags", type=int, default=15)
    arguments = parser.parse_args()
    os.environ["CHOREO"] = arguments.choreo
    text = Path(arguments.scene).read_text()
    nodes = text.count("\n  - ")
    latencies = []
    with Browser() as browser, serving(text) as (scene, url):
        page = browser.isolated_page(1200, 1000)
        page.goto(url)
        ready(page)
        for index in range(arguments.drags):
            drag(page, "#h-transitions-0-duration", 40 if index % 2 == 0 else -40)
            latencies.append(int(page.get_attribute("body", "data-edit-latency")))
        page.context.close()
    print(f"preview edit, a scene of {nodes} layers ({len(text.encode()) / 1e6:.2f} MB): end of drag to the page showing the "
          f"recompiled motion {statistics.median(latencies)} ms median, {max(latencies)} ms max of {len(latencies)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
