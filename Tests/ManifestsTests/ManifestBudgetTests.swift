import ArchlintTestSupport
import ArchlintModel
import Foundation
import Testing
@testable import Manifests

/// Manifests that used to crash archlint or exhaust memory (reported in issue 18), at sizes beyond those: each
/// ends with a `manifest-unresolved` issue at the line where a budget was hit, the other targets are still read,
/// and it finishes in bounded time and memory. Each runs in a child process so a regression can't take the test
/// runner down with it.
@Suite(.enabled(if: ChildTestRun.isSupported))
struct ManifestBudgetTests {
    static let header = "// swift-tools-version: 5.9\nimport PackageDescription\n"
    static let budget = ManifestBudget.standard

    static func package(_ targets: String) -> String { "let package = Package(name: \"P\", targets: \(targets))\n" }

    /// In the child: reads `source` and checks it. In the parent: runs this test in a child within generous
    /// bounds (a loaded 2-core machine, a debug build).
    private func inChild(_ name: String, _ source: @autoclosure () -> String, _ check: (ManifestFacts) -> Void,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if manifestChild.isChild {
            check(readManifest(source()))
            ChildTestRun.reportPeakMemory()
            return
        }
        let child = try manifestChild.run(filter: "ManifestBudgetTests/\(name)", timeLimit: 120)
        #expect(!child.timedOut, "\(name) took longer than 120 s", sourceLocation: sourceLocation)
        #expect(child.status == 0, "child test run failed:\n\(child.output.suffix(4000))", sourceLocation: sourceLocation)
        #expect(child.output.contains("\(name)()") && child.output.contains("passed"),
                "the child didn't run the test:\n\(child.output.suffix(4000))", sourceLocation: sourceLocation)
        let peak = try #require(child.peakBytes, "the child didn't report its peak memory", sourceLocation: sourceLocation)
        #expect(peak < 1 << 30, "\(name) peaked at \(peak >> 20) MB", sourceLocation: sourceLocation)
    }

    /// The only issue, and where it is.
    private func onlyIssue(_ facts: ManifestFacts, line: Int, mentioning words: [String],
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(facts.unresolved.count == 1, "\(facts.unresolved)", sourceLocation: sourceLocation)
        guard let issue = facts.unresolved.first else { return }
        #expect(issue.line == line, "\(issue)", sourceLocation: sourceLocation)
        for word in words + ["--manifests dump"] {
            #expect(issue.message.contains(word), "\(word): \(issue.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func stringDoubledSixtyFourTimes() throws {
        let lines = ["let s0 = \"ab\""] + (1...64).map { "let s\($0) = s\($0 - 1) + s\($0 - 1)" }
        try inChild("stringDoubledSixtyFourTimes", Self.header + lines.joined(separator: "\n") + "\n"
            + Self.package("[.target(name: \"Core\", path: s64), .target(name: \"Other\", dependencies: [\"Core\"])]")) { facts in
            // "ab" doubled 13 times is 16,384 bytes; the 14th doubling (line 3 + 14) is one too many.
            onlyIssue(facts, line: 17, mentioning: ["grows past \(Self.budget.maximumStringBytes) bytes", "`+`"])
            #expect(facts.target("Other")?.dependencyNames == ["Core"])
        }
    }

    @Test func arrayDoubledSixtyFourTimes() throws {
        let lines = ["let a0: [Target.Dependency] = [\"Core\"]"] + (1...64).map { "let a\($0) = a\($0 - 1) + a\($0 - 1)" }
        try inChild("arrayDoubledSixtyFourTimes", Self.header + lines.joined(separator: "\n") + "\n"
            + Self.package("[.target(name: \"Core\"), .target(name: \"Other\", dependencies: a64)]")) { facts in
            // 2^14 = 16,384 values on line 3 + 14 is the first list past 10,000.
            onlyIssue(facts, line: 17, mentioning: ["grows past \(Self.budget.maximumValues) elements"])
            #expect(facts.targetNames == ["Core", "Other"])
        }
    }

    @Test func twentyThousandChainedConstants() throws {
        let count = 20_000
        let lines = ["let v0 = \"Core\""] + (1...count).map { "let v\($0) = v\($0 - 1)" }
        try inChild("twentyThousandChainedConstants", Self.header + lines.joined(separator: "\n") + "\n"
            + Self.package("[.target(name: v\(count)), .target(name: \"Other\")]")) { facts in
            // Top-level code runs in order, each constant once: the chain is read with no budget to spend.
            #expect(facts.unresolved == [])
            #expect(facts.targetNames == ["Core", "Other"])
        }
    }

    @Test func twentyThousandNestedIfs() throws {
        let count = 20_000
        try inChild("twentyThousandNestedIfs", Self.header + String(repeating: "#if os(macOS)\n", count: count)
            + "let extra = \"X\"\n" + String(repeating: "#endif\n", count: count)
            + Self.package("[.target(name: \"Core\"), .target(name: \"Other\")]")) { facts in
            // Line 3 holds the first `#if`: the 100th is on line 102, and its `(macOS)` is level 101.
            onlyIssue(facts, line: 2 + Self.budget.maximumNesting, mentioning: ["more than \(Self.budget.maximumNesting) levels"])
            #expect(facts.targetNames == ["Core", "Other"])
        }
    }

    @Test func fiveThousandDeepArray() throws {
        let depth = 5_000
        try inChild("fiveThousandDeepArray", Self.header + "let deep = " + String(repeating: "[", count: depth) + "\"x\""
            + String(repeating: "]", count: depth) + "\n" + Self.package("[.target(name: \"Core\"), .target(name: \"Other\")]")) { facts in
            onlyIssue(facts, line: 3, mentioning: ["more than \(Self.budget.maximumAdjacentBrackets) `[` and `(`"])
            #expect(facts.unresolved.first?.column == "let deep = ".count + Self.budget.maximumAdjacentBrackets + 1)
            #expect(facts.targetNames == ["Core", "Other"])
        }
    }

    @Test func fiveThousandDeepGeneric() throws {
        let depth = 5_000
        try inChild("fiveThousandDeepGeneric", Self.header + "let deep: " + String(repeating: "A<", count: depth) + "Int"
            + String(repeating: ">", count: depth) + " = 1\n" + Self.package("[.target(name: \"Core\"), .target(name: \"Other\")]")) { facts in
            #expect(facts.unresolved.first?.line == 3)
            #expect(facts.unresolved.first?.message.contains("more than \(Self.budget.maximumNesting) levels") == true)
            #expect(facts.unresolved.allSatisfy { $0.line == 3 }, "\(facts.unresolved)")
            #expect(facts.targetNames == ["Core", "Other"])
        }
    }

    @Test func fiveThousandDeepCallsInATarget() throws {
        let depth = 5_000
        let deep = String(repeating: ".a(", count: depth) + String(repeating: ")", count: depth)
        try inChild("fiveThousandDeepCallsInATarget", Self.header
            + Self.package("[\n.target(name: \"Core\"),\n.target(name: \"Deep\", dependencies: [\(deep)]),\n.target(name: \"Other\")\n]")) { facts in
            // The outer calls can't be evaluated (an issue at the first one); past 100 levels the rest is cut out.
            #expect(facts.unresolved.count == 2 && facts.unresolved.allSatisfy { $0.line == 5 }, "\(facts.unresolved)")
            #expect(facts.unresolved.contains { $0.message.contains("more than \(Self.budget.maximumNesting) levels") },
                    "\(facts.unresolved)")
            #expect(facts.targetNames.contains("Core") && facts.targetNames.contains("Other"))
        }
    }

    @Test func twentyThousandChainedTernaries() throws {
        let chain = String(repeating: "flag ? \"A\" : ", count: 20_000) + "\"B\""
        try inChild("twentyThousandChainedTernaries", Self.header + "let flag = Context.environment[\"F\"] != nil\nlet name = \(chain)\n"
            + Self.package("[.target(name: name), .target(name: \"Other\")]")) { facts in
            // The chain's alternatives pass the budget for one value; it is reported on its line.
            #expect(!facts.unresolved.isEmpty && facts.unresolved.allSatisfy { $0.line == 4 }, "\(facts.unresolved)")
            #expect(facts.unresolved.contains { $0.message.contains("more than 16 alternatives") }, "\(facts.unresolved)")
            #expect(facts.target("Other") != nil)
        }
    }
}

