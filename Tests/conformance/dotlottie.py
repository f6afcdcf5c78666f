"""dotLottie archives as the players read them, for the conformance suite (test tooling only).

- `read_archive`: the members of a `.lottie` (ZIP) file, checked for the container rules the
  players depend on (manifest version "2" as a string, Deflate, `a/NAME.json` last).
- `check_state_machine`: the JSON Schema of the format (as dotlottie-rs 0.1.58 parses it, see
  schemas/dotlottie-state-machine.schema.json) plus the load-time and cross-file rules
  dotlottie-rs enforces (`security/mod.rs`): unique state names, at most one guardless transition
  per state and one GlobalState, guards and actions naming declared inputs (Event guards an Event
  input), every `segment` a marker of the animation, every state reference a state.
- `Machine`: a simulator of dotlottie-rs's state-machine semantics (reference §2.3–2.5): a
  PlaybackState that autoplays plays its segment once (or loops); one that does not shows the
  segment's first frame and never completes; an interaction fires its actions; `Fire` makes the
  current state's transitions whose Event guard names that input eligible, the first one in
  list order is taken; guardless transitions are taken at once, after evaluating the event;
  `OnComplete` interactions of a state run when its segment has played (not for a looping one).
"""

from __future__ import annotations

import json
import os
import subprocess
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "dotlottie-state-machine.schema.json"

POINTER_INTERACTIONS = {"Click", "PointerDown", "PointerUp", "PointerEnter", "PointerExit", "PointerMove"}


@dataclass
class Archive:
    names: list[str]
    manifest: dict
    animations: dict[str, dict]
    state_machines: dict[str, dict]
    themes: dict[str, dict]
    problems: list[str] = field(default_factory=list)


def read_archive(path: Path) -> Archive:
    """Reads a `.lottie` and records every container rule it breaks in `problems`."""
    problems: list[str] = []
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        names = [info.filename for info in infos]
        for info in infos:
            if info.compress_type != zipfile.ZIP_DEFLATED:
                problems.append(f"{info.filename} is not Deflate-compressed (method {info.compress_type})")
        bad = archive.testzip()
        if bad is not None:
            problems.append(f"{bad} fails its CRC check")
        contents = {name: archive.read(name) for name in names}
    if not names or names[0] != "manifest.json":
        problems.append(f"manifest.json is not the first member: {names}")
    manifest = json.loads(contents.get("manifest.json", b"{}"))
    if manifest.get("version") != "2":
        problems.append(f"manifest version is {manifest.get('version')!r}, not the string '2'")
    animations = {}
    for entry in manifest.get("animations", []):
        member = f"a/{entry['id']}.json"
        if member not in contents:
            problems.append(f"manifest names animation {entry['id']!r} but {member} is missing")
        else:
            animations[entry["id"]] = json.loads(contents[member])
    last_json = [n for n in names if n.endswith(".json")][-1:] or [""]
    if not last_json[0].startswith("a/"):
        problems.append(f"the last JSON member is {last_json[0]!r}, not the animation (lottie-android keeps the last one)")
    state_machines = {}
    for entry in manifest.get("stateMachines", []):
        member = f"s/{entry['id']}.json"
        if member not in contents:
            problems.append(f"manifest names state machine {entry['id']!r} but {member} is missing")
        else:
            state_machines[entry["id"]] = json.loads(contents[member])
    themes = {}
    for entry in manifest.get("themes", []):
        member = f"t/{entry['id']}.json"
        if member not in contents:
            problems.append(f"manifest names theme {entry['id']!r} but {member} is missing")
        else:
            themes[entry["id"]] = json.loads(contents[member])
    listed = {f"a/{i}.json" for i in animations} | {f"s/{i}.json" for i in state_machines} | {f"t/{i}.json" for i in themes}
    for name in names:
        if name != "manifest.json" and name not in listed:
            problems.append(f"{name} is not listed in the manifest")
    initial = manifest.get("initial", {})
    if initial.get("animation") not in animations:
        problems.append(f"manifest initial.animation {initial.get('animation')!r} is not an animation")
    if state_machines and initial.get("stateMachine") not in state_machines:
        problems.append(f"manifest initial.stateMachine {initial.get('stateMachine')!r} is not a state machine")
    return Archive(names, manifest, animations, state_machines, themes, problems)


