import ChoreoDiagnostics
import ChoreoTestSupport
import Foundation
import Testing

@testable import ChoreoScene

// The rule catalogue (`Rule`) against the corpus, the docs and the tests: every rule has a fixture
// or a named test, and a docs section; every docs section is a rule.

/// Rules no fixture file can trigger (bytes that are not UTF-8, inputs of megabytes, a player
/// target, the report's own cap), each with the test that triggers it: "TARGET/FILE.swift: function".
let rulesTestedInCode: [Rule: String] = [
    .invalidUTF8: "ChoreoSceneTests/FrontendTests/InvalidCorpusTests.swift: invalidUTF8IsReportedAtItsLine",
    .fileTooLarge: "ChoreoSceneTests/FrontendTests/InvalidCorpusTests.swift: hugeFileIsRefused",
    .nestingTooDeep: "ChoreoSceneTests/FrontendTests/InvalidCorpusTests.swift: deepNestingIsRefused",
    .tooManyNodes: "ChoreoSceneTests/FrontendTests/InvalidCorpusTests.swift: aliasBombIsRefused",
    .tooManyKeyframes: "ChoreoPipelineTests/SceneLimitTests.swift: moreKeyframesThanTheLimitIsAnError",
    .tooManySceneNodes: "ChoreoPipelineTests/SceneLimitTests.swift: moreNodesThanTheLimitIsAnError",
    .tooManyVertices: "ChoreoPipelineTests/SceneLimitTests.swift: morePathVerticesThanTheLimitIsAnError",
    .tooManyBakedKeyframes: "ChoreoPipelineTests/SceneLimitTests.swift: moreBakedKeyframesThanTheLimitIsAnError",
    .outputTooLarge: "ChoreoPipelineTests/SceneLimitTests.swift: limitsThatMultiplyAreBoundedTogether",
    .iosStrokeNonuniformScale: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: aStrokeStyleInheritedFromAGroupIsReportedWhereTheScaleIs",
    .androidGroupOpacity: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: fadingCopiesWithAFillAndAStrokeAreReportedForAndroid",
    .tgsTooLong: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: aTimelineCrossingThreeSecondsIsReportedForTelegram",
    .tgsTooLarge: "ChoreoCLITests/TargetTests.swift: tgsTargetFailsWithTheMeasuredSizeWhenTheStickerIsTooLarge",
    .tgsClip: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: aClippedNodeIsReportedForTelegramAtItsClip",
    .lottieJump: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: leavingALoopFarFromThePoseIsALottieJumpWarningForPlainLottieTargets",
    .effectNotDrawn: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: effectsAPlayerCannotDrawAreReportedAtTheirKey",
    .bindingWithoutSlots: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: aBindingIsReportedWhereThePlayersReadNoSlots",
    .maskNotDrawn: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: masksAPlayerDrawsOtherwiseAreReportedAtTheMask",
    .tgsCompositing: "ChoreoSceneTests/TargetTests/PlayerTargetTests.swift: masksMattesAndBlendModesAreRefusedForTelegram",
    .tooManyDiagnostics: "ChoreoCLITests/HostileInputTests.swift: diagnosticOutputIsBoundedPerFile",
    .overBudget: "ChoreoCLITests/BudgetTests.swift: aLottieOverTheSceneBudgetIsAnErrorWithItsSizes",
    .renderTooLarge: "ChoreoCLITests/RenderTests.swift: renderPastThePixelLimitIsRenderTooLargeAtTheScene",
    .fontUnreadable: "ChoreoSceneTests/FrontendTests/TextTests.swift: aFileThatIsNoFontIsReportedAtItsName",
    // The SVG importer sits above ChoreoScene: its rules' marker fixtures run where it is linked.
    .artworkNotFound: "ChoreoSVGImportTests/ArtworkSceneTests.swift: artworkNotFoundFixture",
    .svgRefused: "ChoreoSVGImportTests/ArtworkSceneTests.swift: svgRefusedFixture",
    .svgUnsupported: "ChoreoSVGImportTests/ArtworkSceneTests.swift: svgUnsupportedFixture",
    .artworkIDClash: "ChoreoSVGImportTests/ArtworkSceneTests.swift: artworkIDClashFixture",
    // The Lottie importer's findings are about a Lottie document, not a scene.
    .lottieRefused: "ChoreoCLITests/LottieImportCommandTests.swift: malformedJSONIsRefusedAndNothingIsWritten",
    .lottieUnsupported: "ChoreoCLITests/LottieImportCommandTests.swift: aDocumentBecomesASceneThatCompilesWithWarningsAtPointers",
]

/// The rules the `# expect:` lines of the invalid corpus name.
private func rulesInFixtures() throws -> [String: Set<String>] {
    var fixturesByRule: [String: Set<String>] = [:]
    for name in invalidFixtureNames() {
        let text = try String(contentsOf: frontendFixturesDirectory("invalid").appendingPathComponent(name), encoding: .utf8)
        for line in expectations(in: text) {
            fixturesByRule[String(line.split(separator: " ").last ?? ""), default: []].insert(name)
        }
    }
    return fixturesByRule
}

