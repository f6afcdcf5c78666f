@testable import ChoreoDiagnostics
import Foundation
import Testing

/// Two diagnostics that exercise every field: a note with a range, a note about the whole file,
/// a help line, and text that needs escaping in every output format.
private let source = SourceFile(
    path: "scenes/menu, v2.yaml",
    text: """
        choreo: 1
        layers:
          - id: upper
            rotaton: 45deg
          - id: upper
        """)

private let sample: [Diagnostic] = [
    Diagnostic(
        .error, rule: .unknownKey, "unknown property 'rotaton' for a rect node", file: source.path,
        range: SourceRange(start: .init(line: 4, column: 5), end: .init(line: 4, column: 12)),
        help: "did you mean 'rotation'?"),
    Diagnostic(
        .warning, rule: .duplicateID, "node id 'upper' is used twice: 100% \"same\"\nsecond line",
        file: source.path, range: SourceRange(.init(line: 5, column: 9)),
        notes: [
            Note("first defined here", at: SourceRange(start: .init(line: 3, column: 9), end: .init(line: 3, column: 14))),
            Note("ids must be unique in a scene", at: nil),
        ]),
]

@Test func textRendererQuotesTheSourceLineWithACaretUnderTheRange() {
    let renderer = TextRenderer(source: { $0 == source.path ? source : nil })
    let expected = """
        scenes/menu, v2.yaml:4:5: error: unknown property 'rotaton' for a rect node [unknown-key]
            4 |     rotaton: 45deg
              |     ^~~~~~~
              = help: did you mean 'rotation'?

        """
    #expect(renderer.render(sample[0]) == expected)
}

@Test func textRendererPrintsNotesAtTheirOwnPlaces() {
    let renderer = TextRenderer(source: { $0 == source.path ? source : nil })
    let expected = """
        scenes/menu, v2.yaml:5:9: warning: node id 'upper' is used twice: 100% "same"\\u{A}second line [duplicate-id]
            5 |   - id: upper
              |         ^
        scenes/menu, v2.yaml:3:9: note: first defined here
            3 |   - id: upper
              |         ^~~~~
              = note: ids must be unique in a scene

        """
    #expect(renderer.render(sample[1]) == expected)
}

