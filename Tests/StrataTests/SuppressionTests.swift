import Foundation
import StrataModel
import StrataPipeline
import StrataReport
import Testing

/// `// strata:ignore <rule> <reason>` on the import line or the line above: the finding moves
/// to `suppressedFindings` with its reason and is listed in every format, never dropped.
@Suite struct SuppressionTests {
    /// The layer-violation example of the rule catalog, with `Core.swift` replaced.
    func analyze(core: String) throws -> AnalysisResult {
        let repo = try TemporaryDirectory()
        for file in RuleID.layerViolation.definition.triggers.files { try repo.write(file.path, file.text) }
        try repo.write("Sources/Core/Core.swift", core)
        return try Pipeline.run(.init(path: repo.path, cacheDirectory: nil)).result
    }

    @Test func aCommentAboveOrAtTheEndOfTheImportSuppressesWithItsReason() throws {
        for source in [
            "// strata:ignore layer-violation the bridge goes when Feature moves down\nimport Feature\n",
            "import Feature // strata:ignore layer-violation the bridge goes when Feature moves down\n",
            "/* strata:ignore cycle,layer-violation the bridge goes when Feature moves down */\nimport Feature\n",
        ] {
            let result = try analyze(core: source)
            #expect(!result.findings.contains { $0.rule == .layerViolation }, "\(source)")
            let suppressed = try #require(result.suppressedFindings.first)
            #expect(suppressed.rule == .layerViolation)
            #expect(suppressed.suppression == "the bridge goes when Feature moves down")
            #expect(!suppressed.fingerprint.isEmpty)
            #expect(result.summary.suppressed == 1)
            #expect(result.warnings.isEmpty, "\(result.warnings)")
        }
    }

    @Test func anotherRuleOrAnotherLineSuppressesNothingAndSaysSo() throws {
        let result = try analyze(core: """
            // strata:ignore cycle not this rule
            import Feature

            // strata:ignore layer-violation not this line
            struct Model {}
            // strata:ignore no-such-rule reason
            // strata:ignore layer-violation
            """)
        #expect(result.findings.filter { $0.severity == .error }.map(\.rule) == [.layerViolation])
        #expect(result.suppressedFindings.isEmpty)
        #expect(result.warnings.map { "\($0.line ?? 0) \($0.message.components(separatedBy: ": ")[0])" } == [
            "1 strata:ignore cycle silences no finding",
            "4 strata:ignore layer-violation silences no finding",
            "6 strata:ignore names an unknown rule 'no-such-rule' (`strata rules` lists the ids)",
            "7 strata:ignore gives no reason",
            "7 strata:ignore layer-violation silences no finding",
        ])
    }

    @Test func everyFormatListsTheSuppressedFinding() throws {
        let result = try analyze(core: "import Feature // strata:ignore layer-violation legacy <bridge>\n")
        let check = CheckReport(result: result, findings: result.findings, suppressed: result.suppressedFindings, root: ".")
        let text = try CheckFormat.text.text(for: check)
        #expect(text.contains("Sources/Core/Core.swift:1: note: suppressed (legacy <bridge>): "))
        #expect(text.hasSuffix("(1 suppressed inline)"))
        let github = try CheckFormat.github.text(for: check)
        #expect(!github.contains("layer-violation"))
        let sarif = try CheckFormat.sarif.text(for: check)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        let results = ((log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
        let layer = try #require(results.first { $0["ruleId"] as? String == "layer-violation" })
        #expect((layer["suppressions"] as? [[String: String]]) == [["kind": "inSource", "justification": "legacy <bridge>"]])
        #expect(results.filter { $0["suppressions"] != nil }.count == 1)
        let markdown = try CheckFormat.md.text(for: CheckReport(result: result, findings: result.findings, root: "."))
        #expect(markdown.contains("1 suppressed with <code>strata:ignore</code>"))
        #expect(markdown.contains("Sources/Core/Core.swift:1: legacy \\<bridge\\>"))
    }
}
