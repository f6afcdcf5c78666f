"""dotlottie-rs's state-machine runtime, rebuilt from the rules written down in the peer suite's
README (../shared/peer-suites/dotlottie-rs/README.md): loading and its checks, inputs, guards, the
evaluation loop, entry and exit actions, interactions, ticks, tweens and the infinite-loop stop.
`dotlottie_peer_suite.py` checks it against the suite's scenarios; `dotlottie_suite.py` then runs
every compiled machine through it."""

from __future__ import annotations

import json
import math
import random
import struct


def f32(value: float) -> float:
    return struct.unpack("f", struct.pack("f", float(value)))[0]


class LoadError(ValueError):
    pass


STATE_TYPES = {"PlaybackState", "GlobalState"}
TRANSITION_TYPES = {"Transition", "Tweened"}
GUARD_TYPES = {"Numeric", "String", "Boolean", "Event"}
INPUT_TYPES = {"Numeric", "String", "Boolean", "Event"}
CONDITIONS = {"Equal", "NotEqual", "GreaterThan", "GreaterThanOrEqual", "LessThan", "LessThanOrEqual"}
MODES = {"Forward", "Reverse", "Bounce", "ReverseBounce"}
INTERACTIONS = {"PointerDown", "PointerUp", "PointerEnter", "PointerExit", "PointerMove", "Click", "OnComplete", "OnLoopComplete"}
ACTION_FIELDS = {
    "Increment": ["inputName"], "Decrement": ["inputName"], "Toggle": ["inputName"], "SetBoolean": ["inputName", "value"],
    "SetNumeric": ["inputName", "value"], "SetString": ["inputName", "value"], "SetRandom": ["inputName"],
    "Multiply": ["inputName", "value"], "Floor": ["inputName"], "Clamp": ["inputName"], "Fire": ["inputName"],
    "Reset": ["inputName"], "SetFrame": ["value"], "SetProgress": ["value"], "SetTheme": ["value"],
    "FireCustomEvent": ["value"], "OpenUrl": ["url", "target"],
}


def _clean(obj):
    """Keys set to null count as absent."""
    if isinstance(obj, dict):
        return {k: _clean(v) for k, v in obj.items() if v is not None}
    if isinstance(obj, list):
        return [_clean(v) for v in obj]
    return obj


def _require(obj: dict, keys: list[str], what: str) -> None:
    if not isinstance(obj, dict):
        raise LoadError(f"{what} is not an object")
    for key in keys:
        if key not in obj:
            raise LoadError(f"{what} lacks {key!r}")


