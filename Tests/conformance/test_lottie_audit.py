"""The player-pitfall audit (lottie_audit.py) must catch every pitfall it names.

A small clean document passes; then each test breaks it the way an emitter could and checks that
the audit reports exactly that rule.

Run: .venv/bin/python -m pytest Tests/conformance/test_lottie_audit.py
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lottie_audit import audit, progress_range  # noqa: E402


def static(value):
    return {"a": 0, "k": value}


def animated(*keyframes):
    return {"a": 1, "k": list(keyframes)}


def keyframe(t, value, out_y=0.0, in_y=1.0, out_x=0.42, in_x=0.58, hold=False):
    frame = {"t": t, "s": value if isinstance(value, list) else [value]}
    if hold:
        frame["h"] = 1
    else:
        frame["o"] = {"x": [out_x], "y": [out_y]}
        frame["i"] = {"x": [in_x], "y": [in_y]}
    return frame


def transform(opacity=None):
    return {"ty": "tr", "a": static([0, 0]), "p": static([50, 50]), "s": static([100, 100]), "r": static(0),
            "o": opacity or static(100)}


def clean_document() -> dict:
    """A stroked, trimmed ring; a gradient-filled rounded rect; a dashed stroke; eased opacity."""
    ring = {"ty": "gr", "nm": "ring", "it": [
        {"ty": "el", "d": 1, "p": static([0, 0]), "s": static([60, 60])},
        {"ty": "tm", "s": static(0), "e": animated(keyframe(0, 10), {"t": 30, "s": [100]}), "o": static(0), "m": 2},
        {"ty": "st", "c": static([0.2, 0.4, 1]), "o": static(100), "w": static(6), "lc": 2, "lj": 2, "ml": 4,
         "d": [{"n": "d", "nm": "dash", "v": static(6)}, {"n": "g", "nm": "gap", "v": static(4)},
               {"n": "o", "nm": "offset", "v": static(0)}]},
        transform(),
    ]}
    tile = {"ty": "gr", "nm": "tile", "it": [
        {"ty": "rc", "d": 1, "p": static([0, 0]), "s": static([30, 30]), "r": static(4)},
        {"ty": "gf", "o": static(100), "r": 1, "s": static([-15, 0]), "e": static([15, 0]), "t": 1,
         "g": {"p": 2, "k": animated(keyframe(0, [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]),
                                      {"t": 30, "s": [0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1]})}},
        transform(),
    ]}
    layer = {"ty": 4, "ddd": 0, "ind": 1, "nm": "shapes", "sr": 1, "st": 0, "ip": 0, "op": 31, "ao": 0, "bm": 0,
             "ks": {"a": static([0, 0]), "p": static([0, 0]), "s": static([100, 100]), "r": static(0),
                    "o": animated(keyframe(0, 0), {"t": 30, "s": [100]})},
             "shapes": [ring, tile]}
    return {"v": "5.7.4", "fr": 30, "ip": 0, "op": 31, "w": 100, "h": 100, "ddd": 0, "assets": [], "layers": [layer]}


def items(document: dict, group: str) -> list:
    for shape in document["layers"][0]["shapes"]:
        if shape["nm"] == group:
            return shape["it"]
    raise KeyError(group)


def item(document: dict, group: str, kind: str) -> dict:
    return next(i for i in items(document, group) if i["ty"] == kind)


def rules(document: dict) -> set[str]:
    return {finding.rule for finding in audit(document)}


def test_the_clean_document_passes():
    assert audit(clean_document()) == []


def broken(change) -> dict:
    document = copy.deepcopy(clean_document())
    change(document)
    return document


@pytest.mark.parametrize("name, change, rule", [
    ("trim on a filled shape",
     lambda d: items(d, "ring").insert(2, {"ty": "fl", "c": static([1, 0, 0]), "o": static(100), "r": 1}), "trim-on-fill"),
    ("trim on a group whose nested group fills",
     lambda d: items(d, "ring").insert(0, {"ty": "gr", "it": [{"ty": "fl", "c": static([1, 0, 0]), "o": static(100)},
                                                                 transform()]}), "trim-on-fill"),
    ("trim without m", lambda d: item(d, "ring", "tm").pop("m"), "trim-mode"),
    ("trim simultaneously", lambda d: item(d, "ring", "tm").update(m=1), "trim-mode"),
    ("gradient array one number short",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"][0]["s"].pop(), "gradient-stops"),
    ("gradient p larger than the colours written", lambda d: item(d, "tile", "gf")["g"].update(p=3), "gradient-stops"),
    ("opacity stops differing between keyframes",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"][1]["s"].extend([0.5, 1]), "gradient-stops"),
    ("gradient offset outside 0…1", lambda d: item(d, "tile", "gf")["g"]["k"]["k"][0]["s"].__setitem__(4, 1.2),
     "gradient-stops"),
    ("gradient offsets going backwards",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"][0]["s"].__setitem__(4, -0.0) or
     item(d, "tile", "gf")["g"]["k"]["k"][0]["s"].__setitem__(0, 0.6), "gradient-stops"),
    ("two gradient stops at one offset",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"][0]["s"].__setitem__(4, 0.0), "gradient-hard-edge"),
    ("gradient colour channel above 1",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"][1]["s"].__setitem__(1, 1.3), "out-of-range"),
    ("gradient hold over frames",
     lambda d: item(d, "tile", "gf")["g"]["k"]["k"].__setitem__(0, keyframe(0, [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5],
                                                                           hold=True)), "gradient-hold"),
    ("easing handle x above 1",
     lambda d: d["layers"][0]["ks"]["o"]["k"][0]["o"].update(x=[1.2]), "easing-x"),
    ("easing handle x below 0",
     lambda d: item(d, "ring", "tm")["e"]["k"][0]["i"].update(x=[-0.1]), "easing-x"),
    ("layer opacity keyframe above 100", lambda d: d["layers"][0]["ks"]["o"]["k"][1].update(s=[120]), "out-of-range"),
    ("layer opacity overshooting between keyframes (handle y 1.6)",
     lambda d: d["layers"][0]["ks"]["o"]["k"][0]["i"].update(y=[1.6]), "out-of-range"),
    ("group opacity below 0", lambda d: item(d, "tile", "tr").update(o=static(-20)), "out-of-range"),
    ("stroke colour channel outside 0…1", lambda d: item(d, "ring", "st").update(c=static([1.2, -0.1, 0.5])),
     "out-of-range"),
    ("stroke opacity above 100", lambda d: item(d, "ring", "st").update(o=static(150)), "out-of-range"),
    ("trim end above 100", lambda d: item(d, "ring", "tm")["e"]["k"][1].update(s=[110]), "out-of-range"),
    ("trim start below 0", lambda d: item(d, "ring", "tm").update(s=static(-10)), "out-of-range"),
    ("trim end overshooting between keyframes",
     lambda d: item(d, "ring", "tm")["e"]["k"][0]["i"].update(y=[1.5]), "out-of-range"),
    ("negative stroke width", lambda d: item(d, "ring", "st").update(w=static(-1)), "out-of-range"),
    ("negative corner radius", lambda d: item(d, "tile", "rc").update(r=static(-2)), "out-of-range"),
    ("path keyframes with different vertex counts", lambda d: items(d, "tile").insert(0, {"ty": "sh", "ks": animated(
        {"t": 0, "s": [{"c": True, "v": [[0, 0], [10, 0], [0, 10]], "i": [[0, 0]] * 3, "o": [[0, 0]] * 3}], "h": 1},
        {"t": 10, "s": [{"c": True, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}]})}),
     "path-vertices"),
    ("dash entry without nm", lambda d: item(d, "ring", "st")["d"][0].pop("nm"), "dash-name"),
    ("two dash entries of one name", lambda d: item(d, "ring", "st")["d"].insert(2, {"n": "d", "nm": "dash", "v": static(2)}), "dash-name"),
    ("animated dash", lambda d: item(d, "ring", "st")["d"][0].update(v=animated(keyframe(0, 6), {"t": 30, "s": [2]})),
     "unsupported"),
    ("merge paths", lambda d: items(d, "tile").insert(1, {"ty": "mm", "mm": 1}), "unsupported"),
    ("rounded corners on combined shapes",
     lambda d: items(d, "tile").extend([{"ty": "el", "p": static([0, 0]), "s": static([5, 5])},
                                        {"ty": "rd", "r": static(3)}]), "unsupported"),
    ("rounded corners on a polystar",
     lambda d: items(d, "tile").__setitem__(0, {"ty": "sr", "sy": 1, "pt": static(5), "p": static([0, 0]),
                                                "r": static(0), "or": static(15), "os": static(0)})
     or items(d, "tile").insert(1, {"ty": "rd", "r": static(3)}), "unsupported"),
    ("negative polystar radius",
     lambda d: items(d, "tile").__setitem__(0, {"ty": "sr", "sy": 2, "pt": static(5), "p": static([0, 0]),
                                                "r": static(0), "or": static(-15), "os": static(0)}), "out-of-range"),
    ("auto-orient", lambda d: d["layers"][0].update(ao=1), "unsupported"),
    ("expression", lambda d: d["layers"][0]["ks"]["r"].update(x="time * 360"), "unsupported"),
])
def test_the_audit_catches(name, change, rule):
    document = broken(change)
    found = rules(document)
    assert rule in found, f"{name}: expected {rule}, got {found or 'nothing'}"


def test_overshoot_range_of_an_easing():
    low, high = progress_range(-0.5, 1.5)
    assert low < -0.05 and high > 1.05
    assert progress_range(0, 1) == pytest.approx((0, 1))


def test_the_command_line_fails_on_a_bad_file_and_passes_a_good_one(tmp_path):
    script = Path(__file__).resolve().parent / "lottie_audit.py"
    (tmp_path / "good.json").write_text(json.dumps(clean_document()))
    (tmp_path / "good.timeline.json").write_text("{}")  # not a Lottie document: skipped
    good = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True, text=True)
    assert good.returncode == 0, good.stdout
    assert good.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"
    (tmp_path / "bad.json").write_text(json.dumps(broken(lambda d: item(d, "ring", "tm").pop("m"))))
    bad = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True, text=True)
    assert bad.returncode == 1
    assert "bad.json: trim-mode" in bad.stdout
    assert bad.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"
