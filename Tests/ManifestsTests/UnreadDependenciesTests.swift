import ArchlintModel
import Testing
@testable import Manifests

/// A target's `dependencies:` that the evaluator reads only in part say so (`TargetDecl.unreadDependencies`),
/// each at the construct's own `manifest-unresolved`; a list read whole says nothing.
@Suite struct UnreadDependenciesTests {
    static let source = """
    // swift-tools-version: 5.9
    import PackageDescription

    let shared: [Target.Dependency] = ["Core"] + loadExtras()

    let package = Package(
        name: "Partial",
        targets: [
            .target(name: "Core"),
            .target(name: "Feature", dependencies: ["Core", .product(name: makeName(), package: "kit")]),
            .target(name: "Other", dependencies: shared),
            .target(name: "Again", dependencies: shared),
            .target(name: "Whole", dependencies: ["Core"]),
        ]
    )
    """

    let facts = readManifest(Self.source)

    /// Facts reused for a manifest at another path (the cache, `dump-package`) name that path in every issue.
    @Test func relocatedFactsAreTheFactsReadThere() {
        let moved = facts.relocated(to: "Other/Package.swift")
        #expect(moved == readManifest(Self.source, path: "Other/Package.swift"))
        #expect(!moved.unresolved.isEmpty && moved.unresolved.allSatisfy { $0.file == "Other/Package.swift" })
    }

    @Test func aTargetWhoseListIsReadWholeHasNothingUnread() throws {
        #expect(try #require(facts.target("Whole")).unreadDependencies == [])
        #expect(try #require(facts.target("Core")).unreadDependencies == [])
    }

    @Test func anUnresolvedEntryIsTheTargetsUnreadDependency() throws {
        let feature = try #require(facts.target("Feature"))
        #expect(feature.dependencies.map(\.name) == ["Core"])
        #expect(feature.unreadDependencies.count == 1)
        #expect(feature.unreadDependencies.allSatisfy(facts.unresolved.contains))
        #expect(feature.unreadDependencies.map { "\($0.line):\($0.column)" } == [at("makeName()", in: Self.source)])
    }

    /// A constant is evaluated once: the second target that reads it is as partial as the first, at the same issue.
    @Test func aMemoisedConstantCarriesItsIssuesToEveryTargetThatReadsIt() throws {
        let other = try #require(facts.target("Other"))
        let again = try #require(facts.target("Again"))
        #expect(!other.unreadDependencies.isEmpty)
        #expect(other.unreadDependencies == again.unreadDependencies)
        #expect(other.unreadDependencies.allSatisfy(facts.unresolved.contains))
        #expect(other.dependencies.map(\.name) == ["Core"])
    }
}

/// A loop that changes `dependencies` may change any target's list: every target is partial, at the loop's change.
@Suite struct DependencyChangesInCodeTests {
    static let source = """
    // swift-tools-version: 5.9
    import PackageDescription

    let package = Package(
        name: "Looped",
        targets: [.target(name: "Core"), .target(name: "Feature", dependencies: ["Core"])]
    )

    for target in package.targets where target.type == .regular {
        target.dependencies.append("Logging")
    }
    """

    @Test func everyTargetIsPartialAtTheChange() {
        let facts = readManifest(Self.source)
        let change = at("target.dependencies.append", in: Self.source)
        #expect(facts.targets.map { $0.unreadDependencies.map { "\($0.line):\($0.column)" } } == [[change], [change]])
        #expect(facts.targets.allSatisfy { $0.unreadDependencies.allSatisfy(facts.unresolved.contains) })
    }
}