/// The budgets themselves, with small limits so each is hit by a small manifest (in-process: nothing here nests
/// deeply enough to endanger the stack).
@Suite struct ManifestBudgetLimitTests {
    /// Past the step budget the evaluation stops: the package's targets are missing, and one issue says so.
    @Test func stepBudgetStopsEvaluationWithAnIssue() {
        var budget = ManifestBudget()
        budget.maximumSteps = 20
        let targets = (1...30).map { "    .target(name: \"T\($0)\")," }.joined(separator: "\n")
        let source = "let package = Package(name: \"P\", targets: [\n\(targets)\n])\n"
        let facts = ManifestReader.read(source: source, path: "Package.swift", budget: budget)
        #expect(facts.targets.isEmpty)
        #expect(facts.unresolved.count == 1, "\(facts.unresolved)")
        #expect(facts.unresolved.first.map {
            $0.message.contains("more than 20 evaluation steps") && $0.message.contains("targets from here on are missing")
                && $0.message.contains("--manifests dump")
        } == true, "\(facts.unresolved)")
    }

    @Test func issueCountIsCappedWithASummary() {
        var budget = ManifestBudget()
        budget.maximumIssues = 5
        let targets = (1...12).map { "    .target(name: unknown\($0)())," }.joined(separator: "\n")
        let facts = ManifestReader.read(source: "let package = Package(name: \"P\", targets: [\n\(targets)\n])\n",
                                        path: "Package.swift", budget: budget)
        #expect(facts.unresolved.count == 6)
        #expect(facts.unresolved.last?.message.contains("7 more constructs") == true, "\(facts.unresolved)")
    }

    @Test func stringAlternativesAreReportedNotDroppedSilently() {
        var lines = ["let flag = Context.environment[\"F\"] != nil", "let s0 = flag ? \"a\" : \"b\""]
        for index in 1...7 { lines.append("let s\(index) = s\(index - 1) + s0") }
        let source = lines.joined(separator: "\n") + "\nlet package = Package(name: \"P\", targets: [.target(name: \"X\", path: s7)])\n"
        let facts = readManifest(source)
        // 16 alternatives are allowed; s4 would have 32. Reported at the choice they grow from.
        #expect(facts.unresolved.contains { $0.line == 2 && $0.message.contains("more than 16 alternatives") },
                "\(facts.unresolved)")
        #expect(facts.target("X")?.path == nil)
    }

    @Test func bracketsInStringsAndCommentsDontCount() {
        let noise = String(repeating: "[(", count: 300)
        let source = """
        // \(noise)
        /* \(noise) /* nested \(noise) */ */
        let label = "\(noise)"
        let raw = #"\(noise)\\"#
        let multi = \"\"\"
            \(noise)
            \"\"\"
        let package = Package(name: "P", targets: [.target(name: "Core", dependencies: ["\\(label.isEmpty ? "A" : "B")"])])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core"])
        #expect(!facts.unresolved.contains { $0.message.contains("levels deep") || $0.message.contains("directly inside") },
                "\(facts.unresolved)")
    }

    @Test func comparisonsAreNotGenericBrackets() {
        let comparisons = (1...150).map { "let c\($0) = major<\($0)" }.joined(separator: "\n")
        let source = "let major = 6\n\(comparisons)\nlet f: (Int) -> Array<Int> = { _ in [] }\n"
            + "let package = Package(name: \"P\", targets: [.target(name: \"Core\")])\n"
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core"])
        #expect(facts.unresolved.isEmpty, "\(facts.unresolved)")
    }

    @Test func positionsAfterACutStayOnTheirOriginalLines() {
        let source = "let deep = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + """

        let package = Package(name: "P", targets: [
            .target(name: "Core", dependencies: [missing()]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("Core")?.location == at(".target(name: \"Core\"", in: source))
        #expect(facts.unresolved.map(\.location).contains(at("missing()", in: source)), "\(facts.unresolved)")
    }

    @Test func positionsAfterManyCutsStayOnTheirOriginalLines() {
        let deep = (1...50).map { "let d\($0) = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12) }
        let source = deep.joined(separator: "\n") + """

        let package = Package(name: "P", targets: [
            .target(name: "Core", dependencies: [missing()]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("Core")?.location == at(".target(name: \"Core\"", in: source))
        #expect(facts.unresolved.map(\.location).contains(at("missing()", in: source)), "\(facts.unresolved)")
        // One diagnostic for the first cut, naming the lines skipped.
        #expect(facts.unresolved.filter { $0.message.contains("directly inside each other") }.map(\.line) == [1])
    }

    @Test func ordinaryNestingIsUntouched() {
        let source = """
        let package = Package(name: "P", targets: [
            .target(name: "A", dependencies: [.product(name: "B", package: "b", condition: .when(platforms: [.iOS]))]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.unresolved.isEmpty, "\(facts.unresolved)")
        #expect(facts.target("A")?.dependencyNames == ["B"])
    }
}
