#!/usr/bin/env python3
"""Writes the hostile-input corpus to Tests/ChoreoPipelineTests/Hostile/.

Every file is malformed or hostile and must be rejected with at least one error diagnostic that
has a position, never a crash, a hang or a timeline (Tests/ChoreoPipelineTests/HostileCorpusTests).
The output is deterministic: the same script writes the same bytes (junk comes from a seeded
generator), so the committed corpus can be checked by re-running the script and `git diff`.

Inputs larger than 200 KB (a 10 MB string, 100,000-deep block nesting, ...) are not committed;
the tests build them at run time.

    scripts/make-hostile-corpus.py            # rewrite the corpus
    scripts/make-hostile-corpus.py --check    # exit 1 if the committed corpus is stale
"""

import json
import math
import os
import random
import shutil
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TARGET = os.path.join(ROOT, "Tests", "ChoreoPipelineTests", "Hostile")
MAX_COMMITTED_BYTES = 200_000

cases = {}          # file name -> bytes
companions = {}     # path inside the corpus -> bytes: the SVG files artwork cases name
expectations = {}   # file name -> {"rule": ..., "line": ...}: only where the outcome is certain


def add(name, content, rule=None, line=None):
    """Adds one case; `name` says what it tests."""
    assert name not in cases, name
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    assert len(data) <= MAX_COMMITTED_BYTES, f"{name} is {len(data)} bytes: build it at test time instead"
    file_name = name + ".yaml"
    cases[file_name] = data
    expectation = {}
    if rule is not None:
        expectation["rule"] = rule
    if line is not None:
        expectation["line"] = line
    if expectation:
        expectations[file_name] = expectation


# A valid scene with one deliberate error at a known line, for encodings and line breaks.
VALID_HEAD = """choreo: 1
name: probe
size: [100, 100]
layers:
  - id: dot
    shape: ellipse
    radius: 10
"""
# Line 8: a misspelled key.
WITH_TYPO = VALID_HEAD + "    rotaton: 45deg\n"


# ---------------------------------------------------------------------------------------------
# Encodings, byte-level junk, line breaks, control characters

