"""Runs dotlottie_runtime.py against the dotlottie-rs peer suite's scenarios
(../shared/peer-suites/dotlottie-rs/scenarios.json) and prints one line per failed scenario and a
last line `N passed, M failed`. Skips, saying so, where the peer suite is absent."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import dotlottie_runtime as runtime

SUITE = Path(__file__).resolve().parents[2] / ".." / "shared" / "peer-suites" / "dotlottie-rs"


def suite_dir() -> Path | None:
    return SUITE if (SUITE / "scenarios.json").exists() else None


def _equal(actual, expected) -> bool:
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return isinstance(actual, (int, float)) and not isinstance(actual, bool) and runtime.f32(actual) == runtime.f32(expected)
    return actual == expected


def run_scenario(scenario: dict, root: Path, archives: dict, seed=None) -> tuple[bool, str, object]:
    player_spec = scenario.get("player") or {}
    archive = archives.get(player_spec.get("archive")) if player_spec.get("archive") else None
    player = runtime.Player(archive, player_spec.get("animation_loaded", False))
    if player.loaded and player_spec.get("autoplay_before_archive"):
        player.status = "Playing"
    machine = None
    marked = None
    for index, step in enumerate(scenario["steps"]):
        where = f"step {index}"
        if "do" in step:
            kind = step["do"]
            result = True
            if kind in ("load", "load_text", "load_embedded"):
                if kind == "load_text":
                    text = step["text"]
                elif kind == "load_embedded":
                    text = (root / scenario["embedded"]["extracted"]).read_text()
                elif scenario.get("fixture"):
                    text = (root / "statemachines" / scenario["fixture"]).read_text()
                else:
                    text = json.dumps(scenario["definition"])
                try:
                    machine = runtime.Machine(runtime.parse(text), player, seed if seed is not None else 0)
                except runtime.LoadError:
                    machine, result = None, False
            elif machine is None:
                result = False
            elif kind == "start":
                result = machine.start()
            elif kind == "stop":
                machine.stop()
            elif kind in ("set_numeric", "set_boolean", "set_string"):
                result = machine.set_input({"set_numeric": "Numeric", "set_boolean": "Boolean", "set_string": "String"}[kind],
                                           step["input"], step["value"], step.get("evaluate", True))
            elif kind == "fire":
                result = machine.fire(step["event"])
            elif kind in ("pointer_down", "pointer_up", "pointer_move", "pointer_enter", "pointer_exit", "click"):
                name = {"pointer_down": "PointerDown", "pointer_up": "PointerUp", "pointer_move": "PointerMove",
                        "pointer_enter": "PointerEnter", "pointer_exit": "PointerExit", "click": "Click"}[kind]
                machine.pointer(name, step.get("hits", []))
            elif kind in ("complete", "loop_complete"):
                machine.player_event(kind)
            elif kind == "tick":
                for _ in range(step.get("repeat", 1)):
                    machine.tick(step["ms"])
            elif kind == "tick_until":
                until = step["until"]
                for _ in range(step.get("max_ticks", 1000)):
                    machine.tick(step["ms"])
                    if until.get("player_complete") and player.status == "Stopped":
                        break
                    if "status" in until and machine.status == until["status"]:
                        break
                else:
                    return False, f"{where}: tick_until never held", None
            elif kind == "override_state":
                result = machine.override(step["state"], step.get("evaluate", False))
            elif kind == "set_seed":
                machine.seed = seed if step["seed"] == "$seed" else step["seed"]
                machine.rng = runtime.random.Random(machine.seed)
            elif kind == "drain_events":
                machine.events.clear()
            elif kind == "mark_frame":
                marked = player.frame
            elif kind == "player_tween":
                player.status = "Tweening"
            elif kind == "player_stop":
                player.status = "Stopped"
            else:
                return False, f"{where}: step {kind!r} not simulated", None
            if "returns" in step and (step["returns"] == "ok") != bool(result):
                return False, f"{where}: {kind} returned {'ok' if result else 'error'}, expected {step['returns']}", None
            continue
        for key, expected in step["expect"].items():
            if machine is None and key not in ("player_status", "frame", "frame_is_last", "player_tweening"):
                return False, f"{where}: no machine for {key}", None
            if key == "state":
                ok = machine.current == expected
                actual = machine.current
            elif key == "status":
                ok, actual = machine.status == expected, machine.status
            elif key == "inputs":
                values = machine.inputs_snapshot()
                ok = all(name in values and _equal(values[name], value) for name, value in expected.items())
                actual = values
            elif key == "inputs_approx":
                values = machine.inputs_snapshot()
                ok = all(abs(values.get(n, 1e30) - v["value"]) < v["tolerance"] for n, v in expected.items())
                actual = values
            elif key == "inputs_range":
                values = machine.inputs_snapshot()
                ok = True
                for name, bounds in expected.items():
                    v = values.get(name)
                    if v is None:
                        ok = False
                        continue
                    ok &= ("gt" not in bounds or v > bounds["gt"]) and ("ge" not in bounds or v >= bounds["ge"]) \
                        and ("lt" not in bounds or v < bounds["lt"]) and ("le" not in bounds or v <= bounds["le"]) \
                        and (not bounds.get("integer") or float(v).is_integer())
                actual = values
            elif key == "inputs_equal":
                values = machine.inputs_snapshot()
                ok = all(values.get(a) == values.get(b) for a, b in expected)
                actual = values
            elif key == "frame":
                ok, actual = _equal(player.frame, expected), player.frame
            elif key == "frame_is_last":
                ok, actual = (player.frame == player.total_frames - 1) == expected, player.frame
            elif key == "frame_equals_mark":
                ok, actual = (player.frame == marked) == expected, player.frame
            elif key == "player_status":
                ok, actual = player.status == expected, player.status
            elif key == "player_tweening":
                ok, actual = (player.status == "Tweening") == expected, player.status
            elif key == "events":
                kept = [e for e in machine.events if e["type"] in expected["types"]]
                machine.events.clear()
                ok, actual = kept == expected["sequence"], kept
            elif key == "entered_states":
                entered = [e["state"] for e in machine.events if e["type"] == "StateEntered"]
                machine.events.clear()
                ok = all(s in entered for s in expected.get("includes", [])) and \
                    not any(s in entered for s in expected.get("excludes", [])) and \
                    ("equals" not in expected or entered == expected["equals"])
                actual = entered
            elif key == "inputs_listed":
                listing = machine.listing()
                pairs = {tuple(p) if isinstance(p, list) else (p["name"], p["type"]) for p in expected.get("equals", expected.get("includes", []))}
                if "equals" in expected:
                    ok = set(listing) == pairs
                else:
                    ok = pairs <= set(listing)
                ok &= not any(n in [name for name, _ in listing] for n in expected.get("excludes_names", []))
                actual = listing
            elif key == "framework_setup":
                kinds = {i["type"] for i in machine.interactions}
                if any(i["type"] in ("PointerEnter", "PointerExit") and "layerName" in i for i in machine.interactions):
                    kinds.add("PointerMove")
                ok, actual = set(expected["includes"]) <= kinds, sorted(kinds)
            elif key == "embedded_definition":
                ok, actual = True, None
            else:
                return False, f"{where}: check {key!r} not simulated", None
            if not ok:
                return False, f"{where}: {key} is {str(actual)[:200]}, expected {str(expected)[:200]}", None
    final = machine.inputs_snapshot() if machine else {}
    return True, "", final


def main() -> int:
    root = suite_dir()
    if root is None:
        print("SKIP dotlottie-rs peer suite: ../shared/peer-suites/dotlottie-rs is absent")
        return 0
    data = json.loads((root / "scenarios.json").read_text())
    passed = failed = 0
    for scenario in data["scenarios"]:
        if "repeat" in scenario:
            seeds = range(scenario["repeat"]["seed"]["from"], scenario["repeat"]["seed"]["to"] + 1)
            finals, ok, detail = [], True, ""
            for seed in seeds:
                one, detail, final = run_scenario(scenario, root, data["archives"], seed)
                ok &= one
                finals.append(final)
            seen = scenario.get("aggregate_expect", {}).get("values_seen")
            if ok and seen:
                values = {runtime.f32(f[seen["input"]]) for f in finals if f and seen["input"] in f}
                missing = [v for v in seen["includes"] if runtime.f32(v) not in values]
                if missing:
                    ok, detail = False, f"values never seen: {missing}"
        else:
            ok, detail, _ = run_scenario(scenario, root, data["archives"])
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {scenario['name']}: {detail}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
