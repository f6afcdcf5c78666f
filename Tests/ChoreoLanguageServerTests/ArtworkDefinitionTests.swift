import ChoreoFileAccess
import ChoreoJSON
import ChoreoSVGImport
import Foundation
import Testing

@testable import ChoreoLanguageServer

/// Go-to-definition on a node an `artwork:` brings opens its element in the SVG file.
@Test func definitionOfAnArtworkNodeIsItsElementInTheSVG() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-artwork-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("art work"), withIntermediateDirectories: true)
    try """
        <svg width="40" height="20" xmlns="http://www.w3.org/2000/svg">
          <rect id="plate" width="40" height="20"/>
            <g id="dot" transform="translate(30 10)"><circle r="4" fill="red"/></g>
        </svg>
        """.write(to: directory.appendingPathComponent("art work/badge.svg"), atomically: true, encoding: .utf8)
    let scene = """
        choreo: 1
        size: [40, 20]
        layers:
          - {id: badge, artwork: "art work/badge.svg"}
        states:
          idle: {}
          alert: {dot: {scale: 2}}
        transitions:
          - {from: idle, to: alert, on: tap, duration: 0.2s}
        """
    let uri = "file://" + directory.path + "/scene.yaml"
    var configuration = LanguageServer.Configuration(documentationBase: nil, version: "test")
    configuration.artwork = SVGArtworkLoader()
    configuration.files = SceneFolderFiles()
    let server = LanguageServer(configuration: configuration)
    _ = server.handle(.object([("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    let published = server.handle(.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "yaml"), ("version", 1), ("text", .string(scene))])),
    ]))]))
    #expect(published.first?["params"]?["diagnostics"] == .array([]), "\(published)")
    let answer = server.handle(.object([("jsonrpc", "2.0"), ("id", 2), ("method", "textDocument/definition"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri))])), ("position", .object([("line", 6), ("character", 12)])),
    ]))]))
    let result = try #require(answer.first?["result"])
    #expect(result["uri"] == .string("file://" + directory.path + "/art%20work/badge.svg"))
    #expect(result["range"]?["start"] == .object([("line", 2), ("character", 4)]))
}