@lru_cache(maxsize=1)
def compile_archive(scene: Path, out: Path) -> tuple[Archive, dict]:
    """`scene` compiled by $CHOREO with `--emit dotlottie,timeline` into `out`: its archive as the
    players read it and its timeline JSON."""
    choreo = os.environ.get("CHOREO")
    assert choreo, "set CHOREO to the choreo binary"
    subprocess.run([choreo, "compile", str(scene), "-o", str(out), "--emit", "dotlottie,timeline"], check=True)
    archive = read_archive(out / f"{scene.stem}.lottie")
    timeline = json.loads((out / f"{scene.stem}.timeline.json").read_text())
    return archive, timeline


def _validator():
    import jsonschema

    return jsonschema.Draft7Validator(json.loads(SCHEMA_PATH.read_text()))


def markers(animation: dict) -> dict[str, tuple[int, int]]:
    return {m["cm"]: (int(m["tm"]), int(m["tm"]) + int(m["dr"])) for m in animation.get("markers", [])}


def check_state_machine(machine: dict, animation: dict) -> list[str]:
    """Every schema error and broken load-time or cross-file rule, as messages (empty = valid)."""
    problems = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator().iter_errors(machine)]
    if problems:
        return problems
    states = machine["states"]
    names = [s["name"] for s in states]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        problems.append(f"state names used twice: {duplicates}")
    if machine["initial"] not in names:
        problems.append(f"initial {machine['initial']!r} is not a state")
    if sum(1 for s in states if s["type"] == "GlobalState") > 1:
        problems.append("more than one GlobalState")
    inputs = {i["name"]: i["type"] for i in machine.get("inputs", [])}
    known_markers = markers(animation)
    for state in states:
        segment = state.get("segment")
        if state["type"] == "PlaybackState" and segment is not None and segment not in known_markers:
            problems.append(f"state {state['name']!r}: segment {segment!r} is not a marker of the animation")
        guardless = [t for t in state["transitions"] if not t.get("guards")]
        if len(guardless) > 1:
            problems.append(f"state {state['name']!r} has {len(guardless)} guardless transitions")
        for transition in state["transitions"]:
            if transition["toState"] not in names:
                problems.append(f"state {state['name']!r}: transition to unknown state {transition['toState']!r}")
            for guard in transition.get("guards", []):
                expected = guard["type"]
                if inputs.get(guard["inputName"]) != expected:
                    problems.append(
                        f"state {state['name']!r}: {expected} guard on {guard['inputName']!r}, which is not a declared {expected} input")
    for interaction in machine.get("interactions", []):
        if "stateName" in interaction and interaction["stateName"] not in names:
            problems.append(f"{interaction['type']} names unknown state {interaction['stateName']!r}")
        if "layerName" in interaction and interaction["layerName"] not in {l.get("nm") for l in animation.get("layers", [])}:
            problems.append(f"{interaction['type']} names unknown layer {interaction['layerName']!r}")
        for action in interaction["actions"]:
            if "inputName" in action and action["inputName"] not in inputs:
                problems.append(f"{interaction['type']} action {action['type']} names undeclared input {action['inputName']!r}")
    return problems


class InfiniteLoop(RuntimeError):
    pass