def encodings():
    rng = random.Random(6)
    for index in range(8):
        add(f"bytes-random-junk-{index}", bytes(rng.randrange(256) for _ in range(64 + 97 * index)))
    add("bytes-png-header", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00")
    add("bytes-gzip-header", b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + bytes(range(0, 256, 7)))
    add("bytes-all-values", bytes(range(256)))
    add("bytes-only-nul", b"\x00" * 64)
    add("bytes-nul-inside-key", b"choreo: 1\nna\x00me: x\nsize: [1, 1]\nlayers: []\n")
    add("bytes-nul-inside-string", VALID_HEAD.encode() + b'    fill: "#ff\x00000"\n')
    add("bytes-nul-at-end", WITH_TYPO.encode() + b"\x00")
    # Truncated and overlong UTF-8.
    add("utf8-truncated-two-byte", b"choreo: 1\nname: caf\xc3", rule="invalid-utf8", line=2)
    add("utf8-truncated-three-byte", b"choreo: 1\nname: arrow\xe2\x86", rule="invalid-utf8", line=2)
    add("utf8-truncated-four-byte-mid-file", b"choreo: 1\nname: \xf0\x9f\x98\nsize: [1, 1]\n", rule="invalid-utf8", line=2)
    add("utf8-overlong-slash", b"choreo: 1\nname: a\xc0\xafb\n", rule="invalid-utf8", line=2)
    add("utf8-overlong-nul", b"choreo: 1\nname: a\xc0\x80b\n", rule="invalid-utf8", line=2)
    add("utf8-overlong-three-byte", b"choreo: 1\n\xe0\x80\xaf: 1\n", rule="invalid-utf8", line=2)
    add("utf8-surrogate-half", b"choreo: 1\nname: \xed\xa0\x80\n", rule="invalid-utf8", line=2)
    add("utf8-above-unicode-range", b"choreo: 1\nname: \xf4\x90\x80\x80\n", rule="invalid-utf8", line=2)
    add("utf8-lone-continuation-byte", b"\x80choreo: 1\n", rule="invalid-utf8", line=1)
    add("utf8-latin1-e-acute", b"choreo: 1\nname: caf\xe9\n", rule="invalid-utf8", line=2)
    add("utf8-ff-byte", b"\xff\xff\xff\xff", rule="invalid-utf8", line=1)
    # Byte order marks: a UTF-8 BOM is allowed, so the typo must still be found at line 8.
    add("bom-utf8-then-typo", b"\xef\xbb\xbf" + WITH_TYPO.encode(), line=8)
    add("bom-utf8-twice", b"\xef\xbb\xbf\xef\xbb\xbf" + WITH_TYPO.encode())
    add("bom-utf8-only", b"\xef\xbb\xbf")
    add("bom-utf8-mid-file", VALID_HEAD.encode() + b"\xef\xbb\xbf    opacity: 1\n")
    add("bom-utf16-le-scene", b"\xff\xfe" + WITH_TYPO.encode("utf-16-le"))
    add("bom-utf16-be-scene", b"\xfe\xff" + WITH_TYPO.encode("utf-16-be"))
    add("utf16-le-without-bom", WITH_TYPO.encode("utf-16-le"))
    add("bom-utf32-le-scene", b"\xff\xfe\x00\x00" + WITH_TYPO.encode("utf-32-le"))
    # Line breaks: the error position must survive every convention.
    add("crlf-typo-at-line-8", WITH_TYPO.replace("\n", "\r\n"), rule="unknown-key", line=8)
    add("lone-cr-typo-at-line-8", WITH_TYPO.replace("\n", "\r"), line=8)
    add("mixed-line-breaks-typo-at-line-8",
        "".join(line + ("\r\n" if i % 3 == 0 else "\r" if i % 3 == 1 else "\n")
                for i, line in enumerate(WITH_TYPO.splitlines())), line=8)
    add("crlf-missing-size", "choreo: 1\r\nname: probe\r\nlayers: []\r\n")
    add("unicode-line-separator-in-plain-scalar", VALID_HEAD + "    fill: red\u2028blue\n")
    # NEL, U+2028 and U+2029 end lines for libyaml only: editors, LSP and GitHub see one line, so
    # the typo is reported on line 1 (libyaml's line 8 is converted).
    add("next-line-character-breaks-typo-on-editor-line-1", WITH_TYPO.replace("\n", "\u0085"), rule="unknown-key", line=1)
    add("line-separator-breaks-typo-on-editor-line-1", WITH_TYPO.replace("\n", "\u2028"), rule="unknown-key", line=1)
    # Control characters and tabs.
    add("control-bell-in-plain-scalar", VALID_HEAD + "    fill: re\x07d\n")
    add("control-escape-in-quoted-string", VALID_HEAD + '    fill: "\x1b[31mred"\n')
    add("control-delete-in-key", VALID_HEAD + "    opa\x7fcity: 1\n")
    add("control-vertical-tab-indent", VALID_HEAD + "\x0b   opacity: 1\n")
    add("control-form-feed-line", VALID_HEAD + "\x0c\n    opacity: 1\n    rotaton: 1deg\n")
    add("tab-indentation", VALID_HEAD.replace("    radius", "\tradius"))
    add("tab-indentation-everywhere", WITH_TYPO.replace("  ", "\t"))
    add("tab-after-colon-with-typo", WITH_TYPO.replace(": ", ":\t"), line=8)
    add("zero-width-space-in-key", VALID_HEAD + "    opa\u200bcity: 1\n", rule="unknown-key", line=8)
    add("right-to-left-override-in-id", VALID_HEAD.replace("id: dot", "id: d\u202eot"))
    add("emoji-key", VALID_HEAD + "    \U0001F600: 1\n", rule="unknown-key", line=8)


# ---------------------------------------------------------------------------------------------
# Document structure

def structure():
    add("empty-file", b"", rule="empty-file", line=1)
    add("only-newlines", "\n\n\n\n")
    add("only-spaces", "     ")
    add("only-comments", "# a scene, some day\n# not yet\n")
    add("only-document-marker", "---\n")
    add("only-document-end-marker", "...\n")
    add("null-document", "~\n")
    add("multiple-documents", VALID_HEAD + "---\n" + VALID_HEAD, rule="multiple-documents", line=8)
    add("multiple-documents-many", ("---\n" + VALID_HEAD) * 20)
    add("document-end-then-junk", VALID_HEAD + "...\n}}}\n")
    add("directive-yaml-1-1", "%YAML 1.1\n---\n" + WITH_TYPO)
    add("directive-unknown", "%FOO bar\n---\n" + WITH_TYPO)
    add("directive-yaml-2-0", "%YAML 2.0\n---\n" + VALID_HEAD)
    add("root-is-list", "- choreo: 1\n- size: [1, 1]\n")
    add("root-is-string", "hello scene\n")
    add("root-is-number", "42\n")
    add("root-is-boolean", "true\n")
    add("root-is-flow-map-unclosed", "{choreo: 1, size: [1, 1]\n")
    add("unclosed-flow-sequence", "choreo: 1\nsize: [100, 100\nlayers: []\n")
    add("unclosed-double-quote", 'choreo: 1\nname: "probe\nsize: [1, 1]\n')
    add("unclosed-single-quote", "choreo: 1\nname: 'probe\nsize: [1, 1]\n")
    add("bad-indentation", "choreo: 1\n  name: probe\nsize: [1, 1]\n")
    add("key-value-in-plain-scalar", VALID_HEAD + "    fill: a: b\n")
    add("unquoted-rgb-in-flow-map", VALID_HEAD.replace("radius: 10", "{radius: 10, fill: rgb(1, 2, 3)}"))
    add("duplicate-top-level-key", "choreo: 1\nchoreo: 1\nsize: [1, 1]\nlayers: []\n")
    add("duplicate-node-key", VALID_HEAD + "    radius: 20\n")
    add("complex-mapping-key", "? [a, b]\n: 1\nchoreo: 1\n")
    add("map-as-key", "{a: 1}: 2\n")
    add("tags-custom", "choreo: !!int 1\nname: !custom probe\nsize: !!seq [1, 1]\nlayers: !!str x\n")
    add("tag-binary", "choreo: 1\nname: !!binary aGVsbG8=\nsize: [1, 1]\nlayers: []\n")
    add("merge-key-into-scalar", "base: &b 1\nchoreo: 1\nsize: [1, 1]\nlayers:\n  - <<: *b\n    id: x\n")
    add("merge-key-list-of-scalars", "choreo: 1\nsize: [1, 1]\nlayers:\n  - <<: [1, 2]\n    id: x\n")
    add("undefined-alias", "choreo: 1\nsize: *nothing\nlayers: []\n")
    add("alias-before-anchor", "choreo: 1\nsize: *s\nother: &s [1, 1]\nlayers: []\n")
    add("anchor-redefined-cycle-attempt", "a: &x [*x]\n")
    add("very-long-line-plain-key", VALID_HEAD + "    " + "k" * 150_000 + ": 1\n")
    add("very-long-line-flow-list", "choreo: 1\nsize: [" + ", ".join(["1"] * 40_000) + "]\nlayers: []\n")
    add("very-long-line-expression", VALID_HEAD.replace("radius: 10", "radius: " + " + ".join(["1"] * 30_000) + " + $undefined"))
    add("very-long-quoted-name", 'choreo: 1\nname: "' + "n" * 100_000 + '"\nsize: [1, 1]\nlayers: []\n')
    add("many-unknown-keys", VALID_HEAD + "".join(f"    key{i}: {i}\n" for i in range(3000)))
    add("many-errors", "choreo: 1\nsize: [1, 1]\nlayers:\n" +
        "".join(f"  - {{id: n{i}, shape: rect, size: [x, y], fill: nocolor{i}}}\n" for i in range(1000)))


# ---------------------------------------------------------------------------------------------
# Numbers: huge, tiny, NaN and infinity

def numbers():
    def radius(text):
        return VALID_HEAD.replace("radius: 10", f"radius: {text}")

    for name, text in [
        ("yaml-dot-nan", ".nan"), ("yaml-dot-inf", ".inf"), ("yaml-negative-dot-inf", "-.inf"),
        ("yaml-dot-NaN-capitalised", ".NaN"), ("bare-nan", "nan"), ("bare-inf", "inf"),
        ("bare-infinity", "Infinity"), ("one-over-zero", "1 / 0"), ("zero-over-zero", "0 / 0"),
        ("negative-one-over-zero", "-1 / 0"), ("sqrt-of-negative", "sqrt(-1)"),
        ("literal-1e400", "1e400"), ("literal-negative-1e400", "-1e400"),
        ("product-overflows", "1e308 * 10"), ("square-overflows", "1e200 * 1e200"),
        ("sum-overflows", "1.7e308 + 1.7e308"), ("literal-1e-400-then-divide", "1 / 1e-400"),
        ("min-of-nan", "min(0 / 0, 1)"), ("max-of-inf", "max(1e308 * 10, 1)"),
        ("sin-of-huge-angle", "sin(1e308deg) * 1e308 * 10"),
        ("hex-number", "0x1F"), ("octal-number", "0o17"), ("number-with-underscores", "1_000"),
        ("digits-400", "9" * 400), ("decimal-digits-5000", "0." + "1" * 5000 + "e400"),
        ("exponent-huge", "1e99999999999999999999"), ("exponent-only", "e10"),
        ("trailing-operator", "5 -"), ("unbalanced-parenthesis", "(1 + 2"),
        ("nested-parentheses-10000", "(" * 10_000 + "1" + ")" * 10_000),
        ("unary-minus-chain-20000", "-" * 20_000 + "1"),
        ("length-with-time-unit", "10s"), ("unknown-unit", "10furlongs"),
    ]:
        add(f"number-radius-{name}", radius(text))

    def head(field, text):
        return VALID_HEAD.replace("size: [100, 100]", f"size: [100, 100]\n{field}: {text}")

    add("number-fps-nan", head("fps", ".nan"))
    add("number-fps-inf", head("fps", ".inf"))
    add("number-fps-zero", head("fps", "0"))
    add("number-fps-1e400", head("fps", "1e400"))
    add("number-size-1e400", VALID_HEAD.replace("size: [100, 100]", "size: [1e400, 100]"))
    add("number-size-nan", VALID_HEAD.replace("size: [100, 100]", "size: [.nan, .nan]"))
    add("number-size-negative", VALID_HEAD.replace("size: [100, 100]", "size: [-100, 100]"))
    add("number-choreo-version-1e400", VALID_HEAD.replace("choreo: 1", "choreo: 1e400"))
    add("number-choreo-version-huge-integer", VALID_HEAD.replace("choreo: 1", "choreo: 99999999999999999999999999"))
    add("number-position-inf", VALID_HEAD + "    position: [.inf, -.inf]\n")
    add("number-rotation-inf-degrees", VALID_HEAD + "    rotation: 1e400deg\n")
    add("number-rotation-nan-turns", VALID_HEAD + "    rotation: (0 / 0)turn\n")
    add("number-opacity-nan", VALID_HEAD + "    opacity: .nan\n")
    add("number-scale-overflow", VALID_HEAD + "    scale: 1e308 * 10\n")
    add("number-var-overflow", VALID_HEAD.replace("size: [100, 100]", "size: [100, 100]\nvars:\n  big: 1e308\n  huge: $big * 10")
        .replace("radius: 10", "radius: $huge"))
    add("number-duration-inf", VALID_HEAD + "timelines:\n  t:\n    duration: 1e400s\n    keyframes:\n"
        "      dot.opacity:\n        - {at: 0s, value: 1}\n        - {at: 1s, value: 0}\n")
    add("number-duration-nan", VALID_HEAD + "timelines:\n  t:\n    duration: (0/0)s\n    keyframes:\n"
        "      dot.opacity:\n        - {at: 0s, value: 1}\n")
    add("number-keyframe-at-inf", VALID_HEAD + "timelines:\n  t:\n    duration: 1s\n    keyframes:\n"
        "      dot.opacity:\n        - {at: 0s, value: 1}\n        - {at: .infs, value: 0}\n")
    add("number-spring-response-negative", VALID_HEAD + "timelines:\n  t:\n    duration: 1s\n    tweens:\n"
        "      - {at: 0s, easing: {spring: {response: -1, damping-fraction: 0.5}}, to: {dot: {opacity: 0}}}\n")
    add("number-spring-damping-nan", VALID_HEAD + "timelines:\n  t:\n    duration: 1s\n    tweens:\n"
        "      - {at: 0s, easing: {spring: {response: 0.5, damping-fraction: .nan}}, to: {dot: {opacity: 0}}}\n")
    add("number-cubic-bezier-nan", VALID_HEAD + "timelines:\n  t:\n    duration: 1s\n    tweens:\n"
        "      - {at: 0s, duration: 1s, easing: {cubic-bezier: [.nan, 0, 1, 1]}, to: {dot: {opacity: 0}}}\n")
    add("number-steps-huge", VALID_HEAD + "timelines:\n  t:\n    duration: 1s\n    tweens:\n"
        "      - {at: 0s, duration: 1s, easing: {steps: 1e9}, to: {dot: {opacity: 0}}}\n")
    add("number-path-d-nan", VALID_HEAD.replace("shape: ellipse\n    radius: 10", "shape: path\n    d: M 0 0 L nan 1e400 Z"))
    add("number-path-points-inf", VALID_HEAD.replace("shape: ellipse\n    radius: 10",
                                                      "shape: path\n    points: [[0, 0], [.inf, 0], [0, 1e400]]"))


# ---------------------------------------------------------------------------------------------
# Nesting and alias bombs (committed up to 200 KB; the 100,000-deep files are built by the tests)

def nesting():
    add("nesting-flow-sequence-100000", "[" * 100_000 + "]" * 100_000, rule="nesting-too-deep", line=1)
    add("nesting-flow-sequence-100000-unclosed", "[" * 100_000, rule="nesting-too-deep", line=1)
    add("nesting-flow-map-30000", "{a: " * 30_000 + "1" + "}" * 30_000, rule="nesting-too-deep", line=1)
    add("nesting-flow-mixed-40000", "[{a: " * 20_000 + "1" + "}]" * 20_000, rule="nesting-too-deep", line=1)
    add("nesting-block-sequence-dash-chain-65000", "- " * 65_000 + "1\n", rule="nesting-too-deep", line=1)
    # Indented block maps: 400 levels (80 KB), each one deeper than the last.
    add("nesting-block-map-400", "".join(" " * i + f"k{i}:\n" for i in range(400)) + " " * 400 + "1\n",
        rule="nesting-too-deep")
    add("nesting-in-node-children-100", "choreo: 1\nsize: [1, 1]\nlayers:\n" +
        "".join("  " * (2 * i + 1) + f"- id: g{i}\n" + "  " * (2 * i + 2) + "shape: group\n" + "  " * (2 * i + 2) +
                "children:\n" for i in range(100)) + "  " * 201 + "- {id: leaf, shape: rect, size: [1, 1]}\n",
        rule="nesting-too-deep")
    add("nesting-expression-in-var", "choreo: 1\nsize: [1, 1]\nvars:\n  x: " + "(" * 50_000 + "1" + ")" * 50_000 +
        "\nlayers:\n  - {id: a, shape: ellipse, radius: $x}\n")

    def laughs(levels, width, payload='"lol"'):
        lines = [f"a0: &a0 {payload}"]
        for level in range(1, levels + 1):
            lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * width) + "]")
        return lines

    bomb = "\n".join(laughs(9, 10)) + "\n"
    assert len(bomb) < 600, len(bomb)
    add("alias-billion-laughs", bomb, rule="too-many-nodes")
    add("alias-billion-laughs-as-layers", "choreo: 1\nsize: [1, 1]\n" + "\n".join(
        f"x{line}" for line in laughs(9, 10, '{id: a, shape: rect, size: [1, 1]}')) + "\nlayers: *a9\n",
        rule="too-many-nodes")
    add("alias-billion-laughs-maps", "\n".join(
        ["m0: &m0 {k: lol}"] + [f"m{i}: &m{i} {{" + ", ".join(f"k{j}: *m{i - 1}" for j in range(10)) + "}"
                                for i in range(1, 10)]) + "\n", rule="too-many-nodes")
    add("alias-quadratic-blowup-wide", "a: &a [" + ", ".join(["x"] * 2000) + "]\nb: [" + ", ".join(["*a"] * 2000) + "]\n",
        rule="too-many-nodes")
    add("alias-merge-bomb", "\n".join(
        ["b0: &b0 {k: 1}"] + [f"b{i}: &b{i} {{<<: [" + ", ".join([f"*b{i - 1}"] * 10) + "], k" + str(i) + ": 1}"
                              for i in range(1, 10)]) + "\nchoreo: 1\n")
    add("alias-in-vars-bomb", "choreo: 1\nsize: [1, 1]\n" + "\n".join(f"x{line}" for line in laughs(9, 10, "1")) +
        "\nvars: {big: *a9}\nlayers: []\n", rule="too-many-nodes")


