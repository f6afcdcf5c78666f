"""`choreo mcp` driven by the official MCP Python SDK's client (PyPI `mcp`), as an agent's client
drives it: the SDK spawns the server over stdio, negotiates the protocol, and checks every tool
result's structuredContent against the tool's outputSchema.

- the tools and the resources are listed, and the docs read back as the files in docs/;
- an agent's loop on a scene with three mistakes (describe → edit → lint → fix → snapshot →
  compile) ends lint-clean, and its snapshot is byte for byte the PNG `choreo render --state`
  writes;
- 200 random `edit` calls on the repository's scenes each change exactly the bytes of the edited
  value (where it is defined), and every other value reads back as before;
- hostile paths (`..`, absolute, a link out of the directory, a link to a folder outside) and
  oversized arguments are refused, and nothing outside the directory is read or written;
- the raw stream: malformed lines get JSON-RPC errors, an oversized line is skipped, and the
  server exits 0 when its input closes;
- docs/agents.md's worked example, as written there, gives what the page says;
- `--directory` serves a folder the server was not started in, and `/` is never served.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_mcp.py
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT  # noqa: E402

TOOLS = {"describe", "schema", "lint", "edit", "fix", "snapshot", "compile", "diff"}

MISTAKES = """\
# A button with three mistakes: a misspelt key, a duration without its unit, an unknown easing.
choreo: 1
name: bad-button
size: [120, 120]
layers:
  - id: dot
    shape: ellipse
    radius: 20
    posiiton: [60, 60]
    fill: "#FF3B30"   # the brand red
states:
  rest: {}
  pressed:
    dot: {scale: 1.3}
transitions:
  - {from: rest, to: pressed, on: tap, duration: 300, easing: ease-out}
  - {from: pressed, to: rest, on: tap, duration: 0.3s, easing: eas-in}
