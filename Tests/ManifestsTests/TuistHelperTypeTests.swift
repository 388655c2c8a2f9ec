import ArchlintModel
import Testing
@testable import Manifests

/// A helper enum's value that archlint couldn't make is unread where it is read, never a made-up name.
@Suite struct TuistHelperTypeTests {
    static func repository(case caseName: String) -> TuistRepository {
        TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Modules.swift": """
            import ProjectDescription
            public enum Module {
                case feature(Feature)
                public enum Feature: String { case home, search }
                public var name: String {
                    switch self {
                    case let .feature(feature): feature.rawValue.capitalized
                    }
                }
            }
            public extension TargetDependency {
                static func module(_ module: Module) -> TargetDependency {
                    .project(target: module.name, path: .relativeToRoot("Projects/\\(module.name)"))
                }
            }
            """,
            "Projects/App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.module(.feature(.\(caseName)))]),
            ])
            """,
            "Projects/App/Sources/A.swift": "",
        ])
    }

    @Test func aPayloadOfTheCaseTypeIsRead() {
        let facts = Self.repository(case: "home").read()
        #expect(facts.flatMap(\.issues).isEmpty)
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Home"])
    }

    @Test func aCaseTheEnumDoesNotDeclareIsUnreadNotNamed() {
        let facts = Self.repository(case: "settings").read()
        let target = facts.first?.targets.first
        #expect(target?.dependencies.isEmpty == true)
        #expect(target?.unreadDependencies.isEmpty == false)
        #expect(!facts.flatMap(\.issues).isEmpty)
    }
}