@Test func textRendererWithoutSourceOmitsTheQuote() {
    let renderer = TextRenderer(source: { _ in nil })
    #expect(renderer.render(sample[0]) == """
        scenes/menu, v2.yaml:4:5: error: unknown property 'rotaton' for a rect node [unknown-key]
              = help: did you mean 'rotation'?

        """)
}

@Test func jsonRendererGolden() {
    let expected = #"""
        [
          {
            "file": "scenes/menu, v2.yaml",
            "line": 4,
            "column": 5,
            "endLine": 4,
            "endColumn": 12,
            "severity": "error",
            "rule": "unknown-key",
            "message": "unknown property 'rotaton' for a rect node",
            "notes": [],
            "help": "did you mean 'rotation'?",
            "fixIts": []
          },
          {
            "file": "scenes/menu, v2.yaml",
            "line": 5,
            "column": 9,
            "endLine": 5,
            "endColumn": 9,
            "severity": "warning",
            "rule": "duplicate-id",
            "message": "node id 'upper' is used twice: 100% \"same\"\nsecond line",
            "notes": [
              {
                "message": "first defined here",
                "file": "scenes/menu, v2.yaml",
                "line": 3,
                "column": 9
              },
              {
                "message": "ids must be unique in a scene",
                "file": "scenes/menu, v2.yaml",
                "line": null,
                "column": null
              }
            ],
            "help": null,
            "fixIts": []
          }
        ]

        """#
    #expect(JSONRenderer.render(sample) == expected)
}

@Test func jsonRendererOutputIsValidJSONAndEmptyInputIsAnEmptyArray() throws {
    let parsed = try JSONSerialization.jsonObject(with: Data(JSONRenderer.render(sample).utf8)) as? [[String: Any]]
    #expect(parsed?.count == 2)
    #expect(parsed?[1]["message"] as? String == "node id 'upper' is used twice: 100% \"same\"\nsecond line")
    #expect(JSONRenderer.render([]) == "[]\n")
}

@Test func githubRendererGolden() {
    let expected = """
        ::error file=scenes/menu%2C v2.yaml,line=4,col=5,endLine=4,endColumn=11,title=unknown-key::unknown property 'rotaton' for a rect node%0Ahelp: did you mean 'rotation'?
        ::warning file=scenes/menu%2C v2.yaml,line=5,col=9,endLine=5,endColumn=9,title=duplicate-id::node id 'upper' is used twice: 100%25 "same"%0Asecond line%0Anote: scenes/menu, v2.yaml:3:9: first defined here%0Anote: ids must be unique in a scene

        """
    #expect(GitHubRenderer.render(sample) == expected)
}

@Test func githubRendererEscapesEveryCharacterTheRunnerTreatsSpecially() {
    #expect(GitHubRenderer.escapeData("50%\r\n:,") == "50%25%0D%0A:,")
    #expect(GitHubRenderer.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    var note = sample[0]
    note.severity = .note
    note.help = nil
    #expect(GitHubRenderer.render([note]).hasPrefix("::notice file="))
    #expect(GitHubRenderer.render([]) == "")
}

@Test func sarifRendererGolden() {
    let expected = #"""
        {
          "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json",
          "version": "2.1.0",
          "runs": [
            {
              "tool": {
                "driver": {
                  "name": "choreo",
                  "version": "9.9.9",
                  "rules": [
                    {
                      "id": "duplicate-id",
                      "name": "duplicate-id"
                    },
                    {
                      "id": "unknown-key",
                      "name": "unknown-key"
                    }
                  ]
                }
              },
              "columnKind": "unicodeCodePoints",
              "results": [
                {
                  "ruleId": "unknown-key",
                  "ruleIndex": 1,
                  "level": "error",
                  "message": {
                    "text": "unknown property 'rotaton' for a rect node\nhelp: did you mean 'rotation'?"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "scenes/menu%2C%20v2.yaml"
                        },
                        "region": {
                          "startLine": 4,
                          "startColumn": 5,
                          "endLine": 4,
                          "endColumn": 12
                        }
                      }
                    }
                  ]
                },
                {
                  "ruleId": "duplicate-id",
                  "ruleIndex": 0,
                  "level": "warning",
                  "message": {
                    "text": "node id 'upper' is used twice: 100% \"same\"\nsecond line"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "scenes/menu%2C%20v2.yaml"
                        },
                        "region": {
                          "startLine": 5,
                          "startColumn": 9,
                          "endLine": 5,
                          "endColumn": 9
                        }
                      }
                    }
                  ],
                  "relatedLocations": [
                    {
                      "id": 1,
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "scenes/menu%2C%20v2.yaml"
                        },
                        "region": {
                          "startLine": 3,
                          "startColumn": 9,
                          "endLine": 3,
                          "endColumn": 14
                        }
                      },
                      "message": {
                        "text": "first defined here"
                      }
                    },
                    {
                      "id": 2,
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "scenes/menu%2C%20v2.yaml"
                        }
                      },
                      "message": {
                        "text": "ids must be unique in a scene"
                      }
                    }
                  ]
                }
              ]
            }
          ]
        }

        """#
    #expect(SARIFRenderer.render(sample, toolVersion: "9.9.9") == expected)
}

@Test func sarifRendererIsStructurallyValid() throws {
    let data = Data(SARIFRenderer.render(sample + [sample[0]]).utf8)
    let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "choreo")
    #expect(driver["version"] == nil)
    let rules = try #require(driver["rules"] as? [[String: Any]])
    // Each rule id is listed once however often it occurs, and every result's index points at it.
    #expect(rules.map { $0["id"] as? String } == ["duplicate-id", "unknown-key"])
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for result in results {
        let index = try #require(result["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
    }
    #expect(SARIFRenderer.uriReference("a b/é#1.yaml") == "a%20b/%C3%A9%231.yaml")
}

/// After a byte order mark, line 1 is quoted without it so the caret stays under the column.
@Test func caretOnLineOneIgnoresAByteOrderMark() {
    let file = SourceFile(path: "bom.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("choreo: 2\n".utf8))
    #expect(file.line(1) == "choreo: 2")
    let diagnostic = Diagnostic(
        .error, rule: .unsupportedVersion, "unsupported version", file: "bom.yaml",
        range: SourceRange(start: SourceLocation(line: 1, column: 9), end: SourceLocation(line: 1, column: 10)))
    let rendered = TextRenderer(source: { _ in file }).render(diagnostic)
    #expect(rendered.contains("    1 | choreo: 2\n      |         ^\n"), "\(rendered)")
}

/// The program's one line table ends lines where editors, LSP and GitHub do (CR, LF, CRLF), not
/// also at NEL, U+2028 and U+2029 as libyaml does: the reader converts libyaml's marks into it, so
/// an excerpt, an annotation, an editor and the fixer all mean the same line.
@Test func sourceLinesBreakWhereEditorsBreakThem() {
    let file = SourceFile(path: "x.yaml", text: "a\u{85}b\u{2028}c\u{2029}d\r\ne\rf\ng")
    #expect(file.lineCount == 4)
    #expect((1...4).map { String(file.line($0)) } == ["a\u{85}b\u{2028}c\u{2029}d", "e", "f", "g"])
    #expect(file.hasYAMLOnlyLineBreaks)
    // Offsets and locations through the same table: `c` is column 5 of line 1, 7 UTF-8 bytes in.
    #expect(file.utf8Offset(of: SourceLocation(line: 1, column: 5)) == 7)
    #expect(file.location(ofUTF8Offset: 7) == SourceLocation(line: 1, column: 5))
    #expect(file.location(ofUTF8Offset: file.utf8Offset(of: SourceLocation(line: 3, column: 1))!) == SourceLocation(line: 3, column: 1))
}