def _typed(obj: dict, key: str, kind, what: str) -> None:
    if key in obj and not (isinstance(obj[key], kind) and not (kind in (int, float, (int, float)) and isinstance(obj[key], bool))):
        raise LoadError(f"{what}: {key!r} has the wrong type")


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse(text: str) -> dict:
    try:
        definition = json.loads(text)
    except (ValueError, TypeError) as error:
        raise LoadError(f"not JSON: {error}") from error
    definition = _clean(definition)
    _require(definition, ["initial", "states"], "the machine")
    if not isinstance(definition["initial"], str) or not isinstance(definition["states"], list):
        raise LoadError("initial/states have the wrong type")
    for state in definition["states"]:
        _require(state, ["type", "name", "transitions"], "a state")
        if state["type"] not in STATE_TYPES:
            raise LoadError(f"unknown state type {state['type']!r}")
        if state["type"] == "PlaybackState":
            _require(state, ["animation"], "a PlaybackState")
            for key, kind in (("loop", bool), ("final", bool), ("autoplay", bool), ("segment", str), ("animation", str)):
                _typed(state, key, kind, state["name"])
            if "loopCount" in state and not (isinstance(state["loopCount"], int) and not isinstance(state["loopCount"], bool) and state["loopCount"] >= 0):
                raise LoadError("loopCount must be a non-negative integer")
            if "speed" in state and not _is_number(state["speed"]):
                raise LoadError("speed must be a number")
            if "backgroundColor" in state and not (isinstance(state["backgroundColor"], int) and not isinstance(state["backgroundColor"], bool)):
                raise LoadError("backgroundColor must be an integer")
            if "mode" in state and state["mode"] not in MODES:
                raise LoadError(f"unknown mode {state['mode']!r}")
        for key in ("entryActions", "exitActions"):
            if key in state:
                if not isinstance(state[key], list):
                    raise LoadError(f"{key} is not a list")
                for action in state[key]:
                    _check_action(action)
        if not isinstance(state["transitions"], list):
            raise LoadError("transitions is not a list")
        for transition in state["transitions"]:
            _require(transition, ["type", "toState"], "a transition")
            if transition["type"] not in TRANSITION_TYPES:
                raise LoadError(f"unknown transition type {transition['type']!r}")
            if transition["type"] == "Tweened":
                _require(transition, ["duration", "easing"], "a Tweened transition")
                if not _is_number(transition["duration"]):
                    raise LoadError("duration must be a number")
                easing = transition["easing"]
                if not (isinstance(easing, list) and len(easing) == 4 and all(_is_number(v) for v in easing)):
                    raise LoadError("easing must be four numbers")
            if "guards" in transition:
                if not isinstance(transition["guards"], list):
                    raise LoadError("guards is not a list")
                for guard in transition["guards"]:
                    _require(guard, ["type", "inputName"], "a guard")
                    if guard["type"] not in GUARD_TYPES:
                        raise LoadError(f"unknown guard type {guard['type']!r}")
                    if guard["type"] != "Event":
                        _require(guard, ["conditionType", "compareTo"], "a guard")
                        if guard["conditionType"] not in CONDITIONS:
                            raise LoadError(f"unknown conditionType {guard['conditionType']!r}")
                        compare = guard["compareTo"]
                        if guard["type"] == "Boolean" and not isinstance(compare, (bool, str)):
                            raise LoadError("a Boolean guard compares with a boolean or an input")
                        if guard["type"] == "Numeric" and not (_is_number(compare) or isinstance(compare, str)):
                            raise LoadError("a Numeric guard compares with a number or an input")
                        if guard["type"] == "String" and not (isinstance(compare, str) or _is_number(compare)):
                            raise LoadError("a String guard compares with a string")
    for interaction in definition.get("interactions", []):
        _require(interaction, ["type", "actions"], "an interaction")
        if interaction["type"] not in INTERACTIONS:
            raise LoadError(f"unknown interaction type {interaction['type']!r}")
        if interaction["type"] in ("OnComplete", "OnLoopComplete"):
            _require(interaction, ["stateName"], "an OnComplete interaction")
        for action in interaction["actions"]:
            _check_action(action)
    for item in definition.get("inputs", []):
        _require(item, ["type", "name"], "an input")
        if item["type"] not in INPUT_TYPES:
            raise LoadError(f"unknown input type {item['type']!r}")
        if item["type"] != "Event":
            _require(item, ["value"], "an input")
            expected = {"Numeric": _is_number, "String": lambda v: isinstance(v, str), "Boolean": lambda v: isinstance(v, bool)}[item["type"]]
            if not expected(item["value"]):
                raise LoadError(f"input {item['name']!r} has a value of the wrong type")
    _load_checks(definition)
    return definition


def _check_action(action) -> None:
    _require(action, ["type"], "an action")
    if action["type"] not in ACTION_FIELDS:
        raise LoadError(f"unknown action type {action['type']!r}")
    _require(action, ACTION_FIELDS[action["type"]], f"a {action['type']} action")
    if action["type"] == "OpenUrl" and not (isinstance(action["url"], str) and isinstance(action["target"], str)):
        raise LoadError("OpenUrl takes strings")


