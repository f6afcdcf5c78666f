"""Paths through a state machine with inputs (contract §17), for state_paths_suite.py.

`Model` follows the interactive SVG's runtime rules on the timeline's machine: a trigger takes
the first of the state's transitions on it whose guard holds; a transition's actions run as it
starts; one to its own state plays nothing; an automatic transition (programmatic, with a guard)
is taken as soon as its state is reached and its guard holds, at most 100 actions in a row; a
state with a bound timeline rests with the timeline at its input's position.

`paths` walks the configurations (state, input values) breadth first. A move fires a trigger
(or a programmatic transition by name) or sets an input to a value chosen from its guards (each
constant, just below and just above it), its range's ends and, for a bound input, 0/25/50/75/100 %
of its range. A move is kept when it takes a transition no earlier move took, denies a guard of
the state (a set that leaves the machine where it is) not yet denied there, or holds a bound
timeline at a value not yet seen. Each kept move, after the shortest route to its configuration,
is one path; a path that is a prefix of another is left out.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

# The runtime's bound on actions in a row (InteractiveSVG's `settle`).
MAX_CHAINED = 100
MAX_CONFIGURATIONS = 400


class InfiniteLoop(RuntimeError):
    pass


@dataclass(frozen=True)
class Move:
    kind: str  # "fire" (a trigger or a transition's name) or "set"
    name: str
    value: object = None

    @property
    def label(self) -> str:
        return f"fire {self.name}" if self.kind == "fire" else f"set {self.name}={format_value(self.value)}"


@dataclass
class Outcome:
    """What a move does: the clips it plays (span, transition or None, state, loops), every
    transition it takes (with the action-only ones), where it rests and the values after it."""

    clips: list[tuple[str, str | None, str, bool]] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)
    state: str = ""
    values: dict = field(default_factory=dict)
    loops: bool = False


def format_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Model:
    def __init__(self, definition: dict):
        self.definition = definition
        self.inputs = {i["name"]: i for i in definition.get("inputs") or []}
        self.states = {s["name"]: s for s in definition["states"]}
        self.transitions = definition["transitions"]

    @staticmethod
    def automatic(transition: dict) -> bool:
        return transition["trigger"] == "programmatic" and bool(transition.get("when"))

    def defaults(self) -> dict:
        return {name: i["default"] for name, i in self.inputs.items()}

    def holds(self, transition: dict, values: dict) -> bool:
        when = transition.get("when")
        if not when:
            return True

        def compare(c: dict) -> bool:
            a = values[c["input"]]
            b = values[c["other"]] if "other" in c else c["value"]
            op = c["op"]
            if op == "==":
                # JavaScript's ===: a boolean never equals a number.
                return a == b and isinstance(a, bool) == isinstance(b, bool)
            if op == "!=":
                return not compare({**c, "op": "=="})
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]

        return any(all(compare(c) for c in conjunction) for conjunction in when)

    def pick(self, state: str, trigger: str, values: dict) -> dict | None:
        for t in self.transitions:
            if t["from"] == state and t["trigger"] == trigger and (trigger != "programmatic" or self.automatic(t)) \
                    and self.holds(t, values):
                return t
        return None

    def clamp(self, name: str, value):
        bounds = self.inputs[name].get("range")
        return min(max(value, bounds[0]), bounds[1]) if bounds else value

    def _run(self, state: str, values: dict, move: Move | None) -> Outcome:
        out = Outcome(values=dict(values))
        chained = 0

        def act(t: dict) -> None:
            for a in t.get("actions") or []:
                if "set" in a:
                    out.values[a["set"]] = a["value"]
                elif "step" in a:
                    out.values[a["step"]] = self.clamp(a["step"], out.values[a["step"]] + a["by"])
                elif "toggle" in a:
                    out.values[a["toggle"]] = not out.values[a["toggle"]]

        def take(t: dict) -> None:
            out.taken.append(t["name"])
            act(t)
            if t["from"] == t["to"]:
                settle()
                return
            out.clips.append((t["span"], t["name"], t["from"], False))
            enter(t["to"])

        def settle() -> None:
            nonlocal chained
            t = self.pick(out.state, "programmatic", out.values)
            if t is None:
                return
            if chained >= MAX_CHAINED:
                raise InfiniteLoop(f"more than {MAX_CHAINED} actions in a row in {out.state}")
            chained += 1
            take(t)

        def enter(name: str) -> None:
            out.state = name
            out.loops = False
            play = self.states[name].get("play")
            if play and not play.get("bind"):
                if play.get("loops"):
                    onward = self.pick(name, "complete", out.values) or self.pick(name, "programmatic", out.values)
                    if onward is None:
                        out.clips.append((play["span"], None, name, True))
                        out.loops = True
                        return
                else:
                    out.clips.append((play["span"], None, name, False))
            t = self.pick(name, "complete", out.values)
            if t is not None:
                take(t)
            else:
                settle()

        out.state = state
        if move is None:
            enter(state)
        elif move.kind == "set":
            out.values[move.name] = self.clamp(move.name, move.value) if self.inputs[move.name]["kind"] == "number" else move.value
            play = self.states[state].get("play")
            out.loops = bool(play and play.get("loops") and not play.get("bind"))
            settle()
        else:
            t = self.pick(state, move.name, out.values)
            if t is None:
                t = next((t for t in self.transitions if t["name"] == move.name and t["from"] == state
                          and self.holds(t, out.values)), None)
            if t is not None:
                take(t)
            else:
                play = self.states[state].get("play")
                out.loops = bool(play and play.get("loops") and not play.get("bind"))
        return out

    def load(self) -> Outcome:
        return self._run(self.definition["initial"], self.defaults(), None)

    def apply(self, state: str, values: dict, move: Move) -> Outcome:
        return self._run(state, values, move)

    def bound_input(self, state: str) -> str | None:
        play = self.states[state].get("play")
        return play.get("bind") if play else None

    def candidates(self, name: str) -> list:
        spec = self.inputs[name]
        constants = [c["value"] for t in self.transitions for conj in t.get("when") or [] for c in conj
                     if c["input"] == name and "value" in c]
        if spec["kind"] == "boolean":
            return [False, True]
        if spec["kind"] == "string":
            return sorted(set(constants) | {spec["default"], "", "other"}, key=str)
        low, high = spec.get("range") or (min(constants + [spec["default"]]) - 1, max(constants + [spec["default"]]) + 1)
        delta = (high - low) / 100 if high > low else 0.5
        values = {low, high, spec["default"]}
        for c in constants:
            values |= {c, c - delta, c + delta}
        if any(self.bound_input(s) == name for s in self.states):
            values |= {low + f * (high - low) for f in (0, 0.25, 0.5, 0.75, 1)}
        return sorted({round(min(max(v, low), high), 6) for v in values})

    def moves(self, state: str, values: dict) -> list[Move]:
        moves: list[Move] = []
        for t in self.transitions:
            if t["from"] != state or t["trigger"] == "complete" or self.automatic(t):
                continue
            name = t["name"] if t["trigger"] == "programmatic" else t["trigger"]
            if Move("fire", name) not in moves:
                moves.append(Move("fire", name))
        for name in self.inputs:
            for value in self.candidates(name):
                if value != values[name]:
                    moves.append(Move("set", name, value))
        return moves

    def guarded_inputs(self, state: str) -> set[str]:
        return {c["input"] for t in self.transitions if t["from"] == state
                for conj in t.get("when") or [] for c in conj}


def key(state: str, values: dict) -> tuple:
    return (state, tuple(sorted((k, repr(v)) for k, v in values.items())))


def paths(model: Model, limit: int) -> tuple[list[list[Move]], set[str], bool]:
    """The paths (lists of moves from the load), the transitions they take, and whether
    `limit` paths or MAX_CONFIGURATIONS configurations cut the walk short."""
    start = model.load()
    covered = set(start.taken)
    denied: set[tuple[str, str]] = set()
    held: set[tuple[str, object]] = set()
    seen = {key(start.state, start.values)}
    frontier = deque([(start.state, start.values, [])])
    kept: list[list[Move]] = []
    cut = False
    while frontier:
        state, values, route = frontier.popleft()
        for move in model.moves(state, values):
            out = model.apply(state, values, move)
            reasons = set(out.taken) - covered
            if move.kind == "set" and not out.taken and move.name in model.guarded_inputs(state) \
                    and (state, move.name) not in denied:
                denied.add((state, move.name))
                reasons.add("denied")
            if move.kind == "set" and not out.taken and model.bound_input(state) == move.name \
                    and (state, out.values[move.name]) not in held:
                held.add((state, out.values[move.name]))
                reasons.add("held")
            if reasons:
                covered |= set(out.taken)
                kept.append(route + [move])
            k = key(out.state, out.values)
            if k not in seen:
                if len(seen) >= MAX_CONFIGURATIONS:
                    cut = True
                    continue
                seen.add(k)
                frontier.append((out.state, out.values, route + [move]))
    kept = [p for p in kept if not any(len(q) > len(p) and q[:len(p)] == p for q in kept)]
    if len(kept) > limit:
        kept, cut = kept[:limit], True
    return kept or [[]], covered, cut