"""


def choreo() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        subprocess.run(["swift", "build", "--product", "choreo"], cwd=REPO_ROOT, check=True, capture_output=True)
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO_ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
        path = str(Path(bin_dir) / "choreo")
    return str(Path(path).resolve())


def session(directory: Path, body):
    """Runs `body(session)` against `choreo mcp` started in `directory`, through the SDK."""

    async def main():
        params = StdioServerParameters(command=choreo(), args=["mcp"], cwd=str(directory))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as client:
                await client.initialize()
                return await body(client)

    return asyncio.run(main())


async def call(client, name: str, arguments: dict) -> dict:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, f"{name} {arguments}: {result.content[0].text}"
    # Clients that read only text get the same data.
    assert json.loads(result.content[-1].text) == result.structured_content
    return result.structured_content


async def refused(client, name: str, arguments: dict) -> str:
    result = await client.call_tool(name, arguments)
    assert result.is_error, f"{name} {str(arguments)[:200]} was not refused: {str(result.structured_content)[:300]}"
    return result.content[0].text


def test_lists_tools_and_resources(tmp_path: Path) -> None:
    async def body(client):
        tools = (await client.list_tools()).tools
        assert {tool.name for tool in tools} == TOOLS
        for tool in tools:
            # Written for a model to read: what it does, when to use it, what it returns.
            assert len(tool.description) > 200, tool.name
            assert tool.input_schema["type"] == "object" and tool.output_schema["type"] == "object"
            assert tool.annotations.read_only_hint == (tool.name in {"describe", "schema", "lint", "snapshot", "diff"})
        resources = {str(resource.uri): resource for resource in (await client.list_resources()).resources}
        for page in ["scene-format.md", "diagnostics.md", "diagnostics-yaml.md"]:
            contents = (await client.read_resource(f"choreo://docs/{page}")).contents
            assert contents[0].text == (REPO_ROOT / "docs" / page).read_text(), page
            assert resources[f"choreo://docs/{page}"].mime_type == "text/markdown"
        rules = json.loads((await client.read_resource("choreo://rules.json")).contents[0].text)
        assert {"unknown-key", "missing-unit", "unknown-easing"} <= {rule["rule"] for rule in rules}
        schema = json.loads((await client.read_resource("choreo://schema/scene.json")).contents[0].text)
        assert schema == json.loads(subprocess.run([choreo(), "schema"], capture_output=True, check=True, text=True).stdout)
        with pytest.raises(Exception, match="no resource"):
            await client.read_resource("choreo://docs/../../etc/passwd")

    session(tmp_path, body)


def test_agent_loop_reaches_a_clean_scene_whose_snapshot_is_render(tmp_path: Path) -> None:
    scene = tmp_path / "scenes" / "bad-button.yaml"
    scene.parent.mkdir()
    scene.write_text(MISTAKES)

    async def body(client):
        path = "scenes/bad-button.yaml"
        outline = await call(client, "describe", {"path": path})
        assert [node["id"] for node in outline["nodes"]] == ["dot"]
        assert [state["name"] for state in outline["states"]] == ["rest", "pressed"]
        first = outline["transitions"][0]
        assert (first["from"], first["to"], first["duration"]) == ("rest", "pressed", "300")

        lint = await call(client, "lint", {"path": path})
        assert sorted(d["rule"] for d in lint["diagnostics"]) == ["missing-unit", "unknown-easing", "unknown-key"]
        unit = next(d for d in lint["diagnostics"] if d["rule"] == "missing-unit")
        assert all(fix.get("suggestion") for fix in unit["fixIts"])  # a guess: the agent decides

        # The agent writes the unit it means; only those bytes change.
        before = scene.read_text()
        edit = await call(client, "edit", {"path": path, "operations": [
            {"op": "set", "at": first["path"] + ".duration", "value": "300ms"},
            {"op": "set", "at": "layers[0].fill", "value": "#0A84FF"},
        ]})
        assert edit["written"] and [change["places"] for change in edit["changes"]] == [1, 1]
        assert scene.read_text() == before.replace("duration: 300,", "duration: 300ms,").replace('"#FF3B30"', '"#0A84FF"')
        assert "# the brand red" in scene.read_text()
        assert edit["errors"] == 2

        fixed = await call(client, "fix", {"path": path})
        assert fixed["written"] and sorted(fix["rule"] for fix in fixed["applied"]) == ["unknown-easing", "unknown-key"]
        assert fixed["errors"] == 0 and fixed["diagnostics"] == []
        assert (await call(client, "lint", {"path": path}))["errors"] == 0

        shot = await client.call_tool("snapshot", {"path": path, "state": "pressed"})
        assert not shot.is_error
        image = next(content for content in shot.content if content.type == "image")
        assert image.mime_type == "image/png"
        png = base64.b64decode(image.data)
        rendered = tmp_path / "pressed.png"
        subprocess.run([choreo(), "render", path, "--state", "pressed", "-o", str(rendered)], cwd=tmp_path,
                       check=True, capture_output=True)
        assert png == rendered.read_bytes()
        assert shot.structured_content["bytes"] == len(png)

        compiled = await call(client, "compile", {"path": path, "emit": ["lottie", "svg"]})
        assert compiled["compiled"] and compiled["states"] == ["rest", "pressed"]
        for output in compiled["outputs"]:
            assert (tmp_path / output["path"]).stat().st_size == output["bytes"]
        lottie = json.loads((tmp_path / "build" / "bad-button.json").read_text())
        assert lottie["w"] == 120

        # The file as the session found it does not compile: no motion to compare with.
        message = await refused(client, "diff", {"path": path})
        assert "did not compile when this session first changed it" in message and "pass 'before'" in message, message
        # What an edit of the clean scene changes, as motion (the old side as a file, as git would keep it).
        shutil.copy(scene, tmp_path / "scenes" / "clean.yaml")
        await call(client, "edit", {"path": path, "operations": [{"op": "set", "at": "states.pressed.dot.scale", "value": 1.5}]})
        diff = await call(client, "diff", {"path": path, "before": "scenes/clean.yaml"})
        assert diff["changed"] and diff["baseline"] == "the file scenes/clean.yaml", diff
        assert any("1.5" in json.dumps(change) for change in diff["scene"]["changes"]), diff

    session(tmp_path, body)


def test_the_worked_example_of_docs_agents_md(tmp_path: Path) -> None:
    """docs/agents.md's scene and edit, as written there, give what the page says they give."""
    page = (REPO_ROOT / "docs" / "agents.md").read_text()
    scene_text = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    edit_arguments = json.loads(page.split("**edit**:\n\n```json\n", 1)[1].split("```", 1)[0])
    (tmp_path / "scenes").mkdir()
    scene = tmp_path / "scenes" / "toggle.yaml"
    scene.write_text(scene_text)

    async def body(client):
        path = edit_arguments["path"]
        lint = await call(client, "lint", {"path": path})
        assert [(d["line"], d["column"], d["rule"]) for d in lint["diagnostics"]] == [
            (8, 5, "unknown-property"), (19, 12, "unknown-key"), (21, 44, "missing-unit")]
        edit = await call(client, "edit", edit_arguments)
        assert [d["rule"] for d in edit["diagnostics"]] == ["unknown-key"]
        assert [e["replacement"] for c in edit["changes"] for e in c["edits"]] == ["250ms", "", "    corner-radius: 28\n"]
        fixed = await call(client, "fix", {"path": path})
        assert [(f["rule"], f["old"], f["new"]) for f in fixed["applied"]] == [("unknown-key", "positon", "position")]
        assert fixed["errors"] == 0
        assert "fill: white   # stays white in both states" in scene.read_text()
        shot = await call(client, "snapshot", {"path": path, "state": "on"})
        assert (shot["drawn"], shot["width"], shot["height"]) == (True, 96, 56)
        compiled = await call(client, "compile", {"path": path, "emit": ["lottie", "dotlottie"]})
        assert [o["path"] for o in compiled["outputs"]] == ["build/toggle.json", "build/toggle.lottie"]
        assert compiled["transitions"] == ["off->on", "on->off"] and compiled["duration"] == 0.566667

    session(tmp_path, body)


