#!/usr/bin/env python3
"""Every compiled Lottie against the Lottie specification's own JSON Schema (lottie-spec 1.0.1),
assembled at test time from the peer suite's modular files; the spec's own valid and invalid test
animations are the validator's self-test.

Usage:
    python3 Tests/conformance/lottie_spec_schema.py FILE_OR_DIR...

The schema lives in `../shared/peer-suites/lottie-spec/schema` (relative to the repository root;
never copied into the repository): `root.json` plus one file per definition, `FOLDER/NAME.json`
being `$defs/FOLDER/NAME`. As the spec's own build does, the two `unknown-*` schemas (an unknown
layer, an unknown shape) get as their `not.enum` the `ty` values the other files of their folder
define, so that a known type must match its own schema and cannot pass as "unknown". Where the
peer suite is absent (a user's checkout) the suite says so and counts nothing.

Beyond the spec on purpose (docs/players.md): a difference mask (mode `f`, which After Effects
writes and ThorVG, rlottie and Skottie draw) is checked as an added one and counted apart.

Checks: `self-test valid/NAME` and `self-test invalid/NAME` (the spec's test animations validate,
or fail), then one check per compiled Lottie (`*.json` that is a Lottie document: has `layers`
and `fr`; `*.timeline.json` and other JSON are skipped). Last lines: the count of valid outputs and
`N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT, ensure_venv, summary_line  # noqa: E402

PEER_SUITE = REPO_ROOT.parent / "shared" / "peer-suites" / "lottie-spec"
SCHEMA_DIR = PEER_SUITE / "schema"
TEST_ANIMATIONS = PEER_SUITE / "tests" / "animations"
ABSENT = (f"skipped: the Lottie spec's schema is not here ({SCHEMA_DIR} is absent: ../shared is the "
          "peer suites of the development machine, not part of the repository)")
# The definitions whose `not.enum` the spec's build fills with the `ty` values of the rest of
# their folder.
UNKNOWN_TYPES = {"layers": "unknown-layer", "shapes": "unknown-shape"}


def available() -> bool:
    return (SCHEMA_DIR / "root.json").is_file()


def _own_type(definition: dict) -> object | None:
    """The `ty` a definition fixes (`properties.ty.const`), directly or in one of its `allOf`
    branches; None for a base type that leaves `ty` open."""
    branches = [definition, *(b for b in definition.get("allOf", []) if isinstance(b, dict))]
    for branch in branches:
        ty = branch.get("properties", {}).get("ty", {})
        if isinstance(ty, dict) and "const" in ty:
            return ty["const"]
    return None


def assemble(schema_dir: Path = SCHEMA_DIR) -> dict:
    """root.json with every `FOLDER/NAME.json` as `$defs/FOLDER/NAME` and the unknown types' lists."""
    root = json.loads((schema_dir / "root.json").read_text(encoding="utf-8"))
    definitions: dict[str, dict] = {}
    for folder in sorted(p for p in schema_dir.iterdir() if p.is_dir()):
        entries = {}
        for file in sorted(folder.glob("*.json")):
            definition = json.loads(file.read_text(encoding="utf-8"))
            # One document, one dialect: the root's `$schema` says it for every definition.
            definition.pop("$schema", None)
            entries[file.stem] = definition
        definitions[folder.name] = entries
    for folder, unknown in UNKNOWN_TYPES.items():
        known = [ty for name, definition in definitions[folder].items()
                 if name != unknown and (ty := _own_type(definition)) is not None]
        definitions[folder][unknown]["properties"]["ty"]["not"]["enum"] = known
    root["$defs"] = definitions
    return root


# A subschema reached through `$ref` is judged the same wherever it is reached from (the spec's
# schema is one document: no `$id` below the root, no `$dynamicRef`, no `unevaluated*`), so an
# instance found valid against a `$ref` once is valid there again. Compiled Lottie repeats values
# by the thousand (easing handles, static transforms, whole shapes tried by every branch of a
# `oneOf`), and remembering them makes validation about ten times faster. Only successes are
# remembered (a failure is worked out again, with its own error paths), each as a digest of the
# instance's canonical JSON.
def memoized(validator_class):
    """`validator_class` whose `$ref` remembers the (reference, instance) pairs that passed."""
    import hashlib

    import jsonschema

    passed: set[tuple[str, bytes]] = set()

    def ref(validator, reference, instance, schema):
        text = json.dumps(instance, sort_keys=True, separators=(",", ":"))
        key = (reference, hashlib.blake2b(text.encode(), digest_size=16).digest())
        if key in passed:
            return
        found = list(validator._validate_reference(ref=reference, instance=instance))
        if not found:
            passed.add(key)
        yield from found

    return jsonschema.validators.extend(validator_class, {"$ref": ref})


def validator_for(schema: dict):
    """A checked, memoized validator of `schema` in the dialect its `$schema` names."""
    import jsonschema

    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return memoized(validator_class)(schema)


@lru_cache(maxsize=1)
def validator():
    return validator_for(assemble())


