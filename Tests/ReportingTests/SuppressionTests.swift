import ArchlintModel
import Testing
@testable import Reporting

@Suite struct SuppressionTests {
    static let file = "Sources/Gacha/GachaView.swift"
    static let known: Set<String> = ["cross-feature-import", "module-cycle", "layer-violation", "invalid-suppression", "unused-suppression"]

    static func diagnostic(_ rule: String, line: Int, column: Int = 1, file: String = file) -> Diagnostic {
        Diagnostic(rule: rule, severity: .error, message: "\(rule) at \(line)", location: SourceLocation(file: file, line: line, column: column))
    }

    static func comment(_ kind: SuppressionComment.Kind, _ rules: [String], line: Int, column: Int = 1) -> SuppressionComment {
        SuppressionComment(kind: kind, rules: rules, line: line, column: column)
    }

    static func apply(_ diagnostics: [Diagnostic], _ comments: [SuppressionComment], inactive: Set<String> = []) -> SuppressionResult {
        SuppressionFilter(knownRuleIDs: known, inactiveRuleIDs: inactive)
            .apply(diagnostics, comments: [file: comments], modules: [file: "GachaFeature"])
    }

    /// The suppression findings as `line:column rule: message` for full-list comparisons.
    static func findings(_ result: SuppressionResult) -> [String] {
        result.produced.map { "\($0.location.line):\($0.location.column) \($0.rule): \($0.message)" }
    }

    @Test func disableNextSilencesOnlyTheNextLine() {
        let result = Self.apply(
            [Self.diagnostic("cross-feature-import", line: 3), Self.diagnostic("cross-feature-import", line: 4)],
            [Self.comment(.next, ["cross-feature-import"], line: 2)])
        #expect(result.suppressed == [Self.diagnostic("cross-feature-import", line: 3)])
        #expect(result.kept == [Self.diagnostic("cross-feature-import", line: 4)])
        #expect(result.produced.isEmpty)
    }