def utf8_offset(text: str, line: int, column: int) -> int:
    """A 1-based line and column (Unicode scalars) as an index into `text`."""
    lines = text.splitlines(keepends=True)
    return sum(len(l) for l in lines[: line - 1]) + column - 1


def random_value(old: str, rng: random.Random):
    if old.startswith("#") or old.startswith('"#'):
        return "#%06X" % rng.randrange(1 << 24)
    for unit in ("ms", "s", "deg", "f"):
        if old.endswith(unit) and old[: -len(unit)].replace(".", "", 1).isdigit():
            return f"{rng.randrange(1, 900) / 10:g}{unit}"
    try:
        float(old)
        return rng.choice([rng.randrange(0, 500), rng.randrange(0, 1000) / 100])
    except ValueError:
        return rng.choice(["ease-in", "linear", "new text", "two words: here", "#hash", "it's"])


def test_random_edits_change_only_the_edited_bytes(tmp_path: Path) -> None:
    scenes = sorted((REPO_ROOT / "scenes").glob("*.yaml"))
    for scene in scenes:
        shutil.copy(scene, tmp_path / scene.name)
    rng = random.Random(55)
    edits = 200

    async def body(client):
        done = 0
        outlines: dict[str, dict] = {}  # each scene's outline as the last edit left it
        while done < edits:
            scene = rng.choice(scenes).name
            outline = outlines.get(scene) or await call(client, "describe", {"path": scene, "values": True})
            values = [v for v in outline["values"] if v["path"] and not v["path"].startswith("choreo")]
            value = rng.choice(values)
            text = (tmp_path / scene).read_text()
            new_value = random_value(value["text"], rng)
            result = await call(client, "edit", {"path": scene, "operations": [{"op": "set", "at": value["path"], "value": new_value}]})
            [change] = result["changes"]
            [edit] = change["edits"]
            # The edit replaces the value where it is defined (a $var's value), nothing else.
            where = value["definedAt"] if value["definedAt"] and not str(new_value).startswith("$") else value["range"]
            start = utf8_offset(text, where["line"], where["column"])
            end = utf8_offset(text, where["endLine"], where["endColumn"])
            assert (utf8_offset(text, edit["line"], edit["column"]), utf8_offset(text, edit["endLine"], edit["endColumn"])) in [(start, end), (end, end)], (scene, value, edit)
            written = (tmp_path / scene).read_text()
            replaced_end = utf8_offset(text, edit["endLine"], edit["endColumn"])
            replaced_start = utf8_offset(text, edit["line"], edit["column"])
            assert written == text[:replaced_start] + edit["replacement"] + text[replaced_end:], (scene, value)
            # Every other value reads back as it was.
            after = await call(client, "describe", {"path": scene, "values": True})
            old_texts = {v["path"]: v["text"] for v in outline["values"]}
            new_texts = {v["path"]: v["text"] for v in after["values"]}
            def inside_edit(place) -> bool:
                return start <= utf8_offset(text, place["line"], place["column"]) and utf8_offset(text, place["endLine"], place["endColumn"]) <= end

            # The edited value and what it held (the members of a map that a var defines).
            same_place = {v["path"] for v in outline["values"] if inside_edit(v["definedAt"] or v["range"]) or inside_edit(v["range"])}
            for path_, old in old_texts.items():
                if path_ not in same_place and path_ in new_texts:
                    assert new_texts[path_] == old, (scene, value["path"], path_)
            assert set(old_texts) - same_place <= set(new_texts) | same_place, (scene, value, new_value, set(old_texts) - same_place - set(new_texts))
            outlines[scene] = after
            done += 1
        return done

    assert session(tmp_path, body) == edits


