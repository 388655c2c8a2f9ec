import ArchlintModel
import Testing
@testable import Manifests

/// Package.swift and Tuist manifests read string literals one way (`StringLiteralPiece`): an interpolated enum case
/// is its name, as Swift prints it (not its raw value); a type with its own `description` and a labelled
/// interpolation are unreadable, each a `manifest-unresolved` at its place. Integer and Bool literals print as Swift
/// prints them (`0x10` is `16`).
@Suite struct StringInterpolationTests {
    static let helpers = """
        import ProjectDescription
        public enum Module: String { case core = "CoreKit", feature }
        public enum Loud: CustomStringConvertible {
            case core
            public var description: String { "CORE" }
        }
        """

    static func read(_ targets: String) -> [ProjectFacts] {
        TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Module.swift": helpers,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
            \(targets)
            ])
            """,
        ]).read()
    }

    @Test func tuistEnumCaseInterpolatesAsItsName() {
        let facts = Self.read("""
                .target(name: "\\(Module.core)Tests", product: .unitTests, sources: "Sources/**"),
                .target(name: "\\(Module.core.rawValue)", product: .framework, sources: "Sources/**"),
                .target(name: "\\(Module.feature)", product: .framework, sources: "Sources/**"),
            """)
        #expect(facts.flatMap { $0.targets.map(\.name) } == ["coreTests", "CoreKit", "feature"])
        #expect(facts.flatMap(\.issues) == [])
    }

    @Test func tuistOwnDescriptionAndLabelledInterpolationAreUnread() {
        let facts = Self.read("""
                .target(name: "\\(Loud.core)", product: .framework, sources: "Sources/**"),
                .target(name: "\\(format: "Other")", product: .framework, sources: "Sources/**"),
                .target(name: "Kept", product: .framework, sources: "Sources/**"),
            """)
        #expect(facts.flatMap { $0.targets.map(\.name) } == ["Kept"])
        let issues = facts.flatMap(\.issues)
        #expect(issues.map { "\($0.file):\($0.line):\($0.column)" } == ["App/Project.swift:4:22", "App/Project.swift:5:20"])
        #expect(issues.count == 2 && issues[0].message.contains("`Loud` prints its own `description`"))
        #expect(issues.count == 2 && issues[1].message.contains("an interpolation archlint can't evaluate"))
    }

    @Test func packageLabelledInterpolationIsUnreadAndRawValueIsRead() throws {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            enum Module: String { case core = "CoreKit" }
            let package = Package(name: "P", targets: [
                .target(name: "\\(Module.core.rawValue)"),
                .target(name: "\\(format: "Other")"),
            ])
            """
        let facts = readManifest(source, path: "Pkg/Package.swift")
        #expect(facts.targetNames == ["CoreKit"])
        let at = try #require(position(of: "\\(format", in: source))
        #expect(facts.unresolved.map { "\($0.file):\($0.location)" } == ["Pkg/Package.swift:\(location(at.line, at.column))"])
        #expect(facts.unresolved.first?.message.contains("an interpolation archlint can't evaluate") == true)
    }

    /// Behaviour change (one semantics with Tuist): Package.swift used to leave `\(Module.core)`, `\(2)` and `\(true)`
    /// unresolved; they now print as Swift prints them.
    @Test func packageEnumCaseAndLiteralsInterpolateAsSwiftPrintsThem() {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            enum Module: String { case core = "CoreKit", feature }
            enum Level: Int { case one = 1 }
            let package = Package(name: "P", targets: [
                .target(name: "\\(Module.core)Tests"),
                .target(name: "\\(Module.feature)"),
                .target(name: "V\\(0x10)\\(1_000)\\(true)\\(Level.one)"),
            ])
            """
        let facts = readManifest(source, path: "Pkg/Package.swift")
        #expect(facts.targetNames == ["coreTests", "feature", "V161000trueone"])
        #expect(facts.unresolved == [])
    }

    /// Behaviour change (one semantics with Tuist): a constant holding a number, a Bool or an enum case prints as
    /// Swift prints it; Package.swift used to report it unresolved. One that holds a string is read as before.
    @Test func packageConstantsInterpolateAsSwiftPrintsThem() {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            enum Module: String { case core = "CoreKit" }
            let major = 5
            let beta = true
            let module = Module.core
            let prefix = "Kit"
            let package = Package(name: "P", targets: [
                .target(name: "\\(prefix)\\(major)\\(beta)\\(module)"),
            ])
            """
        let facts = readManifest(source, path: "Pkg/Package.swift")
        #expect(facts.targetNames == ["Kit5truecore"])
        #expect(facts.unresolved == [])
    }

    @Test func packageOwnDescriptionIsUnread() throws {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            enum Loud { case core }
            extension Loud: CustomStringConvertible { var description: String { "CORE" } }
            enum Quiet { case core; var description: String { "QUIET" } }
            let package = Package(name: "P", targets: [
                .target(name: "\\(Loud.core)"),
                .target(name: "\\(Quiet.core)"),
                .target(name: "Kept"),
            ])
            """
        let facts = readManifest(source, path: "Pkg/Package.swift")
        #expect(facts.targetNames == ["Kept"])
        let loud = try #require(position(of: "Loud.core)", in: source))
        let quiet = try #require(position(of: "Quiet.core)", in: source))
        #expect(facts.unresolved.map { "\($0.file):\($0.location)" } == [
            "Pkg/Package.swift:\(location(loud.line, loud.column))", "Pkg/Package.swift:\(location(quiet.line, quiet.column))",
        ])
        #expect(facts.unresolved.allSatisfy { $0.message.contains("prints its own `description`") })
    }

    /// Behaviour change: Tuist read `1_000` and `0x10` as "an integer out of range"; Swift reads them as numbers.
    @Test func tuistIntegerLiteralsReadAsSwiftReadsThem() {
        let facts = Self.read("""
                .target(name: "V\\(0x10)\\(1_000)", product: .framework, sources: "Sources/**"),
            """)
        #expect(facts.flatMap { $0.targets.map(\.name) } == ["V161000"])
        #expect(facts.flatMap(\.issues) == [])
    }
}