def _explained(error) -> list:
    """The errors that say why: for a failed `oneOf`/`anyOf` (a layer or shape of any type), the
    errors of the one branch whose `ty` the instance has, followed down; the error itself where
    no single branch is meant."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    branches: dict[int, list] = {}
    for child in error.context:
        branches.setdefault(child.relative_schema_path[0], []).append(child)
    depth = len(error.absolute_path)
    meant = [children for children in branches.values()
             if not any(list(child.absolute_path)[depth:] == ["ty"] for child in children)]
    if len(meant) != 1:
        return [error]
    return [leaf for child in meant[0] for leaf in _explained(child)]


# What Choreo writes beyond lottie-spec 1.0.1, each on purpose and in docs/players.md: the mask
# mode `f` (After Effects' Difference, `mask: {mode: difference}`; the spec knows `n`, `a`, `s`
# and `i`). A document is checked as if such a mask added, and the places are counted apart.
MASK_MODES_OUTSIDE_THE_SPEC = {"f"}


def beyond_the_spec(document: object) -> tuple[object, list[str]]:
    """The document as the spec can check it (each mask of a mode beyond it read as `a`), and
    the JSON pointers of those masks."""
    if not isinstance(document, dict):
        return document, []
    places: list[str] = []
    checked = json.loads(json.dumps(document))

    def walk(layers: object, pointer: str) -> None:
        for index, layer in enumerate(layers if isinstance(layers, list) else []):
            if not isinstance(layer, dict):
                continue
            for number, mask in enumerate(layer.get("masksProperties") or []):
                if isinstance(mask, dict) and mask.get("mode") in MASK_MODES_OUTSIDE_THE_SPEC:
                    places.append(f"{pointer}/{index}/masksProperties/{number}/mode")
                    mask["mode"] = "a"

    walk(checked.get("layers"), "/layers")
    for number, asset in enumerate(checked.get("assets") or []):
        if isinstance(asset, dict):
            walk(asset.get("layers"), f"/assets/{number}/layers")
    return checked, places


def errors(document: object, limit: int = 5) -> list[str]:
    """Human-readable violations of the spec schema (at most `limit`), empty when valid. A failed
    `oneOf` of types is reported by the branch of the instance's own `ty`, so the message names
    the member at fault rather than "is not valid under any of the given schemas". What Choreo
    writes beyond the spec on purpose (`beyond_the_spec`) is not among them."""
    document, _ = beyond_the_spec(document)
    found = sorted(validator().iter_errors(document), key=lambda e: list(e.absolute_path))
    messages = []
    for error in found:
        for reason in _explained(error):
            location = "/".join(str(part) for part in reason.absolute_path) or "(root)"
            messages.append(f"{location}: {reason.message[:300]}")
    return messages[:limit]


def is_lottie(document: object) -> bool:
    return isinstance(document, dict) and "layers" in document and "fr" in document


def lottie_files(paths: list[Path]) -> list[Path]:
    files = []
    for path in paths:
        candidates = sorted(path.glob("*.json")) if path.is_dir() else [path]
        files.extend(p for p in candidates if not p.name.endswith(".timeline.json"))
    return files


def self_test() -> list[tuple[str, bool, str]]:
    """The spec's own test animations: every valid one validates, every invalid one fails."""
    checks = []
    for expected_valid, folder in ((True, "valid"), (False, "invalid")):
        files = sorted((TEST_ANIMATIONS / folder).glob("*.json"))
        if not files:
            checks.append((f"self-test {folder}", False, f"no test animations in {TEST_ANIMATIONS / folder}"))
        for file in files:
            found = errors(json.loads(file.read_text(encoding="utf-8")))
            ok = not found if expected_valid else bool(found)
            detail = "; ".join(found) if expected_valid else "the schema accepts it"
            checks.append((f"self-test {folder}/{file.stem}", ok, detail))
    return checks


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="compiled Lottie files or directories of them")
    arguments = parser.parse_args(argv)
    if not available():
        print(ABSENT)
        print(summary_line(0, 0))
        return 0
    checks = self_test()
    valid = 0
    documents = 0
    beyond = 0
    for file in lottie_files(arguments.paths):
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            checks.append((f"{file.name} schema", False, f"not JSON: {error}"))
            continue
        if not is_lottie(document):
            continue
        documents += 1
        found = errors(document)
        valid += not found
        beyond += bool(beyond_the_spec(document)[1])
        checks.append((f"{file.name} spec schema", not found, "; ".join(found)))
    for name, ok, detail in checks:
        if not ok:
            print(f"FAIL {name}: {detail}", flush=True)
    revision = (PEER_SUITE / "REVISION").read_text(encoding="utf-8").strip() if (PEER_SUITE / "REVISION").exists() else "?"
    print(f"lottie-spec schema ({SCHEMA_DIR}, revision {revision[:12]}): "
          f"{valid} of {documents} compiled Lottie documents valid"
          + (f" ({beyond} with difference masks, mode 'f', which the spec does not define: docs/players.md)" if beyond else ""))
    passed = sum(1 for _, ok, _ in checks if ok)
    print(summary_line(passed, len(checks) - passed))
    return 0 if passed == len(checks) else 1


if __name__ == "__main__":
    ensure_venv()
    sys.exit(main(sys.argv[1:]))