# ---------------------------------------------------------------------------------------------
# Vars: cycles and misuse

def variables():
    def scene(vars_block, radius="$a"):
        return "choreo: 1\nsize: [100, 100]\nvars:\n" + vars_block + \
            f"layers:\n  - {{id: dot, shape: ellipse, radius: {radius}}}\n"

    add("vars-self-cycle", scene("  a: $a\n"), rule="var-cycle")
    add("vars-two-cycle", scene("  a: $b\n  b: $a\n"), rule="var-cycle")
    add("vars-three-cycle", scene("  a: $b + 1\n  b: $c * 2\n  c: $a - 3\n"), rule="var-cycle")
    add("vars-cycle-unused", scene("  a: 1\n  p: $q\n  q: $p\n"), rule="var-cycle")
    add("vars-cycle-1000-long", scene("".join(f"  v{i}: $v{(i + 1) % 1000} + 1\n" for i in range(1000)), "$v0"),
        rule="var-cycle")
    add("vars-cycle-through-point", scene("  a: [$b, 1]\n  b: $a\n"))
    add("vars-cycle-through-min", scene("  a: min($b, 1)\n  b: max($a, 2)\n"), rule="var-cycle")
    add("vars-chain-5000-then-undefined", scene("".join(f"  v{i}: $v{i + 1}\n" for i in range(5000)), "$v0"))
    add("vars-doubling-chain-overflows", scene("  v0: 2\n" + "".join(f"  v{i}: $v{i - 1} * $v{i - 1}\n" for i in range(1, 40)),
                                               "$v39"))
    add("vars-undefined", scene("  a: 1\n", "$nope"))
    add("vars-dollar-only", scene("  a: 1\n", "$"))
    add("vars-invalid-name", scene("  1a: 1\n", "1"))
    add("vars-name-with-space", scene('  "a b": 1\n', "1"))
    add("vars-colour-used-as-number", scene('  a: "#ff0000"\n'))
    add("vars-time-used-as-length", scene("  a: 1s\n"))
    add("vars-angle-used-as-length", scene("  a: 45deg\n"))
    add("vars-point-used-as-number", scene("  a: [1, 2]\n"))
    add("vars-map-value", scene("  a: {x: 1}\n"))
    add("vars-list-of-lists", scene("  a: [[1, 2], [3, 4]]\n"))
    add("vars-boolean", scene("  a: true\n"))
    add("vars-null", scene("  a: ~\n"))
    add("vars-is-a-list", "choreo: 1\nsize: [1, 1]\nvars: [1, 2]\nlayers: []\n")
    add("vars-time-divided-by-zero-time", scene("  a: 1s / 0s\n"))