def _load_checks(definition: dict) -> None:
    states = definition["states"]
    if sum(1 for s in states if s["type"] == "GlobalState") > 1:
        raise LoadError("more than one GlobalState")
    names = [s["name"] for s in states]
    if len(names) != len(set(names)):
        raise LoadError("two states share a name")
    kinds: dict[str, set[str]] = {}
    for item in definition.get("inputs", []):
        if not item["name"].startswith("@"):
            kinds.setdefault(item["type"], set()).add(item["name"])
    for state in states:
        if sum(1 for t in state["transitions"] if "guards" not in t) > 1:
            raise LoadError(f"state {state['name']!r} has more than one guardless transition")
        for transition in state["transitions"]:
            for guard in transition.get("guards", []):
                compare = guard.get("compareTo")
                if guard["type"] == "Boolean" and isinstance(compare, str) and compare.lstrip("$") not in kinds.get("Boolean", set()):
                    raise LoadError(f"Boolean guard compares with undeclared {compare!r}")
                if guard["type"] == "Numeric" and isinstance(compare, str) and not compare.startswith("@") \
                        and compare.lstrip("$") not in kinds.get("Numeric", set()):
                    raise LoadError(f"Numeric guard compares with undeclared {compare!r}")
                if guard["type"] == "String" and isinstance(compare, str) and compare.startswith("$") \
                        and compare.lstrip("$") not in kinds.get("String", set()):
                    raise LoadError(f"String guard compares with undeclared {compare!r}")
                if guard["type"] == "Event" and guard["inputName"] not in kinds.get("Event", set()):
                    raise LoadError(f"Event guard on undeclared {guard['inputName']!r}")


class Player:
    """The player behind the machine: frames, a segment, playback and tweens."""

    def __init__(self, archive: dict | None, loaded: bool):
        self.loaded = loaded and archive is not None
        self.total_frames = archive["total_frames"] if self.loaded else 0
        self.fps = archive["frame_rate"] if self.loaded else 30
        self.markers = {m["name"]: (m["start"], m["end"]) for m in archive["markers"]} if self.loaded else {}
        self.frame = 0.0
        self.loop = False
        self.autoplay = False
        self.speed = 1.0
        self.mode = "Forward"
        self.segment: tuple[float, float] | None = None
        self.status = "Stopped" if self.loaded else "Idle"
        self.tween: dict | None = None
        self.saved = None

    def bounds(self) -> tuple[float, float]:
        if self.segment:
            return self.segment
        return (0.0, max(0.0, self.total_frames - 1))

    def apply(self, state: dict) -> None:
        self.loop = state.get("loop", False)
        speed = state.get("speed", 1)
        if speed > 0:
            self.speed = speed
        self.mode = state.get("mode", "Forward")
        segment = state.get("segment")
        if segment in self.markers:
            start, end = self.markers[segment]
            self.segment = (float(start), float(end))
        else:
            self.segment = None
        low, high = self.bounds()
        self.frame = high if self.mode in ("Reverse", "ReverseBounce") else low
        self.autoplay = state.get("autoplay", False)
        if not self.loaded:
            return
        self.status = "Playing" if self.autoplay else "Paused"

    def advance(self, ms: float) -> list[str]:
        """Plays for `ms`; returns the player events ('complete', 'loop_complete')."""
        if not self.loaded or self.status != "Playing":
            return []
        low, high = self.bounds()
        step = ms / 1000 * self.fps * self.speed
        reverse = self.mode in ("Reverse", "ReverseBounce")
        self.frame += -step if reverse else step
        if (not reverse and self.frame >= high) or (reverse and self.frame <= low):
            if self.loop:
                self.frame = low if not reverse else high
                return ["loop_complete"]
            self.frame = high if not reverse else low
            self.status = "Stopped"
            return ["complete"]
        return []


