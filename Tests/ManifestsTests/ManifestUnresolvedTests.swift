import ArchlintModel
import Testing
@testable import Manifests

/// What can't be resolved statically is a `ProjectIssue` at its exact line and column, mentioning
/// `--manifests dump`; nothing else is dropped, and bad input never crashes.
@Suite struct ManifestUnresolvedTests {
    private func expectSingleIssue(_ source: String, at needle: String, mentioning words: [String],
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ManifestFacts {
        let facts = readManifest(source)
        #expect(facts.unresolved.map(\.location) == [at(needle, in: source)], sourceLocation: sourceLocation)
        for word in words + ["--manifests dump"] {
            #expect(facts.unresolved.first?.message.contains(word) == true, "\(word)", sourceLocation: sourceLocation)
        }
        return facts
    }

    @Test func mapWithAClosureIsRun() {
        let source = """
        let names = ["Home", "Search"]
        let package = Package(name: "P", targets: [.target(name: "Core")] + names.map { .target(name: $0) })
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.targetNames == ["Core", "Home", "Search"])
    }

    @Test func mapOverFilesOnDisk() {
        let source = """
        import Foundation
        let names = try! FileManager.default.contentsOfDirectory(atPath: "Sources")
        let package = Package(name: "P", targets: [.target(name: "Core")] + names.map { .target(name: $0) })
        """
        // Reported where the package reads the list, naming the part read from disk.
        let facts = expectSingleIssue(source, at: "[.target(name: \"Core\")] +", mentioning: ["names.map", "files"])
        #expect(facts.targetNames == ["Core"])
    }

    @Test func callToAnUnknownFunction() {
        let source = """
        let package = Package(name: "P", targets: [.target(name: "A", dependencies: makeDependencies())])
        """
        let facts = expectSingleIssue(source, at: "makeDependencies()", mentioning: ["makeDependencies", "dependencies"])
        #expect(facts.targetNames == ["A"])
    }

    @Test func helperWithStatementsInItsBodyIsRun() {
        let source = """
        func featureTargets() -> [Target] {
            var result: [Target] = []
            result.append(.target(name: "Home"))
            return result
        }
        let package = Package(name: "P", targets: featureTargets())
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.targetNames == ["Home"])
    }

    @Test func helperThatThrows() {
        let source = """
        struct Missing: Error {}
        func featureTargets() throws -> [Target] { throw Missing() }
        let package = Package(name: "P", targets: [.target(name: "A")] + (try! featureTargets()))
        """
        let facts = expectSingleIssue(source, at: "throw Missing", mentioning: ["throw", "targets"])
        #expect(facts.targetNames == ["A"])
    }

    @Test func unresolvableStringInterpolation() {
        let source = """
        let package = Package(name: "P", targets: [.target(name: "Core\\(suffix())")])
        """
        _ = expectSingleIssue(source, at: "suffix()", mentioning: ["suffix"])
    }

    @Test func environmentReadDecidingAName() {
        let source = """
        import Foundation
        let name = ProcessInfo.processInfo.environment["TARGET_NAME"] ?? "Default"
        let package = Package(name: "P", targets: [.target(name: name), .target(name: "Other")])
        """
        // Reported where the name is needed, with the expression read from the environment.
        let facts = expectSingleIssue(source, at: "name), .target", mentioning: ["environment", "TARGET_NAME"])
        #expect(facts.targetNames == ["Other"])
    }

    @Test func ternaryForASingleValuedPathIsReported() {
        let source = """
        import Foundation
        let legacy = ProcessInfo.processInfo.environment["LEGACY"] != nil
        let package = Package(name: "P", targets: [.target(name: "A", path: legacy ? "Old/A" : "Sources/A")])
        """
        let facts = expectSingleIssue(source, at: "legacy ?", mentioning: ["path:", "Old/A", "Sources/A"])
        #expect(facts.target("A")?.path == "Old/A")
    }

