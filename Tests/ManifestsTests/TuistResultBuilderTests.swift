import ArchlintModel
import Testing
@testable import Manifests

/// Helpers written as a DSL (ksc89kim/DatingApp): result builders, trailing closures after defaulted
/// parameters, `if case`, statics of `[Element]` and `Set<Element>`, and `x?.y` on nothing.
@Suite struct TuistResultBuilderTests {
    static let builder = """
        import ProjectDescription
        @resultBuilder
        public struct ListBuilder<Component> {
            public static func buildBlock(_ components: Component...) -> [Component] { components }
        }
        """

    static func read(helpers: String, project: String) -> [ProjectFacts] {
        TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Builder.swift": builder,
            "Tuist/ProjectDescriptionHelpers/Helpers.swift": "import ProjectDescription\n" + helpers,
            "Projects/App/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\n" + project,
            "Projects/App/Sources/A.swift": "",
        ]).read()
    }

    static let makeTarget = """
        public func app(_ name: String, @ListBuilder<TargetDependency> _ content: () -> [TargetDependency]) -> Target {
            .target(name: name, destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                    dependencies: content())
        }
        """

    /// `Project.make(name:settings:) { … }`: the trailing closure skips the defaulted `settings:` and `schemes:`
    /// (Swift's forward scan), and each statement of the builder's closure is one target, each statement of the
    /// inner one a dependency, `if` and `for` included.
    @Test func aResultBuildersStatementsAreItsValues() {
        let facts = Self.read(helpers: Self.makeTarget + "\n" + """
            extension Project {
                public static func make(
                    name: String, settings: Settings? = nil, schemes: [Scheme] = [],
                    @ListBuilder<Target> _ content: () -> [Target]
                ) -> Project {
                    Project(name: name, settings: settings, targets: content(), schemes: schemes)
                }
            }
            """, project: """
            let withSearch = true
            let project = Project.make(name: "App") {
                app("App") {
                    .project(target: "Home", path: .relativeToRoot("Projects/Home"))
                    if withSearch {
                        .project(target: "Search", path: .relativeToRoot("Projects/Search"))
                    } else {
                        .project(target: "Never", path: .relativeToRoot("Projects/Never"))
                    }
                    for name in ["Core", "Kit"] {
                        .project(target: name, path: .relativeToRoot("Projects/\\(name)"))
                    }
                }
                app("Demo") {}
            }
            """)
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["App", "Demo"])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Home", "Search", "Core", "Kit"])
        #expect(facts.first?.targets.last?.dependencies.map(\.name) == [])
    }

    /// A closure passed by name to a builder's parameter is still the builder's; a helper the builder's closure
    /// calls runs its own statements as statements, not as the builder's values; a `return` turns the builder off.
    @Test func aBuildersClosurePassedOnIsStillItsAndHelpersItCallsAreNot() {
        let facts = Self.read(helpers: Self.makeTarget + "\n" + """
            public func framework(_ name: String, @ListBuilder<TargetDependency> _ content: () -> [TargetDependency]) -> Target {
                app(name, content)
            }
            public func home() -> TargetDependency {
                let unused = TargetDependency.project(target: "Unused", path: .relativeToRoot("Projects/Unused"))
                _ = unused
                return .project(target: "Home", path: .relativeToRoot("Projects/Home"))
            }
            """, project: """
            let project = Project(name: "App", targets: [
                framework("App") {
                    home()
                },
                framework("Kit") {
                    let core = TargetDependency.project(target: "Core", path: .relativeToRoot("Projects/Core"))
                    return [core]
                },
            ])
            """)
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map { $0.dependencies.map(\.name) } == [["Home"], ["Core"]])
    }

    /// `if case .source = self` picks a branch as a `switch` case would; `Set<Kind>.all` and
    /// `[Kind].defaults` are the statics of the constrained extensions; `found?.x` where `first` found none is nil.
    @Test func ifCaseConstrainedExtensionStaticsAndOptionalChainsOnNothingAreRead() {
        let facts = Self.read(helpers: """
            public enum Kind: String {
                case source, interface = "Interface"
                func name(_ base: String) -> String {
                    if case .source = self { return base }
                    return base + rawValue
                }
            }
            public extension Set where Element == Kind {
                static let all: Set<Kind> = [.interface, .source]
            }
            public extension Array where Element == Kind {
                static var defaults: [Kind] { [.interface] }
            }
            public struct Extra {
                public let kind: Kind
                public let dependencies: [TargetDependency]
            }
            extension Project {
                public static func feature(_ name: String, kinds: Set<Kind> = .all, extras: [Extra] = []) -> Project {
                    let targets = [Kind].defaults.map { kind in kind.name(name) } + kinds.map { kind in kind.name(name) }
                    return Project(name: name, targets: targets.map { targetName in
                        let extra = extras.first { item in item.kind.name(name) == targetName }
                        return .target(name: targetName, destinations: .iOS, product: .framework, bundleId: targetName,
                                       sources: ["Sources/**"], dependencies: extra?.dependencies ?? [])
                    })
                }
            }
            """, project: """
            let project = Project.feature("Home", extras: [
                Extra(kind: .source, dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]),
            ])
            """)
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["HomeInterface", "HomeInterface", "Home"])
        #expect(facts.first?.targets.map { $0.dependencies.map(\.name) } == [[], [], ["Core"]])
    }

    /// `name: .appName` fits a `String` parameter where the helpers declare `extension String { static let appName }`.
    @Test func anImplicitMemberFitsAStringParameterWhenTheHelpersDeclareItOnString() {
        let facts = Self.read(helpers: """
            public extension String {
                static let appName = "Store"
            }
            extension InfoPlist.Value {
                static let appName: Self = .init(stringLiteral: .appName)
            }
            extension Project {
                public static func makeProject(name: String, dependencies: [TargetDependency]) -> Project {
                    Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .app, bundleId: "a",
                                                          sources: ["Sources/**"], dependencies: dependencies)])
                }
            }
            """, project: """
            let project = Project.makeProject(name: .appName, dependencies: [])
            """)
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["Store"])
    }

    /// A helper whose overloads none fits is said as such, not as a helper nobody declares.
    @Test func aHelperNoOverloadOfWhichFitsIsSaidSo() {
        let facts = Self.read(helpers: """
            extension Project {
                public static func makeProject(name: String, targets: [Target]) -> Project {
                    Project(name: name, targets: targets)
                }
            }
            """, project: """
            let project = Project.makeProject(title: "App", targets: [])
            """)
        #expect(facts.flatMap(\.issues).map(\.message) == [
            "`Project.makeProject(…)`'s arguments fit none of the helper's declarations archlint read (their labels, or "
                + "an argument's type), so this manifest declares no targets archlint can read; call it as declared, "
                + "or declare its modules in `modules:` in .archlint.yml",
        ])
    }
}