class Machine:
    """dotlottie-rs's state machine, reduced to what decides which segment plays when."""

    def __init__(self, definition: dict, animation: dict):
        self.definition = definition
        self.states = {s["name"]: s for s in definition["states"]}
        self.interactions = definition.get("interactions", [])
        self.markers = markers(animation)
        self.history: list[str] = []
        self.current: str | None = None
        self.playing = False
        self._enter(definition["initial"])

    # The segment on screen: (marker name, first frame, end frame exclusive).
    @property
    def segment(self) -> tuple[str, int, int] | None:
        name = self.states[self.current].get("segment")
        return (name, *self.markers[name]) if name in self.markers else None

    @property
    def at_rest(self) -> bool:
        """Nothing more happens without input: the state shows a still frame or loops."""
        state = self.states[self.current]
        return not state.get("autoplay", False) or state.get("loop", False)

    def _enter(self, name: str, depth: int = 0) -> None:
        if depth > 100:
            raise InfiniteLoop(f"transitions keep firing: {self.history[-10:]}")
        self.current = name
        self.history.append(name)
        self.playing = bool(self.states[name].get("autoplay", False))
        # Guardless transitions are taken at once, before anything plays.
        for transition in self.states[name]["transitions"]:
            if not transition.get("guards"):
                self._enter(transition["toState"], depth + 1)
                return

    def fire(self, event: str) -> None:
        """`stateMachineFireEvent(event)`: the first transition of the current state guarded by
        that Event input is taken."""
        for transition in self.states[self.current]["transitions"]:
            guards = transition.get("guards", [])
            if guards and all(g["type"] == "Event" and g["inputName"] == event for g in guards):
                self._enter(transition["toState"])
                return

    def _run(self, actions: list[dict]) -> None:
        for action in actions:
            if action["type"] == "Fire":
                self.fire(action["inputName"])
            else:
                raise NotImplementedError(f"action {action['type']} is not simulated")

    def pointer(self, interaction_type: str) -> None:
        """A pointer event on the canvas (no layer hit-testing: Choreo never writes layerName)."""
        for interaction in self.interactions:
            if interaction["type"] == interaction_type:
                self._run(interaction["actions"])

    def play_to_end(self) -> bool:
        """Plays the current segment to its end; True if it completed (and OnComplete ran)."""
        state = self.states[self.current]
        if not self.playing or state.get("loop", False):
            return False
        self.playing = False
        completed = self.current
        for interaction in self.interactions:
            if interaction["type"] == "OnComplete" and interaction.get("stateName") == completed:
                self._run(interaction["actions"])
        return True

    def settle(self, limit: int = 100) -> None:
        """Lets time pass until the machine rests."""
        for _ in range(limit):
            if self.at_rest or not self.play_to_end():
                return
        raise InfiniteLoop(f"never rests: {self.history[-10:]}")


def theme_slots(theme: dict) -> dict:
    """A theme file's rules as Lottie slot data (`{"ID": {"p": property}}`), the conversion the
    dotLottie players make before handing slots to ThorVG (dotlottie-rs `theme.rs`): a `value` is a
    still property, `keyframes` a keyframed one (`frame` → `t`, `value` → `s`, `hold` → `h`,
    `outTangent`/`inTangent` → `o`/`i`, the handles of the motion towards the next keyframe)."""
    slots = {}
    for rule in theme["rules"]:
        if rule["type"] not in ("Color", "Scalar", "Vector", "Position"):
            raise NotImplementedError(f"theme rule type {rule['type']} is not converted")
        if "keyframes" in rule:
            keys = []
            for key in rule["keyframes"]:
                value = key["value"] if isinstance(key["value"], list) else [key["value"]]
                entry = {"t": key["frame"], "s": value}
                if key.get("hold"):
                    entry["h"] = 1
                for name, handle in (("outTangent", "o"), ("inTangent", "i")):
                    if name in key:
                        entry[handle] = {"x": [key[name]["x"]], "y": [key[name]["y"]]}
                keys.append(entry)
            slots[rule["id"]] = {"p": {"a": 1, "k": keys}}
        else:
            slots[rule["id"]] = {"p": {"a": 0, "k": rule["value"]}}
    return slots