class Machine:
    def __init__(self, definition: dict, player: Player, seed: int = 0):
        self.definition = definition
        self.states = {s["name"]: s for s in definition["states"]}
        self.global_state = next((s for s in definition["states"] if s["type"] == "GlobalState"), None)
        self.interactions = definition.get("interactions", [])
        self.player = player
        self.declared: dict[str, tuple[str, object]] = {}
        for item in definition.get("inputs", []):
            if item["name"].startswith("@"):
                continue
            self.declared[item["name"] if item["type"] != "Event" else "event:" + item["name"]] = (item["type"], item.get("value"))
        self.values = {k: (t, v if t != "Numeric" else f32(v)) for k, (t, v) in self.declared.items()}
        self.elapsed = 0.0
        self.status = "Stopped"
        self.current = ""
        self.pending: str | None = None
        self.events: list[dict] = []
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[str] = []
        self.changed = False
        self.inside_layer: str | None = None
        self.tween: dict | None = None

    # --- inputs
    def _get(self, kind: str, name: str):
        if kind == "Numeric" and name == "@elapsedTime":
            return f32(self.elapsed)
        entry = self.values.get(name)
        return entry[1] if entry and entry[0] == kind else None

    def _set(self, kind: str, name: str, value) -> bool:
        entry = self.values.get(name)
        if name.startswith("@") or not entry or entry[0] != kind:
            return False
        if kind == "Numeric":
            value = f32(value)
        if entry[1] != value:
            self.events.append({"type": f"{kind}InputChange", "name": name, "old": entry[1], "new": value})
            self.changed = True
        self.values[name] = (kind, value)
        return True

    def inputs_snapshot(self) -> dict:
        out = {"@elapsedTime": f32(self.elapsed)}
        for name, (kind, value) in self.values.items():
            if kind != "Event":
                out[name] = value
        return out

    def listing(self) -> list[tuple[str, str]]:
        return [("@elapsedTime", "Numeric")] + [(n.removeprefix("event:"), k) for n, (k, _) in self.declared.items()]

    def set_input(self, kind: str, name: str, value, evaluate: bool = True) -> bool:
        if not self._set(kind, name, value):
            return False
        if evaluate and self.status != "Stopped":
            self.evaluate()
        return True

    def fire(self, name: str) -> bool:
        if "event:" + name not in self.declared:
            return False
        self.events.append({"type": "InputFired", "name": name})
        if self.status == "Stopped":
            return True
        self.pending = name
        self.evaluate()
        return True

    # --- guards
    def _number(self, reference):
        if _is_number(reference):
            return f32(reference)
        if isinstance(reference, str):
            if reference == "@elapsedTime":
                return f32(self.elapsed)
            if reference.startswith("$"):
                return self._get("Numeric", reference.lstrip("$"))
        return None

    def _guard_holds(self, guard: dict) -> bool:
        kind = guard["type"]
        if kind == "Event":
            return self.pending == guard["inputName"]
        value = self._get(kind, guard["inputName"])
        if value is None:
            return False
        compare = guard["compareTo"]
        condition = guard["conditionType"]
        if kind == "Numeric":
            other = self._number(compare)
            if other is None:
                return False
        elif kind == "Boolean":
            other = compare if isinstance(compare, bool) else self._get("Boolean", compare.lstrip("$"))
            if other is None or condition not in ("Equal", "NotEqual"):
                return False
        else:
            if not isinstance(compare, str):
                return False
            other = self._get("String", compare.lstrip("$")) if compare.startswith("$") else compare
            if other is None or condition not in ("Equal", "NotEqual"):
                return False
        return {
            "Equal": value == other, "NotEqual": value != other, "GreaterThan": value > other,
            "GreaterThanOrEqual": value >= other, "LessThan": value < other, "LessThanOrEqual": value <= other,
        }[condition]

    def _choose(self, state: dict) -> dict | None:
        fallback = None
        for transition in state["transitions"]:
            guards = transition.get("guards") or []
            if not guards:
                fallback = transition
                continue
            has_event = any(g["type"] == "Event" for g in guards)
            if has_event != (self.pending is not None):
                continue
            if all(self._guard_holds(g) for g in guards):
                return transition
        return fallback

    # --- actions
    def _run_actions(self, actions: list[dict]) -> None:
        for action in actions:
            self._action(action)

    def _action(self, action: dict) -> None:
        kind = action["type"]
        name = action.get("inputName", "")
        if kind in ("Increment", "Decrement"):
            current = self._get("Numeric", name)
            if current is None:
                return
            amount = self._number(action.get("value", 1))
            if amount is None:
                amount = 1.0
            self._set("Numeric", name, current + amount if kind == "Increment" else current - amount)
        elif kind == "Toggle":
            current = self._get("Boolean", name)
            if current is not None:
                self._set("Boolean", name, not current)
        elif kind == "SetBoolean":
            value = action["value"]
            if isinstance(value, str):
                value = self._get("Boolean", value.lstrip("$"))
            if isinstance(value, bool):
                self._set("Boolean", name, value)
        elif kind == "SetNumeric":
            value = self._number(action["value"])
            if value is not None:
                self._set("Numeric", name, value)
        elif kind == "SetString":
            value = action["value"]
            if isinstance(value, str):
                copied = self._get("String", value.lstrip("$"))
                self._set("String", name, copied if copied is not None else value)
        elif kind == "Multiply":
            current, factor = self._get("Numeric", name), self._number(action["value"])
            if current is not None and factor is not None:
                self._set("Numeric", name, current * factor)
        elif kind == "Floor":
            current = self._get("Numeric", name)
            if current is not None:
                self._set("Numeric", name, math.floor(current))
        elif kind == "Clamp":
            current = self._get("Numeric", name)
            low = self._number(action["min"]) if "min" in action else None
            high = self._number(action["max"]) if "max" in action else None
            if current is None or ("min" in action and low is None) or ("max" in action and high is None) \
                    or (low is None and high is None) or (low is not None and high is not None and low > high):
                return
            value = current
            if low is not None:
                value = max(value, low)
            if high is not None:
                value = min(value, high)
            self._set("Numeric", name, value)
        elif kind == "SetRandom":
            low = self._number(action.get("min", 0)) or 0.0
            high = self._number(action.get("max", 1))
            high = 1.0 if high is None else high
            if low > high:
                return
            value = self.rng.randint(int(low), int(high)) if action.get("integer") else low + (high - low) * self.rng.random()
            self._set("Numeric", name, value)
        elif kind == "Fire":
            if "event:" + name in self.declared:
                self.events.append({"type": "InputFired", "name": name})
                self.pending = name
                self.changed = True
        elif kind == "Reset":
            if self.status == "Stopped":
                return
            entry = self.declared.get(name)
            if entry and entry[0] != "Event":
                self._set(entry[0], name, entry[1])
        elif kind == "SetFrame":
            value = self._number(action["value"])
            if value is not None and self.player.loaded:
                self.player.frame = f32(min(max(value, 0), self.player.total_frames - 1))
        elif kind == "SetProgress":
            value = self._number(action["value"])
            if value is not None and self.player.loaded:
                self.player.frame = f32(f32(self.player.total_frames - 1) * f32(f32(min(max(value, 0), 100)) / 100))
        elif kind == "FireCustomEvent":
            self.events.append({"type": "CustomEvent", "message": action["value"]})

    # --- moving
    def _enter(self, target: str, driven_by_global: bool) -> bool:
        """Moves to `target`; False when it does not exist. Sets self.changed when actions changed inputs."""
        state = self.states.get(target)
        if state is None:
            return False
        old = self.states.get(self.current)
        self.events.append({"type": "Transition", "from": self.current, "to": target})
        if old is not None and not driven_by_global and old["type"] != "GlobalState":
            self._run_actions(old.get("exitActions", []))
        self.events.append({"type": "StateExit", "state": self.current})
        self.current = target
        self.history.append(target)
        self.events.append({"type": "StateEntered", "state": target})
        if state["type"] == "PlaybackState":
            self.player.apply(state)
        self._run_actions(state.get("entryActions", []))
        if state.get("final"):
            self.status = "Stopped"
        return True

    def _tweenable(self, transition: dict, target: dict) -> bool:
        source = self.states.get(self.current) or {}
        source_animation = source.get("animation", "") if source.get("type") == "PlaybackState" else ""
        if transition["type"] != "Tweened" or target.get("type") != "PlaybackState":
            return False
        if target.get("animation", "") != source_animation or not self.player.loaded:
            return False
        if "segment" in target and target["segment"] not in self.player.markers:
            return False
        x1, _, x2, _ = transition["easing"]
        return transition["duration"] > 0 and 0 <= x1 <= 1 and 0 <= x2 <= 1

    def _take(self, transition: dict, driven_by_global: bool) -> str:
        """'moved', 'tween' or 'none'."""
        target = self.states.get(transition["toState"])
        if target is None:
            return "none"
        if self.tween and transition["type"] == "Tweened" and self.tween["target"] == transition["toState"]:
            return "tween"
        if self._tweenable(transition, target):
            old = self.states.get(self.current)
            if self.tween is None:
                self.events.append({"type": "Transition", "from": self.current, "to": transition["toState"]})
                if old is not None and not driven_by_global:
                    self._run_actions(old.get("exitActions", []))
                self.events.append({"type": "StateExit", "state": self.current})
            self.tween = {"target": transition["toState"], "left": transition["duration"] * 1000}
            self.status = "Tweening"
            self.player.status = "Tweening"
            return "tween"
        if self.tween:
            self.tween = None
            self.status = "Running"
        self._enter(transition["toState"], driven_by_global)
        return "moved"

    def evaluate(self) -> None:
        count = 0
        self.history = [self.current] if self.current else []
        check_global = True
        for _ in range(10_000):
            if self.history and self.history[-1] in self.history[:-1]:
                count += 1
                self.history = [self.history[-1]]
                if count >= 20:
                    self.status = "Stopped"
                    self.events.append({"type": "Error", "message": "InfiniteLoop"})
                    self.pending = None
                    return
            moved = False
            if self.global_state is not None and check_global:
                chosen = self._choose(self.global_state)
                if chosen is not None:
                    self.pending = None
                    here = self.tween["target"] if self.tween else self.current
                    if chosen["toState"] != here:
                        self.changed = False
                        result = self._take(chosen, True)
                        if result == "tween":
                            return
                        if result == "moved" and self.changed:
                            check_global = True
                            continue
                        moved = result == "moved"
            state = self.states.get(self.current)
            if not moved or True:
                if state is not None and state["type"] == "PlaybackState" or (state is not None and state is not self.global_state):
                    chosen = self._choose(state)
                    if chosen is not None:
                        self.pending = None
                        self.changed = False
                        result = self._take(chosen, False)
                        if result == "tween":
                            return
                        if result == "moved":
                            check_global = self.changed
                            continue
            if moved:
                check_global = False
                continue
            break
        if not self.tween:
            self.pending = None

    # --- lifecycle
    def start(self) -> bool:
        if self.definition["initial"] not in self.states:
            return False
        self.elapsed = 0.0
        self.rng = random.Random(self.seed)
        self.player.loop, self.player.speed, self.player.mode, self.player.autoplay = False, 1.0, "Forward", False
        self.status = "Stopped"
        self.current = ""
        self._enter(self.definition["initial"], False)
        self.status = "Running"
        self.events.append({"type": "Start"})
        self.evaluate()
        return True

    def stop(self) -> None:
        self.status = "Stopped"
        self.tween = None
        self.events.append({"type": "Stop"})

    def override(self, name: str, evaluate: bool) -> bool:
        if name not in self.states:
            return False
        self._enter(name, False)
        if evaluate and self.status != "Stopped":
            self.evaluate()
        return True

    # --- interactions
    def _interact(self, kinds: list[str], layer_filter) -> None:
        actions = []
        for interaction in self.interactions:
            if interaction["type"] in kinds and layer_filter(interaction):
                actions += interaction["actions"]
        for action in actions:
            self.changed = False
            self._action(action)
            if self.status != "Stopped":
                self.evaluate()

    def pointer(self, kind: str, hits: list[str]) -> None:
        if kind in ("PointerMove", "PointerDown", "PointerUp"):
            listened = [i["layerName"] for i in self.interactions if i["type"] in ("PointerEnter", "PointerExit") and "layerName" in i]
            now = next((layer for layer in listened if layer in hits), None)
            if now != self.inside_layer:
                left = self.inside_layer
                self.inside_layer = now
                if left is not None and now is None:
                    self._interact(["PointerExit"], lambda i: i.get("layerName") == left)
                elif now is not None:
                    self._interact(["PointerEnter"], lambda i: i.get("layerName") == now)
        if kind == "PointerEnter":
            entered = next((i["layerName"] for i in self.interactions
                            if i["type"] == "PointerEnter" and i.get("layerName") in hits), None)
            if entered is not None:
                self.inside_layer = entered
        if kind == "PointerExit":
            left = self.inside_layer
            if left is not None and left not in hits:
                self.inside_layer = None
            self._interact([kind], lambda i: "layerName" not in i or (i["layerName"] == left and left not in hits))
            return
        self._interact([kind], lambda i: "layerName" not in i or (kind != "PointerMove" and i["layerName"] in hits))

    def player_event(self, kind: str) -> None:
        interaction_type = "OnComplete" if kind == "complete" else "OnLoopComplete"
        self._interact([interaction_type], lambda i: i.get("stateName") == self.current)

    def needs_elapsed(self) -> bool:
        for state in (self.global_state, self.states.get(self.current)):
            if state is None:
                continue
            for transition in state["transitions"]:
                for guard in transition.get("guards") or []:
                    if guard.get("inputName") == "@elapsedTime" or guard.get("compareTo") == "@elapsedTime":
                        return True
        return False

    def tick(self, ms: float) -> None:
        for event in self.player.advance(ms):
            self.player_event(event)
        if self.tween:
            self.tween["left"] -= ms
            if self.player.status != "Tweening":
                self.tween = None
                self.status = "Running"
            elif self.tween["left"] <= 0:
                target = self.tween["target"]
                self.tween = None
                self.status = "Running"
                self.player.status = "Stopped"
                self.current_before = self.current
                self.history = [self.current]
                self.current_entry(target)
                self.evaluate()
        if self.status != "Stopped":
            self.elapsed += ms / 1000
            if self.needs_elapsed():
                self.evaluate()

    def current_entry(self, target: str) -> None:
        state = self.states[target]
        self.current = target
        self.events.append({"type": "StateEntered", "state": target})
        self.player.apply(state)
        self._run_actions(state.get("entryActions", []))
        if state.get("final"):
            self.status = "Stopped"


def player_archive(animation: dict) -> dict:
    """The archive facts the runtime's player reads, from the Lottie animation itself."""
    return {
        "total_frames": animation["op"] - animation["ip"], "frame_rate": animation["fr"],
        "markers": [{"name": m["cm"], "start": m["tm"], "end": m["tm"] + m["dr"]} for m in animation.get("markers", [])],
    }


def started(archive, name: str) -> tuple[Machine, Player]:
    """A `.lottie`'s state machine `name` started on a player of its animation `name`."""
    definition = parse(json.dumps(archive.state_machines[name]))
    player = Player(player_archive(archive.animations[name]), True)
    machine = Machine(definition, player)
    assert machine.start()
    return machine, player
