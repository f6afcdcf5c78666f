"""`choreo diff` reports nothing for an edit that changes no output, and runs on the history.

From every scene of scenes/ the test makes variants that say the same thing in other words: the
YAML written again block style with a comment on every line and the keys of each map shuffled
(except the maps whose order is meaningful: states, timelines, themes and vars are laid out in
file order); every collection below the top in flow style; times in the other unit (`250ms` ↔
`0.25s`) with repeated values written once as an anchor and then as aliases; and vars inlined
(scenes without themes, whose slots are named after vars). Each variant must compile, and
`choreo diff ORIGINAL VARIANT` must exit 0 and print that nothing changed.

Then `choreo diff --git REV scenes/X.yaml` runs for every scene against each earlier commit of it
in this repository's history, and must not fail (exit 0 or 1); skipped outside a git checkout.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_diff_reformat.py
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT  # noqa: E402
from test_tgs import choreo  # noqa: E402

SCENES = sorted((REPO_ROOT / "scenes").glob("*.yaml"))
ORDERED_SECTIONS = {"states", "timelines", "themes", "vars"}
FLOW_UNSAFE = re.compile(r"[\[\]{},]|: | #|^[-?:!&*|>%@`'\"]")


def scalar_text(node: yaml.ScalarNode, flow: bool) -> str:
    """A scalar as written (its quoting kept: Choreo reads a quoted number as text), quoted
    where a flow collection would misread it."""
    if node.style == "'":
        return "'" + node.value.replace("'", "''") + "'"
    if node.style == '"' or (flow and FLOW_UNSAFE.search(node.value)):
        return json.dumps(node.value, ensure_ascii=False)
    if node.style in ("|", ">"):
        return json.dumps(node.value, ensure_ascii=False)
    return node.value


class Writer:
    def __init__(self, flow_below_top: bool, comments: bool, shuffle: random.Random | None, anchors: bool):
        self.flow_below_top = flow_below_top
        self.comments = comments
        self.shuffle = shuffle
        self.anchors = anchors
        self.seen: dict[str, str] = {}

    def entries(self, node: yaml.MappingNode, section: str | None):
        pairs = list(node.value)
        if self.shuffle is not None and section not in ORDERED_SECTIONS:
            self.shuffle.shuffle(pairs)
        return pairs

    def value_scalar(self, node: yaml.ScalarNode, flow: bool) -> str:
        text = scalar_text(node, flow)
        if not self.anchors or node.value.startswith("$") or len(node.value) < 2:
            return text
        key = (node.style or "") + "\0" + node.value
        if key in self.seen:
            return "*" + self.seen[key]
        name = f"a{len(self.seen)}"
        self.seen[key] = name
        return f"&{name} {text}"

    def flow(self, node) -> str:
        if isinstance(node, yaml.ScalarNode):
            return self.value_scalar(node, flow=True)
        if isinstance(node, yaml.SequenceNode):
            return "[" + ", ".join(self.flow(item) for item in node.value) + "]"
        return "{" + ", ".join(f"{scalar_text(k, True)}: {self.flow(v)}" for k, v in self.entries(node, None)) + "}"

    def block(self, node, indent: int, section: str | None = None, top: bool = False) -> list[str]:
        pad = " " * indent
        lines: list[str] = []
        note = "  # said again" if self.comments else ""
        if isinstance(node, yaml.MappingNode):
            for key, value in self.entries(node, section):
                if self.comments:
                    lines.append(f"{pad}# {key.value}")
                head = f"{pad}{scalar_text(key, False)}:"
                if isinstance(value, yaml.ScalarNode):
                    lines.append(f"{head} {self.value_scalar(value, False)}{note}")
                elif (self.flow_below_top and not (top and key.value in ORDERED_SECTIONS | {"layers", "transitions"})) or not value.value:
                    lines.append(f"{head} {self.flow(value)}{note}")
                else:
                    lines.append(head)
                    lines += self.block(value, indent + 2, key.value if top else None)
        else:
            for item in node.value:
                if isinstance(item, yaml.ScalarNode):
                    lines.append(f"{pad}- {self.value_scalar(item, False)}{note}")
                elif self.flow_below_top or not item.value:
                    lines.append(f"{pad}- {self.flow(item)}{note}")
                else:
                    lines.append(f"{pad}-")
                    lines += self.block(item, indent + 2)
        return lines


def convert_times(node):
    """`250ms` ↔ `0.25s`, exactly (Decimal), in every plain scalar."""
    if isinstance(node, yaml.ScalarNode):
        if node.style is None:
            if match := re.fullmatch(r"(\d+(?:\.\d+)?)ms", node.value):
                node.value = f"{Decimal(match.group(1)) / 1000:f}s"
            elif match := re.fullmatch(r"(\d*\.?\d+)s", node.value):
                node.value = f"{(Decimal(match.group(1)) * 1000).normalize():f}ms"
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            convert_times(item)
    elif isinstance(node, yaml.MappingNode):
        for _, value in node.value:
            convert_times(value)


def inline_vars(root: yaml.MappingNode) -> bool:
    """Every `$name` replaced by the var's value (a whole scalar by the value's node, inside an
    expression by the value in parentheses). False when there is nothing to inline."""
    sections = {key.value: value for key, value in root.value}
    if "themes" in sections or "vars" not in sections:
        return False
    definitions = {key.value: value for key, value in sections["vars"].value}
    names = sorted(definitions, key=len, reverse=True)

    def expand(text: str, depth: int = 0) -> str:
        for name in names:
            value = definitions[name]
            if isinstance(value, yaml.ScalarNode) and value.style is None and not value.value.startswith("#"):
                text = re.sub(r"\$" + re.escape(name) + r"(?![A-Za-z0-9_-])", lambda _: "(" + expand(value.value, depth + 1) + ")", text)
        return text

    def visit(node, parent, index):
        if isinstance(node, yaml.ScalarNode):
            if node.value.startswith("$") and node.value[1:] in definitions:
                replacement = definitions[node.value[1:]]
                if isinstance(replacement, yaml.ScalarNode) and replacement.style is None:
                    node.value = expand(replacement.value)
                else:
                    parent[index] = replacement if parent is not None else node
            elif "$" in node.value and node.style is None:
                node.value = expand(node.value)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                visit(item, node.value, i)
        elif isinstance(node, yaml.MappingNode):
            for i, (key, value) in enumerate(node.value):
                holder = [value]
                visit(value, holder, 0)
                node.value[i] = (key, holder[0])

    for i, (key, value) in enumerate(root.value):
        if key.value not in ("vars",):
            holder = [value]
            visit(value, holder, 0)
            root.value[i] = (key, holder[0])
    return True


def variants(path: Path) -> dict[str, str]:
    text = path.read_text()
    made = {}
    root = yaml.compose(text)
    made["block, comments, shuffled keys"] = "\n".join(
        Writer(False, True, random.Random(path.name), False).block(root, 0, top=True)) + "\n"
    made["flow below the top"] = "\n".join(Writer(True, False, None, False).block(yaml.compose(text), 0, top=True)) + "\n"
    converted = yaml.compose(text)
    convert_times(converted)
    made["times in the other unit, anchors and aliases"] = "\n".join(
        Writer(False, False, None, True).block(converted, 0, top=True)) + "\n"
    inlined = yaml.compose(text)
    if inline_vars(inlined):
        made["vars inlined"] = "\n".join(Writer(False, False, None, False).block(inlined, 0, top=True)) + "\n"
    return made


@pytest.mark.parametrize("scene", SCENES, ids=[scene.stem for scene in SCENES])
def test_reformatting_reports_no_change(scene: Path, tmp_path: Path):
    # The files a scene reads (fonts, artwork SVGs) are named from its folder: copied beside the variants.
    for sibling in scene.parent.iterdir():
        if sibling.is_dir():
            shutil.copytree(sibling, tmp_path / sibling.name)
    for index, (name, text) in enumerate(variants(scene).items()):
        variant = tmp_path / f"variant-{index}.yaml"
        variant.write_text(text)
        result = subprocess.run([choreo(), "diff", str(scene), str(variant)], capture_output=True, text=True)
        assert result.returncode == 0, f"{name}:\n{result.stdout}{result.stderr}\n--- variant\n{text}"
        assert result.stdout == "no changes in the compiled motion\n", f"{name}: {result.stdout}"


def history() -> list[tuple[str, str]]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed: no history to diff against")
    inside = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=REPO_ROOT, capture_output=True, text=True)
    if inside.returncode != 0 or inside.stdout.strip() != "true":
        pytest.skip(f"{REPO_ROOT} is not a git checkout: no history to diff against")
    pairs = []
    for scene in SCENES:
        relative = scene.relative_to(REPO_ROOT).as_posix()
        log = subprocess.run(["git", "log", "--format=%H", "--", relative], cwd=REPO_ROOT, capture_output=True, text=True, check=True)
        pairs += [(relative, commit) for commit in log.stdout.split()]
    return pairs


def test_diff_runs_on_every_scene_against_its_history():
    pairs = history()
    assert pairs, "no scene of scenes/ has a commit"
    for relative, commit in pairs:
        result = subprocess.run([choreo(), "diff", "--git", commit, relative], cwd=REPO_ROOT, capture_output=True, text=True)
        assert result.returncode in (0, 1), f"diff --git {commit} {relative}: exit {result.returncode}\n{result.stdout}{result.stderr}"
