import Foundation
import Testing

@testable import ChoreoLottieImport

/// The importer over `../shared/peer-suites/lottie-corpus` (documents nobody here wrote): every
/// document imports or is refused with a positioned finding, and the counts per tier and source
/// are printed. The pictures are compared in the slow stage (`Tests/conformance/lottie_corpus_study.py`).
@Suite struct LottieCorpusTests {
    private var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/peer-suites/lottie-corpus")
    }

    @Test func everyDocumentImportsOrIsRefusedWithItsPlace() throws {
        let manifestURL = corpus.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: manifestURL.path) else {
            print("skipped the Lottie corpus: \(corpus.path) is absent (../shared is not beside the repository)")
            return
        }
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let documents = try #require(manifest["documents"] as? [[String: Any]])
        #expect(documents.count >= 400)
        struct Tally { var imported = 0, refused = 0, warnings = 0, readOnly = 0 }
        var byTier: [String: Tally] = [:], bySource: [String: Tally] = [:]
        var slowest = (seconds: 0.0, path: "")
        for document in documents {
            let path = try #require(document["path"] as? String)
            let tier = document["tier"] as? String ?? "?"
            let source = document["source"] as? String ?? "?"
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(path)))
            // The large documents of tier C (images, expressions) are only read here, to keep the
            // test command quick; the slow stage's study imports every one.
            if tier == "C", bytes.count > 128 << 10, bytes.first != UInt8(ascii: "P") {
                if case let .failure(error) = LottieJSONReader.read(bytes) { Issue.record("\(path): \(error.message)") }
                byTier[tier, default: Tally()].readOnly += 1
                bySource[source, default: Tally()].readOnly += 1
                continue
            }
            let started = Date()
            let result = LottieImporter.importDocument(bytes, source: URL(fileURLWithPath: path).lastPathComponent)
            let seconds = Date().timeIntervalSince(started)
            if seconds > slowest.seconds { slowest = (seconds, path) }
            switch result {
            case let .success(scene):
                byTier[tier, default: Tally()].imported += 1
                bySource[source, default: Tally()].imported += 1
                byTier[tier, default: Tally()].warnings += scene.warnings.count
                bySource[source, default: Tally()].warnings += scene.warnings.count
                // One expectation per document: thousands of them cost more than the imports.
                let unplaced = scene.warnings.filter { !($0.pointer.isEmpty || $0.pointer.hasPrefix("/")) || $0.message.isEmpty }
                #expect(unplaced.isEmpty, "\(path): \(unplaced.prefix(3))")
            case let .failure(finding):
                byTier[tier, default: Tally()].refused += 1
                bySource[source, default: Tally()].refused += 1
                #expect(!finding.message.isEmpty, "\(path)")
                #expect(finding.pointer.isEmpty || finding.pointer.hasPrefix("/"), "\(path): \(finding.pointer)")
                print("refused \(path) (\(tier)): \(finding.location(in: "")) \(finding.message)")
            }
        }
        func line(_ name: String, _ tally: Tally) -> String {
            "  \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) imported \(tally.imported), refused \(tally.refused), warnings \(tally.warnings)"
                + (tally.readOnly > 0 ? ", only read (tier C over 128 KiB) \(tally.readOnly)" : "")
        }
        print("Lottie corpus, per tier:\n" + byTier.keys.sorted().map { line($0, byTier[$0]!) }.joined(separator: "\n"))
        print("Lottie corpus, per source:\n" + bySource.keys.sorted().map { line($0, bySource[$0]!) }.joined(separator: "\n"))
        print("slowest import: \(String(format: "%.2f", slowest.seconds)) s (\(slowest.path))")
        for tier in ["A0", "A1", "A2"] {
            let tally = byTier[tier, default: Tally()]
            #expect(Double(tally.imported) >= 0.95 * Double(tally.imported + tally.refused), "\(tier)")
        }
        let b = byTier["B", default: Tally()]
        #expect(Double(b.imported) >= 0.85 * Double(b.imported + b.refused))
    }
}