/// The rule ids of the ``## `rule-id` `` headings of a docs page, with the first line of each section.
private func documentedRules(page: String) throws -> [String: String] {
    let text = try String(contentsOf: repositoryRoot().appendingPathComponent("docs").appendingPathComponent(page), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var sections: [String: String] = [:]
    for (index, line) in lines.enumerated() {
        guard let match = line.wholeMatch(of: /## `([a-z0-9-]+)`/) else { continue }
        let firstLine = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        sections[String(match.1)] = firstLine.map(String.init) ?? ""
    }
    return sections
}

@Test func everyRuleHasAFixtureOrANamedTest() throws {
    let fixtures = try rulesInFixtures()
    #expect(invalidFixtureNames().count >= 60)
    for rule in Rule.allCases {
        let fixtureNames = fixtures[rule.rawValue] ?? []
        if let test = rulesTestedInCode[rule] {
            #expect(fixtureNames.isEmpty, "\(rule) has fixtures \(fixtureNames.sorted()): drop it from rulesTestedInCode")
            let parts = test.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let url = repositoryRoot().appendingPathComponent("Tests").appendingPathComponent(parts[0])
            let source = try String(contentsOf: url, encoding: .utf8)
            guard let start = source.range(of: "func \(parts[1])(") else {
                Issue.record("\(parts[0]) has no function \(parts[1]) (named for \(rule))")
                continue
            }
            // The test's own text, up to the next test, names the rule.
            let rest = source[start.upperBound...]
            let body = rest[..<(rest.range(of: "@Test")?.lowerBound ?? rest.endIndex)]
            #expect(
                body.contains(rule.rawValue) || body.lowercased().contains(caseName(of: rule)),
                "\(test) does not mention \(rule)")
        } else {
            #expect(!fixtureNames.isEmpty, "no fixture in Fixtures/invalid has '# expect: … \(rule)', and rulesTestedInCode names no test")
        }
    }
    // And no fixture expects a rule outside the catalogue.
    for (rule, names) in fixtures where Rule(rawValue: rule) == nil {
        Issue.record("\(names.sorted()) expect '\(rule)', which is not a case of Rule")
    }
}

/// How a test names the case, lowercased: `.invalidutf8` for `Rule.invalidUTF8` ("invalid-utf8").
private func caseName(of rule: Rule) -> String {
    "." + rule.rawValue.replacingOccurrences(of: "-", with: "").lowercased()
}

@Test func everyRuleHasADocsSectionAndEverySectionARule() throws {
    var documented: [String: (page: String, firstLine: String)] = [:]
    for page in ["diagnostics.md", "diagnostics-yaml.md"] {
        for (rule, firstLine) in try documentedRules(page: page) {
            #expect(documented[rule] == nil, "\(rule) has a section in two pages")
            documented[rule] = (page, firstLine)
        }
    }
    for rule in Rule.allCases {
        guard let section = documented[rule.rawValue] else {
            Issue.record("docs/\(rule.documentationPage) has no section ## `\(rule)`")
            continue
        }
        #expect(section.page == rule.documentationPage, "\(rule) is documented in \(section.page), not \(rule.documentationPage)")
        // A section that states its severity states the catalogue's.
        if section.firstLine.hasPrefix("Severity: ") {
            #expect(
                section.firstLine.hasPrefix("Severity: \(rule.severity.rawValue)"),
                "docs/\(section.page) says '\(section.firstLine.prefix(30))…' for \(rule), a \(rule.severity.rawValue)")
        }
    }
    for rule in documented.keys where Rule(rawValue: rule) == nil {
        Issue.record("docs/\(documented[rule]!.page) has a section for '\(rule)', which is not a case of Rule")
    }
}

@Test func theRuleTableOfTheDocsListsEveryRuleOfThePageWithItsSeverity() throws {
    let text = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    var rows: [String: String] = [:]
    for match in text.matches(of: /\| \[`([a-z0-9-]+)`\]\(#[a-z0-9-]+\) \| ([a-z]+)[^|\n]*\|/) {
        rows[String(match.1)] = String(match.2)
    }
    for rule in Rule.allCases where rule.documentationPage == "diagnostics.md" {
        #expect(rows[rule.rawValue] == rule.severity.rawValue, "the table of docs/diagnostics.md: \(rule) is \(rows[rule.rawValue] ?? "missing")")
    }
}

@Test func catalogueEntriesAreComplete() {
    #expect(Set(Rule.allCases.map(\.rawValue)).count == Rule.allCases.count)
    for rule in Rule.allCases {
        #expect(rule.rawValue.wholeMatch(of: /[a-z][a-z0-9]*(-[a-z0-9]+)+/) != nil, "\(rule.rawValue)")
        #expect(!rule.summary.isEmpty && !rule.summary.hasSuffix("."), "\(rule): '\(rule.summary)'")
        #expect(rule.documentation == "\(rule.documentationPage)#\(rule.rawValue)")
        #expect("\(rule)" == rule.rawValue, "interpolating a rule writes its id")
    }
    #expect(playerTargetRules == [.iosStrokeNonuniformScale, .androidGroupOpacity, .tgsTooLong, .tgsTooLarge, .tgsClip, .lottieJump, .overBudget, .renderTooLarge, .effectNotDrawn, .bindingWithoutSlots, .maskNotDrawn, .tgsCompositing])
}