    @Test func conditionalExcludeOfSwiftSourcesIsReported() {
        let source = """
        import Foundation
        let privacy = ProcessInfo.processInfo.environment["PRIVACY"] != nil
        let package = Package(name: "P", targets: [
            .target(name: "A", exclude: privacy ? [] : ["PrivacyInfo.xcprivacy"]),
            .target(name: "B", exclude: privacy ? ["Legacy"] : []),
        ])
        """
        let facts = expectSingleIssue(source, at: "privacy ? [\"Legacy", mentioning: ["exclude:", "Legacy"])
        #expect(facts.target("B")?.exclude == ["Legacy"])
    }

    @Test func loopThatChangesATargetThroughAVariable() {
        let source = """
        let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests")])
        for target in package.targets where target.type == .test {
            target.dependencies += ["TestSupport"]
        }
        for name in ["X", "Y"] {
            package.targets.append(.target(name: name))
        }
        """
        let facts = readManifest(source)
        // The second loop runs; the first changes `Target`s, which are classes, through its variable.
        #expect(facts.unresolved.map(\.location) == [at("target.dependencies +=", in: source)])
        #expect(facts.unresolved.allSatisfy { $0.message.contains("class") && $0.message.contains("--manifests dump") })
        #expect(facts.targetNames == ["A", "ATests", "X", "Y"])
        #expect(facts.targets.allSatisfy { $0.unreadDependencies.map(\.location) == [at("target.dependencies +=", in: source)] })
    }

    @Test func functionThatChangesAConstantIsRun() {
        let source = """
        var targets: [Target] = [.target(name: "A")]
        func addMore() { targets.append(.target(name: "B")) }
        addMore()
        let package = Package(name: "P", targets: targets)
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.targetNames == ["A", "B"])
    }

    @Test func removalFromTheTargetList() {
        let source = """
        let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
        package.targets.removeAll { $0.name == "B" }
        """
        let facts = expectSingleIssue(source, at: "package.targets.removeAll", mentioning: ["removeAll"])
        #expect(facts.targetNames == ["A", "B"])
    }

    @Test func aListElementThatIsNoDeclarationIsReported() {
        let source = """
        let package = Package(name: "P", dependencies: [.package(name: "Kit")],
                              targets: [.target(name: "A"), .customTarget(name: "B")])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A"])
        #expect(facts.dependencies == [])
        #expect(facts.unresolved.map(\.location) == [at(".package(name", in: source), at(".customTarget", in: source)])
        #expect(facts.unresolved.last?.message.contains("`customTarget` in `targets:` isn't a target declaration") == true)
        #expect(facts.unresolved.first?.message.contains("without `url:`, `path:` or `id:`") == true)
    }

    @Test func notSwiftAtAll() {
        let facts = readManifest("name: Demo\ntargets:\n  - Core\n\u{0}\u{1}\u{FFFD}\u{FFFD}")
        #expect(facts.targets == [])
        #expect(facts.unresolved.first?.message.contains("no `Package(...)`") == true)
        #expect(facts.unresolved.first?.location == "1:1")
    }

    @Test func emptyManifest() {
        let facts = readManifest("")
        #expect(facts.unresolved.count == 1)
        #expect(facts.unresolved.first?.location == "1:1")
    }

    @Test func syntaxErrorKeepsWhatCanBeRead() {
        let source = """
        let package = Package(name: "P", targets: [
            .target(name: "A"),
            .target(name: "B", dependencies: ["A",
        ])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames.contains("A"))
        #expect(facts.unresolved.contains { $0.message.contains("syntax error") })
    }

    @Test func deeplyRecursiveHelperDoesNotHang() {
        let source = """
        extension Target.Dependency { static func loop(_ x: String) -> Self { .loop(x) } }
        let package = Package(name: "P", targets: [.target(name: "A", dependencies: [.loop("x")])])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A"])
        #expect(facts.unresolved.count == 1)
    }
}