def test_hostile_paths_and_oversized_arguments_are_refused(tmp_path: Path) -> None:
    inside = tmp_path / "project"
    inside.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(MISTAKES)
    (inside / "scene.yaml").write_text(MISTAKES)
    (inside / "link-out.yaml").symlink_to(outside / "secret.yaml")
    (inside / "folder-out").symlink_to(outside)
    (inside / "link-in.yaml").symlink_to("scene.yaml")
    secret = (outside / "secret.yaml").read_bytes()

    async def body(client):
        for path in ["../outside/secret.yaml", str(outside / "secret.yaml"), "/etc/passwd", "link-out.yaml",
                     "folder-out/secret.yaml", "scene.yaml/../../outside/secret.yaml", "", "a\u0000b"]:
            for tool in ["lint", "describe", "fix", "snapshot"]:
                message = await refused(client, tool, {"path": path})
                assert "inside" in message or "link" in message or "empty" in message or "control" in message, message
            await refused(client, "edit", {"path": path, "operations": [{"op": "set", "at": "name", "value": "x"}]})
            await refused(client, "diff", {"path": "scene.yaml", "before": path})
        # A link that stays inside is followed.
        assert (await call(client, "lint", {"path": "link-in.yaml"}))["errors"] == 3
        for directory in ["../out", str(tmp_path / "out"), "folder-out", "folder-out/deeper"]:
            await refused(client, "compile", {"path": "scene.yaml", "outputDirectory": directory})
        # Oversized arguments.
        await refused(client, "lint", {"path": "x" * 5000})
        await refused(client, "lint", {"path": "scene.yaml", "text": "a: 1\n" * (2 << 20)})
        await refused(client, "edit", {"path": "scene.yaml", "operations": [{"op": "set", "at": "name", "value": "x"}] * 101})
        await refused(client, "snapshot", {"path": "scene.yaml", "width": 100000})
        await refused(client, "lint", {"path": "scene.yaml", "bogus": 1})
        await refused(client, "edit", {"path": "scene.yaml", "operations": [{"op": "insert", "at": "layers[0]", "key": "a: b", "value": 1}]})

    session(inside, body)
    assert (outside / "secret.yaml").read_bytes() == secret
    assert sorted(p.name for p in outside.iterdir()) == ["secret.yaml"]
    assert not (tmp_path / "out").exists()


def raw_session(directory: Path, data: bytes) -> tuple[list[dict], int, str]:
    run = subprocess.run([choreo(), "mcp"], input=data, cwd=directory, capture_output=True, timeout=120)
    return [json.loads(line) for line in run.stdout.splitlines()], run.returncode, run.stderr.decode()


def test_malformed_messages_get_errors_and_input_closing_ends_the_server(tmp_path: Path) -> None:
    initialize = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    lines = [
        json.dumps({"jsonrpc": "2.0", "id": 0, "method": "tools/list"}),  # before initialize
        initialize,
        "{not json",
        "[1, 2]",
        json.dumps({"jsonrpc": "2.0", "id": 2, "method": "no/such"}),
        json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "nope"}}),
        "x" * (17 << 20),  # past the line limit: skipped, the session goes on
        json.dumps({"jsonrpc": "2.0", "id": 4, "method": "ping"}),
        json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "lint", "arguments": {"path": "missing.yaml"}}}),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}}),
        json.dumps({"jsonrpc": "2.0", "id": 6, "method": "ping"}),
    ]
    replies, status, stderr = raw_session(tmp_path, ("\n".join(lines) + "\n").encode())
    assert status == 0, stderr
    codes = [(reply.get("id"), reply.get("error", {}).get("code")) for reply in replies]
    assert codes == [(0, -32600), (1, None), (None, -32700), (None, -32600), (2, -32601), (3, -32602), (None, -32600), (4, None), (6, None)], codes
    assert replies[1]["result"]["protocolVersion"] == "2025-06-18"
    # A stream that ends mid-message: no answer, exit 0.
    replies, status, stderr = raw_session(tmp_path, (initialize + "\n" + '{"jsonrpc": "2.0", "id": 2, "meth').encode())
    assert status == 0 and len(replies) == 1 and "middle of a message" in stderr


def test_directory_option_and_the_file_system_root(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "scene.yaml").write_text(MISTAKES)
    initialize = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    lint = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "lint", "arguments": {"path": "scene.yaml"}}})
    # Started elsewhere (a client that cannot set the working directory), serving the project.
    run = subprocess.run([choreo(), "mcp", "--directory", str(project)], input=(initialize + "\n" + lint + "\n").encode(),
                         cwd="/", capture_output=True, timeout=120)
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.returncode == 0 and replies[1]["result"]["structuredContent"]["errors"] == 3, run.stderr
    # Never the whole file system, and never a directory that is not one.
    for arguments, cwd in [([], "/"), (["--directory", "/"], project), (["--directory", str(project / "scene.yaml")], project),
                           (["--directory", str(tmp_path / "missing")], project)]:
        run = subprocess.run([choreo(), "mcp", *arguments], input=(initialize + "\n").encode(), cwd=cwd, capture_output=True, timeout=120)
        assert run.returncode == 2 and run.stdout == b"", (arguments, run.stdout)
        assert b"refusing to serve the whole file system" in run.stderr or b"is not a directory" in run.stderr, run.stderr