# ---------------------------------------------------------------------------------------------
# Shapes and references

def shapes():
    def node(text):
        return "choreo: 1\nsize: [100, 100]\nlayers:\n  - " + text + "\n"

    add("shape-unknown-triangle", node("{id: a, shape: triangle, size: [1, 1]}"))
    add("shape-capitalised-rect", node("{id: a, shape: Rect, size: [1, 1]}"))
    add("shape-missing", node("{id: a, size: [1, 1]}"))
    add("shape-empty-string", node('{id: a, shape: "", size: [1, 1]}'))
    add("shape-circle-swiftui-name", node("{id: a, shape: circle, radius: 3}"))
    add("shape-geometry-of-other-shape", node("{id: a, shape: rect, radius: 3}"))
    add("shape-polygon-two-sides", node("{id: a, shape: polygon, sides: 2, radius: 3}"))
    add("shape-polygon-million-sides", node("{id: a, shape: polygon, sides: 1000000, radius: 3}"))
    add("shape-polygon-fractional-sides", node("{id: a, shape: polygon, sides: 4.5, radius: 3}"))
    add("shape-path-empty-d", node('{id: a, shape: path, d: ""}'))
    add("shape-path-d-garbage", node('{id: a, shape: path, d: "M 0 0 X 1 1 Q"}'))
    add("shape-path-d-no-moveto", node('{id: a, shape: path, d: "L 1 1 Z"}'))
    add("shape-path-d-arc-bad-flags", node('{id: a, shape: path, d: "M 0 0 A 5 5 0 2 3 10 10"}'))
    add("shape-path-d-and-points", node("{id: a, shape: path, d: M 0 0 L 1 1, points: [[0, 0], [1, 1], [1, 0]]}"))
    add("shape-path-points-one-point", node("{id: a, shape: path, points: [[0, 0]]}"))
    add("shape-path-points-three-coordinates", node("{id: a, shape: path, points: [[0, 0, 0], [1, 1, 1]]}"))
    add("shape-path-contours-empty", node("{id: a, shape: path, contours: [[]]}"))
    add("shape-path-no-geometry", node("{id: a, shape: path}"))
    add("shape-group-no-children", node("{id: a, shape: group}"))
    add("shape-group-children-not-list", node("{id: a, shape: group, children: {id: b}}"))
    add("shape-rect-with-children", node("{id: a, shape: rect, size: [1, 1], children: [{id: b, shape: rect, size: [1, 1]}]}"))
    add("id-duplicate", node("{id: a, shape: rect, size: [1, 1]}\n  - {id: a, shape: rect, size: [1, 1]}"),
        rule="duplicate-id")
    add("id-invalid-characters", node('{id: "a.b c", shape: rect, size: [1, 1]}'))
    add("id-starts-with-digit", node("{id: 9a, shape: rect, size: [1, 1]}"))
    add("id-empty", node('{id: "", shape: rect, size: [1, 1]}'))
    add("layers-empty-list-with-state", "choreo: 1\nsize: [1, 1]\nlayers: []\nstates:\n  a:\n    ghost: {opacity: 0}\n")
    add("state-unknown-node", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s:\n    b: {opacity: 0}\n")
    add("state-unknown-property", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s:\n    a: {colour: red}\n")
    add("transition-unknown-states", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s: {}\ntransitions:\n  - {from: x, to: y, duration: 1s}\n")
    add("transition-duration-bare-number", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s: {}\n  t: {a: {opacity: 0}}\ntransitions:\n  - {from: s, to: t, duration: 1}\n")
    add("transition-negative-duration", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s: {}\n  t: {a: {opacity: 0}}\ntransitions:\n  - {from: s, to: t, duration: -1s}\n")
    add("morph-vertex-count-mismatch", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: path, morph: index, points: [[0, 0], [1, 0], [1, 1]]}\n"
        "states:\n  s: {}\n  t:\n    a: {points: [[0, 0], [1, 0], [1, 1], [0, 1]]}\n")
    add("timeline-keyframe-unknown-property", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "timelines:\n  t:\n    duration: 1s\n    keyframes:\n      a.colour:\n        - {at: 0s, value: 1}\n")
    add("timeline-keyframe-path-no-dot", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "timelines:\n  t:\n    duration: 1s\n    keyframes:\n      a:\n        - {at: 0s, value: 1}\n")
    add("timeline-keyframes-out-of-order-and-outside", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "timelines:\n  t:\n    duration: 1s\n    keyframes:\n      a.opacity:\n        - {at: 0.5s, value: 1}\n"
        "        - {at: 0.2s, value: 0}\n        - {at: 5s, value: 1}\n")
    add("play-unknown-timeline", "choreo: 1\nsize: [1, 1]\nlayers:\n  - {id: a, shape: rect, size: [1, 1]}\n"
        "states:\n  s: {play: nothing}\n")


# ---------------------------------------------------------------------------------------------
# Every wrong type in every position

class Raw:
    """YAML text inserted as is."""

    def __init__(self, text):
        self.text = text


WRONG = {
    "list": Raw("[1, 2, 3]"),
    "map": Raw("{bogus: 1}"),
    "string": Raw("hello"),
    "number": Raw("7"),
    "boolean": Raw("true"),
    "null": Raw("null"),
}


def flow(value):
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    raise TypeError(value)


def block(value, indent=0):
    """Block style for maps and for lists of maps; flow style for everything else."""
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        if not value:
            return [pad + "{}"]
        for key, item in value.items():
            if isinstance(item, dict) and item or isinstance(item, list) and any(isinstance(i, dict) for i in item):
                lines.append(f"{pad}{key}:")
                lines.extend(block(item, indent + 2))
            else:
                lines.append(f"{pad}{key}: {flow(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and item:
                inner = block(item, indent + 2)
                inner[0] = pad + "- " + inner[0][indent + 2:]
                lines.extend(inner)
            else:
                lines.append(f"{pad}- {flow(item)}")
    else:
        raise TypeError(value)
    return lines


def base_scene():
    return {
        "choreo": 1,
        "name": "base",
        "size": [200, 200],
        "fps": 60,
        "background": '"#ffffff"',
        "vars": {"w": 40, "t": "0.5s"},
        "layers": [
            {
                "id": "box", "shape": "rect", "size": ["$w", 20], "corner-radius": 4,
                "position": [100, 100], "anchor": "center", "offset": [0, 0], "scale": 1,
                "rotation": "0deg", "opacity": 1, "fill": '"#336699"', "fill-rule": "nonzero",
                "stroke": {"color": '"#000000"', "width": 2, "cap": "round", "join": "round",
                           "miter-limit": 4, "dash": [2, 2]},
                "trim": {"start": 0, "end": 1, "offset": 0},
                "repeat": {"count": 2, "rotation": "10deg", "offset": [1, 1], "scale": 1,
                           "anchor": "center", "opacity": [1, 0.5]},
            },
            {"id": "dot", "shape": "ellipse", "radius": 10,
             "fill": {"linear": {"from": [0, 0], "to": [10, 10]}, "stops": [[0, "red"], [1, "blue"]],
                      "units": "bounds"}},
            {"id": "ring", "shape": "ellipse", "size": [10, 20],
             "fill": {"radial": {"center": [0, 0], "radius": 5}, "stops": [[0, "red"], [1, "blue"]]}},
            {"id": "star", "shape": "polygon", "sides": 5, "radius": 20, "inner-radius": 10, "corner-radius": 1},
            {"id": "line", "shape": "path", "d": '"M 0 0 L 10 10"'},
            {"id": "tri", "shape": "path", "points": [[0, 0], [10, 0], [5, 5]], "closed": False},
            {"id": "two", "shape": "path", "contours": [[[0, 0], [1, 0], [1, 1]], [[2, 2], [3, 2], [3, 3]]]},
            {"id": "grp", "shape": "group", "children": [{"id": "inner", "shape": "rect", "size": [5, 5]}]},
        ],
        "states": {
            "off": {},
            "on": {"box": {"rotation": "90deg", "stroke": {"width": 3}}, "play": "beat"},
        },
        "initial": "off",
        "transitions": [
            {"from": "off", "to": "on", "on": "tap", "duration": "$t", "delay": "0s", "easing": "ease-in-out",
             "nodes": {"box": {"delay": "0.1s", "duration": "0.2s", "easing": "snappy"}}},
            {"from": "on", "to": "off", "duration": "0.3s",
             "easing": {"spring": {"response": 0.5, "damping-fraction": 0.8}}},
        ],
        "timelines": {
            "beat": {
                "duration": "1s",
                "loop": True,
                "tweens": [
                    {"at": "0s", "duration": "0.5s", "easing": {"cubic-bezier": [0.2, 0, 0, 1]},
                     "to": {"dot": {"opacity": 0.5}}},
                    {"at": "0.5s", "duration": "0.5s", "easing": {"steps": 4}, "by": {"box": {"rotation": "90deg"}}},
                    {"at": "0.2s", "easing": {"spring": {"duration": "0.5s", "bounce": 0.3}},
                     "to": {"ring": {"scale": 2}}},
                ],
                "keyframes": {
                    "star.opacity": [{"at": "0s", "value": 1}, {"at": "1s", "value": 0, "easing": "ease-out"}],
                },
            },
        },
    }


# The kinds each position accepts (a wrong-type case is written for every other kind).
# Keys are paths of map keys and list indices; "*" marks the scene default of a position.
ACCEPTS = {
    ("choreo",): {"number"},
    ("name",): {"string"},
    ("size",): {"list"},
    ("fps",): {"number"},
    ("background",): {"string"},
    ("vars",): {"map"},
    ("vars", "w"): {"number", "string"},   # "hello" is an expression error where $w is used
    ("vars", "t"): {"string"},
    ("layers",): {"list"},
    ("states",): {"map"},
    ("initial",): {"string"},
    ("transitions",): {"list"},
    ("timelines",): {"map"},
}

NODE_KEYS = {
    0: {"id": {"string"}, "shape": {"string"}, "size": {"list"}, "corner-radius": {"number"},
        "position": {"list"}, "anchor": {"string", "list"}, "offset": {"list"}, "scale": {"number", "list"},
        "rotation": {"string"}, "opacity": {"number"}, "fill": {"string", "map"}, "fill-rule": {"string"},
        "stroke": {"map", "string"}, "trim": {"map"}, "repeat": {"map"}},
    1: {"radius": {"number"}, "fill": {"string", "map"}},
    2: {"size": {"list"}},
    3: {"sides": {"number"}, "radius": {"number"}, "inner-radius": {"number"}, "corner-radius": {"number"}},
    4: {"d": {"string", "list"}},
    5: {"points": {"list"}, "closed": {"boolean"}},
    6: {"contours": {"list"}},
    7: {"children": {"list"}},
}
for index, keys in NODE_KEYS.items():
    ACCEPTS[("layers", index)] = {"map"}
    for key, kinds in keys.items():
        ACCEPTS[("layers", index, key)] = kinds
for key in ["color", "width", "cap", "join", "miter-limit", "dash"]:
    ACCEPTS[("layers", 0, "stroke", key)] = {"list"} if key == "dash" else {"number"} if key in ("width", "miter-limit") else {"string"}
for key in ["start", "end", "offset"]:
    ACCEPTS[("layers", 0, "trim", key)] = {"number"}
for key, kinds in {"count": {"number"}, "rotation": {"string"}, "offset": {"list"}, "scale": {"number", "list"},
                   "anchor": {"string", "list"}, "opacity": {"list", "number"}}.items():
    ACCEPTS[("layers", 0, "repeat", key)] = kinds
ACCEPTS.update({
    ("layers", 1, "fill", "linear"): {"map"},
    ("layers", 1, "fill", "linear", "from"): {"list"},
    ("layers", 1, "fill", "linear", "to"): {"list"},
    ("layers", 1, "fill", "stops"): {"list"},
    ("layers", 1, "fill", "stops", 0): {"list"},
    ("layers", 1, "fill", "units"): {"string"},
    ("layers", 2, "fill", "radial"): {"map"},
    ("layers", 2, "fill", "radial", "center"): {"list"},
    ("layers", 2, "fill", "radial", "radius"): {"number"},
    ("layers", 5, "points", 0): {"list"},
    ("layers", 6, "contours", 0): {"list"},
    ("layers", 7, "children", 0): {"map"},
    ("states", "on"): {"map"},
    ("states", "on", "box"): {"map"},
    ("states", "on", "box", "rotation"): {"string"},
    ("states", "on", "box", "stroke"): {"map", "string"},
    ("states", "on", "play"): {"string"},
    ("transitions", 0): {"map"},
    ("transitions", 0, "from"): {"string"},
    ("transitions", 0, "to"): {"string"},
    ("transitions", 0, "on"): {"string"},
    ("transitions", 0, "duration"): {"string"},
    ("transitions", 0, "delay"): {"string"},
    ("transitions", 0, "easing"): {"string", "map"},
    ("transitions", 0, "nodes"): {"map"},
    ("transitions", 0, "nodes", "box"): {"map"},
    ("transitions", 0, "nodes", "box", "delay"): {"string"},
    ("transitions", 0, "nodes", "box", "easing"): {"string", "map"},
    ("transitions", 1, "easing", "spring"): {"map"},
    ("transitions", 1, "easing", "spring", "response"): {"number"},
    ("transitions", 1, "easing", "spring", "damping-fraction"): {"number"},
    ("timelines", "beat"): {"map"},
    ("timelines", "beat", "duration"): {"string"},
    ("timelines", "beat", "loop"): {"boolean"},
    ("timelines", "beat", "tweens"): {"list"},
    ("timelines", "beat", "tweens", 0): {"map"},
    ("timelines", "beat", "tweens", 0, "at"): {"string"},
    ("timelines", "beat", "tweens", 0, "duration"): {"string"},
    ("timelines", "beat", "tweens", 0, "easing", "cubic-bezier"): {"list"},
    ("timelines", "beat", "tweens", 0, "to"): {"map"},
    ("timelines", "beat", "tweens", 0, "to", "dot"): {"map"},
    ("timelines", "beat", "tweens", 0, "to", "dot", "opacity"): {"number"},
    ("timelines", "beat", "tweens", 1, "easing", "steps"): {"number"},
    ("timelines", "beat", "tweens", 1, "by"): {"map"},
    ("timelines", "beat", "tweens", 1, "by", "box", "rotation"): {"string"},
    ("timelines", "beat", "tweens", 2, "easing", "spring", "duration"): {"string"},
    ("timelines", "beat", "tweens", 2, "easing", "spring", "bounce"): {"number"},
    ("timelines", "beat", "keyframes"): {"map"},
    ("timelines", "beat", "keyframes", "star.opacity"): {"list"},
    ("timelines", "beat", "keyframes", "star.opacity", 0): {"map"},
    ("timelines", "beat", "keyframes", "star.opacity", 1, "at"): {"string"},
    ("timelines", "beat", "keyframes", "star.opacity", 1, "value"): {"number"},
    ("timelines", "beat", "keyframes", "star.opacity", 1, "easing"): {"string", "map"},
})

# Cases where a kind is the right type for that position after all: a number where an angle,
# a time or a colour string is expected is still wrong (units are required), so only these are
# skipped. Each entry is (path, kind) with the reason.
SKIP = {
    # An easing name may be a number? No: but `true`/`7` as a trigger name is a plain string to
    # the schema (`on:` is free text), so those are valid scenes.
    (("transitions", 0, "on"), "number"): "a trigger is free text",
    (("transitions", 0, "on"), "boolean"): "a trigger is free text ('on: yes' is the string 'yes')",
    (("transitions", 0, "on"), "null"): "on: null means a programmatic transition",
    (("name",), "boolean"): "scalars are typed by the schema: 'true' is a valid identifier",
}
# `~` where an optional map or list belongs stands for an empty one (what `key:` with nothing after
# it means in YAML), so these null cases are valid scenes.
for null_as_empty in [
    ("layers", 0, "stroke", "dash"), ("layers", 0, "stroke"), ("layers", 0, "trim"), ("layers", 7, "children"),
    ("states", "on"), ("states", "on", "box"), ("states", "on", "box", "stroke"), ("transitions",),
    ("transitions", 0, "nodes"), ("transitions", 0, "nodes", "box"), ("transitions", 1, "easing", "spring"),
    ("timelines", "beat", "keyframes"), ("timelines", "beat", "tweens"), ("timelines", "beat", "tweens", 0, "to"),
    ("timelines", "beat", "tweens", 0, "to", "dot"), ("timelines", "beat", "tweens", 1, "by"),
]:
    SKIP[(null_as_empty, "null")] = "null stands for an empty map or list"


def label(path):
    return "-".join(str(part) for part in path)


def set_path(tree, path, value):
    node = tree
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


def wrong_types():
    names = []
    for path, kinds in ACCEPTS.items():
        for kind, value in WRONG.items():
            if kind in kinds or (path, kind) in SKIP:
                continue
            scene = base_scene()
            set_path(scene, path, value)
            name = f"wrong-type-{label(path)}-{kind}"
            add(name, "\n".join(block(scene)) + "\n")
            names.append(name)
    return names


# ---------------------------------------------------------------------------------------------
# Hostile pull requests: numbers that trapped, looped or allocated gigabytes, limits
# that multiply, output amplification, escapes. Named `attack-*`; HostileCorpusTests runs each
# in its own `choreo compile` process and requires it to end within 5 s and 512 MB with a
# positioned error and nothing written.

ATTACK_HEAD = """choreo: 1
name: attack
size: [100, 100]
layers:
  - id: a
    shape: rect
    size: [10, 10]
"""


def attack_transition(line, override="{a: {opacity: 0}}"):
    return ATTACK_HEAD + f"states:\n  x: {{}}\n  y: {override}\ntransitions:\n  - {{from: x, to: y, {line}}}\n"


def artwork_scene(value, extra=""):
    return f"choreo: 1\nname: art\nsize: [100, 100]\nlayers:\n  - {{id: icon, artwork: {value}}}\n" + extra


def add_artwork(name, value, svg=None, rule=None, extra="", line=5):
    """An `artwork:` case, its SVG (if any) written as artwork/NAME.svg next to the corpus."""
    if svg is not None:
        data = svg.encode("utf-8") if isinstance(svg, str) else bytes(svg)
        assert len(data) <= MAX_COMMITTED_BYTES, name
        companions[f"artwork/{name}.svg"] = data
    add(name, artwork_scene(value, extra), rule=rule, line=line)


def artwork_attacks():
    """SVGs a scene names with artwork:: each is refused or bounded, nothing outside is read."""
    laughs = "".join(f'<!ENTITY l{i} "&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};&l{i - 1};">'
                     for i in range(1, 10))
    add_artwork("attack-artwork-billion-laughs", "artwork/attack-artwork-billion-laughs.svg",
                f'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY l0 "lol">{laughs}]>\n'
                '<svg xmlns="http://www.w3.org/2000/svg"><desc>&l9;</desc></svg>\n', rule="svg-refused")
    add_artwork("attack-artwork-external-entity", "artwork/attack-artwork-external-entity.svg",
                '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
                '<svg xmlns="http://www.w3.org/2000/svg"><desc>&secret;</desc></svg>\n', rule="svg-refused")
    add_artwork("attack-artwork-deep-nesting", "artwork/attack-artwork-deep-nesting.svg",
                '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 20000 + "</g>" * 20000 + "</svg>\n", rule="svg-refused")
    uses = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><rect id="u0" width="1" height="1"/>'
    for i in range(1, 12):
        uses += f'<g id="u{i}">' + f'<use href="#u{i - 1}"/>' * 10 + "</g>"
    add_artwork("attack-artwork-use-bomb", "artwork/attack-artwork-use-bomb.svg", uses + '</defs><use href="#u11"/></svg>\n',
                rule="svg-refused")
    add_artwork("attack-artwork-path-out-of-the-folder", "../../../../../../etc/passwd", rule="artwork-not-found")
    add_artwork("attack-artwork-absolute-path", "/etc/passwd", rule="artwork-not-found")
    add_artwork("attack-artwork-device", "/dev/zero", rule="artwork-not-found")
    add_artwork("attack-artwork-terminal-escapes-in-path", '"art\\e[2J\\e]0;pwned\\a.svg"', rule="artwork-not-found")
    add_artwork("attack-artwork-empty-element", '"artwork/attack-artwork-empty-element.svg#"',
                '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n', rule="svg-refused")
    many = "".join(f"  - {{id: n{i}, artwork: {{file: artwork/attack-artwork-seventeen-uses.svg, prefix: p{i}-}}}}\n" for i in range(17))
    add_artwork("attack-artwork-seventeen-uses", "{file: artwork/attack-artwork-seventeen-uses.svg, prefix: p-}",
                '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n', extra="", rule=None)
    cases["attack-artwork-seventeen-uses.yaml"] = (artwork_scene("{file: artwork/attack-artwork-seventeen-uses.svg, prefix: p-}") + many).encode()
    expectations["attack-artwork-seventeen-uses.yaml"] = {"rule": "value-too-large"}
    add_artwork("attack-artwork-href-to-a-url-and-a-file", "artwork/attack-artwork-href-to-a-url-and-a-file.svg",
                '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
                '<use href="http://127.0.0.1:9/x.svg#a"/><use xlink:href="file:///etc/passwd#a"/><image href="/etc/passwd"/></svg>\n',
                extra="  - {id: icon, shape: rect, size: [1, 1]}\n", rule="duplicate-id", line=6)


def attacks():
    add("attack-duration-1e18s", attack_transition("duration: 1e18s"), rule="value-too-large", line=12)
    add("attack-delay-1e300s", attack_transition("duration: 1s, delay: 1e300s"), rule="value-too-large", line=12)
    add("attack-timeline-1e18s", ATTACK_HEAD + "timelines:\n  t:\n    duration: 1e18s\n"
        "    keyframes:\n      a.opacity: [{at: 0s, value: 0}, {at: 1s, value: 1}]\n", rule="value-too-large", line=10)
    add("attack-spring-response-1e300", attack_transition("easing: {spring: {response: 1e300}}"), rule="value-too-large", line=12)
    add("attack-spring-damping-1e300", attack_transition("easing: {spring: {damping-fraction: 1e300}}"),
        rule="value-too-large", line=12)
    add("attack-spring-damping-1e-9", attack_transition("easing: {spring: {damping-fraction: 1e-9}}"), rule="out-of-range", line=12)
    add("attack-spring-settles-after-hours", attack_transition("easing: {spring: {response: 3000, damping-fraction: 0.01}}"),
        rule="value-too-large", line=12)
    add("attack-keyframe-spring-damping-1e-5", ATTACK_HEAD + "timelines:\n  t:\n    duration: 1s\n    keyframes:\n"
        "      a.opacity: [{at: 0s, value: 0}, {at: 1s, value: 1, easing: {spring: {damping-fraction: 1e-5}}}]\n",
        rule="out-of-range", line=12)
    add("attack-position-1e16-bouncy", attack_transition("easing: bouncy", "{a: {position: [1e16, 0]}}"),
        rule="value-too-large", line=10)
    add("attack-scale-1e308", ATTACK_HEAD + "    scale: 1e308\n", rule="value-too-large", line=8)
    add("attack-repeat-scale-compounds-past-any-number",
        "choreo: 1\nname: r\nsize: [100, 100]\nlayers:\n"
        "  - {id: a, shape: rect, size: [1, 1], repeat: {count: 1000, scale: 1000000, offset: [1000000, 0]}}\n",
        rule="value-too-large", line=5)
    add("attack-steps-100000", attack_transition("easing: steps(100000)"), rule="invalid-easing", line=12)
    add("attack-path-data-1e300", ATTACK_HEAD + "  - {id: p, shape: path, d: 'M 0 0 L 1e300 0'}\n", rule="value-too-large", line=8)
    points = ", ".join(f"[{i % 100}, {i // 100}]" for i in range(1000))
    moved = ", ".join(f"[{(i * 7) % 100}, {i // 100}]" for i in range(1000))
    add("attack-1000-vertices-times-steps-1000",
        f"choreo: 1\nname: v\nsize: [100, 100]\nlayers:\n  - {{id: p, shape: path, points: [{points}]}}\n"
        f"states:\n  a: {{}}\n  b: {{p: {{points: [{moved}]}}}}\n"
        "transitions:\n  - {from: a, to: b, duration: 1s, easing: {steps: 1000}}\n", rule="output-too-large", line=5)
    add("attack-1000-vertices-times-10000-copies",
        "choreo: 1\nname: v\nsize: [100, 100]\nlayers:\n  - id: g\n    shape: group\n    repeat: {count: 100, offset: [0, 1]}\n"
        f"    children:\n      - {{id: p, shape: path, points: [{points}], repeat: {{count: 100, offset: [1, 0]}}}}\n",
        rule="output-too-large", line=9)
    keys = ", ".join(f"k{i}: 1" for i in range(2000))
    add("attack-2000-unknown-keys-on-one-line",
        f"choreo: 1\nname: k\nsize: [10, 10]\nlayers:\n  - {{id: a, shape: rect, size: [1, 1], {keys}}}\n",
        rule="unknown-key", line=5)
    add("attack-terminal-escapes-in-key", ATTACK_HEAD + '    "k\\e[2J\\e]52;c;aGk=\\a\\r\\n::error file=x::pwned\\u202e": 1\n',
        rule="unknown-key", line=8)
    add("attack-workflow-command-in-state-name", ATTACK_HEAD + "states:\n  '::stop-commands::x': {}\n", rule="invalid-identifier", line=9)
    add("attack-paragraph-separator-breaks-typo-on-editor-line-1", WITH_TYPO.replace("\n", "\u2029"), rule="unknown-key", line=1)
    # A free morph gives every pose the largest pose's vertex count: 41 poses, one of 3,000
    # vertices and 40 of 41 to 80, hold 41 × 3,000 vertices (41 poses of 40 to 80 vertices, cut
    # at each other's, wrote 22 MB; as a clip path 51 MB with an 896 MB peak; they now compile).
    def ring(count, turn):
        return "[" + ", ".join(
            f"[{50 + (40 + turn % 7) * math.cos(2 * math.pi * (i + turn * 0.37 % 1) / count):.1f}, "
            f"{50 + (40 + turn % 7) * math.sin(2 * math.pi * (i + turn * 0.37 % 1) / count):.1f}]" for i in range(count)) + "]"
    def morph_poses(layer, pose):
        return (f"choreo: 1\nname: m\nsize: [100, 100]\nlayers:\n  - {layer}\nstates:\n"
                + "".join(f"  s{k}: {{p: {pose(ring(41 + k, k + 1))}}}\n" for k in range(40))
                + "transitions:\n" + "".join(f"  - {{from: s{k}, to: s{k + 1}, on: tap, duration: 0.2s}}\n" for k in range(39)))
    add("attack-41-path-poses-of-different-vertex-counts",
        morph_poses(f"{{id: p, shape: path, points: {ring(3000, 0)}}}", lambda r: f"{{points: {r}}}"), rule="too-many-vertices", line=5)
    add("attack-41-clip-poses-of-different-vertex-counts",
        morph_poses(f"{{id: p, shape: rect, size: [100, 100], fill: red, clip: {{shape: path, points: {ring(3000, 0)}}}}}",
                    lambda r: f"{{clip: {{points: {r}}}}}"), rule="too-many-vertices", line=5)
    # Every theme writes its own copy of a themed value's keyframes into the .lottie: 16 themes of an
    # opacity stepped 11,000 times wrote 4.9 MB of theme files from 1 KB.
    stepped = "".join(f"        - {{at: {i * 10}s, value: {'$o' if i % 2 else 1}, easing: steps(1000)}}\n" for i in range(1, 12))
    themes = ", ".join(f"t{i}: {{o: 0.{i % 9 + 1}}}" for i in range(16))
    add("attack-16-themes-times-steps-1000",
        f"choreo: 1\nname: t\nsize: [10, 10]\nvars: {{o: 0.5}}\nthemes: {{{themes}}}\n"
        "layers:\n  - {id: r, shape: rect, size: [4, 4]}\ntimelines:\n  pulse:\n    duration: 120s\n    keyframes:\n"
        "      r.opacity:\n        - {at: 0s, value: 1}\n" + stepped, rule="output-too-large", line=5)



def main():
    check = "--check" in sys.argv[1:]
    # The unmodified base scene must compile: it lives outside the corpus, next to the generator's
    # output, so the tests can prove every wrong-type case differs from a valid scene by one value.
    base_text = "\n".join(block(base_scene())) + "\n"
    encodings()
    structure()
    numbers()
    nesting()
    variables()
    shapes()
    wrong_types()
    attacks()
    artwork_attacks()

    manifest = {
        "comment": "Written by scripts/make-hostile-corpus.py; do not edit. 'expectations' holds the rule and/or "
                   "line of an error the file must produce, where that is certain.",
        "expectations": {name: expectations[name] for name in sorted(expectations)},
    }
    outputs = dict(cases)
    outputs.update(companions)
    outputs["base-scene.yaml.txt"] = base_text.encode()
    outputs["manifest.json"] = (json.dumps(manifest, indent=2, sort_keys=False) + "\n").encode()

    if check:
        existing = {os.path.relpath(os.path.join(folder, name), TARGET)
                    for folder, _, names in os.walk(TARGET) for name in names} if os.path.isdir(TARGET) else set()
        stale = sorted(name for name in outputs if not os.path.exists(os.path.join(TARGET, name)) or
                       open(os.path.join(TARGET, name), "rb").read() != outputs[name])
        extra = sorted(existing - set(outputs))
        if stale or extra:
            print(f"stale corpus: {len(stale)} changed, {len(extra)} extra", file=sys.stderr)
            return 1
        print(f"corpus up to date: {len(cases)} cases")
        return 0

    staging = tempfile.mkdtemp(prefix="hostile-", dir=os.path.dirname(TARGET))
    for name, data in sorted(outputs.items()):
        os.makedirs(os.path.dirname(os.path.join(staging, name)), exist_ok=True)
        with open(os.path.join(staging, name), "wb") as handle:
            handle.write(data)
    if os.path.isdir(TARGET):
        shutil.rmtree(TARGET)
    os.rename(staging, TARGET)
    print(f"wrote {len(cases)} cases to {os.path.relpath(TARGET, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
