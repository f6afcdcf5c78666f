"""The order of events of contract §21 (targets, interruption) as a reference model: the state a
trace of triggers, `choreo.set` calls and waits implies, and the events it emits, computed from the
compiled timeline's state machine alone (`--emit timeline`), frame by frame on the same clock the
touch suite moves the interactive SVG's by.

It follows scene-format.md's "The order of events": a trigger during a transition is resolved
against the state the transition leads to and handled as its `interrupt:` says (`retarget`: taken
at once; `finish`: the last one waits until the transition ends; `ignore`: dropped); a transition
ends when its span has played, or a spring's when it rests (`restsAfter`); a state playing a
timeline once is fully reached when it ends, one looping at once; `complete` transitions start
when their state is fully reached; automatic (guarded, no `on:`) ones as soon as their guard holds;
`exit: cycle-end` out of a running loop waits for the cycle's end, ignoring triggers till then.
Clips begin 1 ms after the instant that starts them, as the runtime begins them.
"""

from __future__ import annotations

import math

BEGIN_OFFSET = 0.001
POINTER_TRIGGERS = ("tap", "press", "release", "hover", "hover-end")


class Model:
    def __init__(self, timeline: dict, start: float):
        machine = timeline["stateMachine"]
        self.spans = {span["name"]: span for span in timeline["spans"]}
        self.states = {state["name"]: state for state in machine["states"]}
        self.transitions = machine["transitions"]
        self.inputs = {i["name"]: i for i in machine.get("inputs") or []}
        self.values = {name: i["default"] for name, i in self.inputs.items()}
        self.now = start
        self.state: str | None = None
        self.running: dict | None = None
        self.holding: dict | None = None
        self.queued = None
        self.playing: dict | None = None  # {"play", "begin"}
        self.active_is_playing = False
        self.waiting = None  # (end, callback)
        self.events: list[str] = []
        self.chained = 0
        self.enter(machine["initial"])

    # MARK: facts

    def length(self, transition: dict) -> float:
        """How long a transition counts as playing."""
        if transition.get("restsAfter") is not None:
            return transition["restsAfter"]
        span = self.spans[transition["span"]]
        return span["end"] - span["start"]

    def span_length(self, name: str) -> float:
        span = self.spans[name]
        return span["end"] - span["start"]

    @staticmethod
    def is_action(t: dict) -> bool:
        return t["from"] == t["to"]

    def holds(self, t: dict) -> bool:
        when = t.get("when")
        if not when:
            return True
        def compare(c: dict) -> bool:
            left, right = self.values.get(c["input"]), c["value"]
            if isinstance(right, dict) and "input" in right:
                right = self.values.get(right["input"])
            op = c["op"]
            if op == "==": return left == right
            if op == "!=": return left != right
            if op == "<": return left < right
            if op == "<=": return left <= right
            if op == ">": return left > right
            if op == ">=": return left >= right
            raise ValueError(op)
        return any(all(compare(c) for c in conjunction) for conjunction in when)

    def is_automatic(self, t: dict) -> bool:
        return t["trigger"] == "programmatic" and bool(t.get("when"))

    def pick(self, name: str, trigger: str, target: str | None = None) -> dict | None:
        candidates = [t for t in self.transitions if t["from"] == name and t["trigger"] == trigger]
        def first(node):
            return next((t for t in candidates if t.get("target") == node
                         and (trigger != "programmatic" or self.is_automatic(t)) and self.holds(t)), None)
        if target:
            found = first(target)
            if found or trigger in ("hover", "hover-end"):
                return found
        return first(None)

    def heading(self) -> str | None:
        return self.running["to"] if self.running else self.state

    def interruption(self, t: dict) -> str:
        return t.get("interrupt", "retarget")

    # MARK: the clock

    def wait(self, end: float, then) -> None:
        entry = (end, then)
        self.waiting = entry
        if self.now >= end - 1e-6:
            self.waiting = None
            then()

    def advance_to(self, now: float) -> None:
        """The clock at `now`; what the runtime notices on the frame there, it does."""
        self.now = now
        while self.waiting is not None and self.now >= self.waiting[0] - 1e-6:
            _, then = self.waiting
            self.waiting = None
            then()

    # MARK: the machine

    def act(self, t: dict) -> None:
        for action in t.get("actions") or []:
            if "set" in action:
                self.values[action["set"]] = action["value"]
            elif "step" in action:
                value = self.values[action["step"]] + action["by"]
                rng = self.inputs[action["step"]].get("range")
                self.values[action["step"]] = min(max(value, rng[0]), rng[1]) if rng else value
            elif "toggle" in action:
                self.values[action["toggle"]] = not self.values[action["toggle"]]
            elif "emit" in action:
                self.events.append(action["emit"])

    def request(self, find) -> bool:
        if self.state is None or self.holding:
            return False
        if self.running and self.interruption(self.running) == "ignore":
            return False
        if self.running and self.interruption(self.running) == "finish":
            if not find(self.heading()):
                return False
            self.queued = find
            return True
        t = find(self.heading())
        if not t:
            return False
        self.take(t)
        return True

    def take(self, t: dict) -> None:
        play = self.playing["play"] if self.playing else None
        if t.get("exit") == "cycle-end" and not self.running and play and play.get("loops") and self.active_is_playing:
            dur = self.span_length(play["span"])
            since = self.now - self.playing["begin"]
            cycles = math.ceil(since / dur - 1e-6)
            left = max(cycles * dur - since, 0)
            self.holding = t
            def later():
                self.holding = None
                self.act(t)
                self.go(t)
            self.wait(self.now + left, later)
            return
        self.act(t)
        if self.is_action(t):
            self.settle()
            return
        self.go(t)

    def settle(self) -> None:
        if self.state is None or self.holding:
            return
        if self.running and self.interruption(self.running) != "retarget":
            return
        t = self.pick(self.heading(), "programmatic")
        if not t or self.chained >= 100:
            return
        self.chained += 1
        try:
            self.take(t)
        finally:
            self.chained -= 1

    def go(self, t: dict) -> None:
        self.playing = None
        self.active_is_playing = False
        self.waiting = None
        self.running = t
        end = self.now + BEGIN_OFFSET + self.length(t)
        def ended():
            self.running = None
            self.enter(t["to"])
        self.wait(end, ended)

    def enter(self, name: str) -> None:
        self.state = name
        if self.queued:
            find, self.queued = self.queued, None
            t = find(name)
            if t:
                self.take(t)
                if self.running or self.holding or self.state != name:
                    return
        play = self.states[name].get("play")
        if play and play.get("bind"):
            self.reached(name)
            return
        if play:
            self.playing = {"play": play, "begin": self.now + BEGIN_OFFSET}
            self.active_is_playing = True
            if not play.get("loops"):
                end = self.now + BEGIN_OFFSET + self.span_length(play["span"])
                def ended():
                    self.playing = None
                    self.active_is_playing = False
                    self.reached(name)
                self.wait(end, ended)
                return
        self.reached(name)

    def reached(self, name: str) -> None:
        if self.state != name or self.running or self.holding:
            return
        t = self.pick(name, "complete")
        if t:
            self.take(t)
        else:
            self.settle()

    # MARK: the app and the pointer

    def fire(self, trigger: str, target: str | None = None) -> bool:
        return self.request(lambda name: self.pick(name, trigger, target))

    def set(self, name: str, value) -> bool:
        if name not in self.inputs:
            return False
        rng = self.inputs[name].get("range")
        if rng and isinstance(value, (int, float)) and not isinstance(value, bool):
            value = min(max(value, rng[0]), rng[1])
        self.values[name] = value
        self.settle()
        return True

    @property
    def transition(self) -> str | None:
        if self.running:
            return self.running["name"]
        if self.holding:
            return self.holding["name"]
        return None