    @Test func disableNextDoesNotSkipBlankLines() {
        let result = Self.apply([Self.diagnostic("cross-feature-import", line: 4)], [Self.comment(.next, ["cross-feature-import"], line: 2)])
        #expect(result.suppressed.isEmpty)
        #expect(Self.findings(result) == [
            "2:1 unused-suppression: `archlint:disable:next cross-feature-import` silences nothing on line 3: remove the comment.",
        ])
    }

    @Test func disableThisSilencesItsOwnLineAndOnlyTheNamedRules() {
        let result = Self.apply(
            [Self.diagnostic("cross-feature-import", line: 5), Self.diagnostic("layer-violation", line: 5)],
            [Self.comment(.this, ["cross-feature-import"], line: 5, column: 30)])
        #expect(result.suppressed.map(\.rule) == ["cross-feature-import"])
        #expect(result.kept.map(\.rule) == ["layer-violation"])
    }

    @Test func blockDisableEnable() {
        let diagnostics = (1...8).map { Self.diagnostic("module-cycle", line: $0) }
        let result = Self.apply(diagnostics, [
            Self.comment(.disable, ["module-cycle"], line: 3),
            Self.comment(.enable, ["module-cycle"], line: 6),
        ])
        #expect(result.suppressed.map(\.location.line) == [4, 5])
        #expect(result.kept.map(\.location.line) == [1, 2, 3, 6, 7, 8])
        #expect(result.produced.isEmpty)
    }

    @Test func blockWithoutEnableRunsToTheEndOfTheFile() {
        let result = Self.apply(
            [Self.diagnostic("module-cycle", line: 2), Self.diagnostic("module-cycle", line: 900)],
            [Self.comment(.disable, ["module-cycle"], line: 1)])
        #expect(result.kept.isEmpty)
    }

    @Test func trailingDisableDoesNotCoverWhatPrecedesItOnItsLine() {
        let result = Self.apply(
            [Self.diagnostic("module-cycle", line: 4, column: 1), Self.diagnostic("module-cycle", line: 5)],
            [Self.comment(.disable, ["module-cycle"], line: 4, column: 20)])
        #expect(result.suppressed.map(\.location.line) == [5])
    }

    @Test func allSilencesEveryRuleAndEnableReenablesOne() {
        let diagnostics = [
            Self.diagnostic("module-cycle", line: 2), Self.diagnostic("cross-feature-import", line: 2),
            Self.diagnostic("module-cycle", line: 5), Self.diagnostic("cross-feature-import", line: 5),
            Self.diagnostic("module-cycle", line: 8),
        ]
        let result = Self.apply(diagnostics, [
            Self.comment(.disable, ["all"], line: 1),
            Self.comment(.enable, ["cross-feature-import"], line: 4),
            Self.comment(.enable, ["all"], line: 7),
        ])
        #expect(result.kept.map { "\($0.rule)@\($0.location.line)" } == ["cross-feature-import@5", "module-cycle@8"])
        #expect(result.produced.isEmpty)
    }

    @Test func disableNextAllAndMultipleRules() {
        let result = Self.apply(
            [Self.diagnostic("module-cycle", line: 3), Self.diagnostic("layer-violation", line: 3), Self.diagnostic("module-cycle", line: 6)],
            [Self.comment(.next, ["all"], line: 2), Self.comment(.next, ["module-cycle", "layer-violation"], line: 5)])
        #expect(result.kept.isEmpty == false)
        #expect(result.suppressed.count == 3)
        #expect(Self.findings(result) == [
            "5:1 unused-suppression: `archlint:disable:next layer-violation` silences nothing on line 6: remove layer-violation from it.",
        ])
        #expect(result.kept == result.produced)
    }

    @Test func unknownRulesAreInvalidWithASuggestion() {
        let result = Self.apply(
            [Self.diagnostic("cross-feature-import", line: 3)],
            [Self.comment(.next, ["cross-feature-imports", "frobnicate"], line: 2), Self.comment(.enable, [], line: 9)])
        #expect(Self.findings(result) == [
            "2:1 invalid-suppression: `archlint:disable:next` names unknown rule 'cross-feature-imports'. Did you mean 'cross-feature-import'? Use an id from `archlint rules`, or `all`.",
            "2:1 invalid-suppression: `archlint:disable:next` names unknown rule 'frobnicate'. Use an id from `archlint rules`, or `all`.",
            "9:1 invalid-suppression: `archlint:enable` names no rule: add rule ids (`archlint rules` lists them) or `all`.",
        ])
        #expect(result.suppressed.isEmpty, "an unknown id silences nothing")
        #expect(result.produced.allSatisfy { $0.severity == .warning && $0.module == "GachaFeature" })
    }

    @Test func unusedBlocksAndStrayEnables() {
        let result = Self.apply([], [
            Self.comment(.disable, ["module-cycle"], line: 1),
            Self.comment(.enable, ["module-cycle"], line: 3),
            Self.comment(.enable, ["layer-violation"], line: 4),
            Self.comment(.this, ["all"], line: 6),
        ])
        #expect(Self.findings(result) == [
            "1:1 unused-suppression: `archlint:disable module-cycle` silences nothing in its region: remove the comment.",
            "4:1 unused-suppression: `archlint:enable layer-violation` has no open `archlint:disable layer-violation` above it: remove it.",
            "6:1 unused-suppression: `archlint:disable:this all` silences nothing on its own line: remove the comment.",
        ])
    }

    @Test func rulesTurnedOffAreNeverCalledUnused() {
        let result = Self.apply([], [Self.comment(.next, ["layer-violation"], line: 1)], inactive: ["layer-violation"])
        #expect(result.produced.isEmpty)
    }

    @Test func suppressionFindingsCannotBeSuppressed() {
        let result = Self.apply([], [
            Self.comment(.disable, ["all"], line: 1),
            Self.comment(.next, ["frobnicate"], line: 2),
            Self.comment(.next, ["unused-suppression"], line: 5),
        ])
        #expect(Self.findings(result) == [
            "1:1 unused-suppression: `archlint:disable all` silences nothing in its region: remove the comment.",
            "2:1 invalid-suppression: `archlint:disable:next` names unknown rule 'frobnicate'. Use an id from `archlint rules`, or `all`.",
            "5:1 unused-suppression: `archlint:disable:next unused-suppression` silences nothing on line 6 (unused-suppression can't be suppressed: fix the comment instead): remove the comment.",
        ])
        #expect(result.kept.count == 3)
    }

    @Test func scannerSuppressionFindingsAreNeverSilenced() {
        let malformed = Diagnostic(
            rule: "invalid-suppression", severity: .warning, message: "unknown archlint directive `disabel`",
            location: SourceLocation(file: Self.file, line: 3, column: 1))
        let result = Self.apply([malformed, Self.diagnostic("module-cycle", line: 4)], [Self.comment(.disable, ["all"], line: 1)])
        #expect(result.kept == [malformed])
        #expect(result.suppressed.map(\.rule) == ["module-cycle"])
    }

    @Test func commentsOnlyAffectTheirOwnFile() {
        let elsewhere = Self.diagnostic("module-cycle", line: 3, file: "Sources/Other.swift")
        let result = Self.apply([elsewhere], [Self.comment(.next, ["module-cycle"], line: 2)])
        #expect(result.kept.contains(elsewhere))
        #expect(result.produced.count == 1)
    }

    @Test func configuredSeverityAppliesAndOffDropsTheFinding() {
        let comments = [Self.file: [Self.comment(.next, ["module-cycle"], line: 1)]]
        let asError = SuppressionFilter(knownRuleIDs: Self.known, severity: { _ in .error }).apply([], comments: comments)
        #expect(asError.produced.map(\.severity) == [.error])
        let off = SuppressionFilter(knownRuleIDs: Self.known, severity: { _ in nil }).apply([], comments: comments)
        #expect(off.produced.isEmpty)
    }

    @Test func workspaceConvenienceReadsFileFacts() {
        let facts = FileFacts(path: Self.file, suppressions: [Self.comment(.next, ["module-cycle"], line: 2)])
        let workspace = WorkspaceModel(
            root: ".", modules: [Module(id: "App/GachaFeature", name: "GachaFeature", type: .regular)],
            files: [ScannedFile(facts: facts, module: "App/GachaFeature")])
        let result = SuppressionFilter(knownRuleIDs: Self.known).apply([Self.diagnostic("module-cycle", line: 3)], workspace: workspace)
        #expect(result.kept.isEmpty)
        #expect(result.suppressed.count == 1)
    }
}
