import ArchlintModel
import Testing

@testable import XcodeProjects

/// `Fixtures/needle-sample-apps`: three apps and four shared frameworks of one XcodeGen spec. The per-app
/// component scopes are built from exactly these targets and dependencies.
struct NeedleSampleAppsFixtureTests {
    private let repository = FixtureRepository("needle-sample-apps")
    private var facts: ProjectFacts { XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: repository) }

    private let needle = "packageProduct:NeedleFoundation@https://github.com/uber/needle"

    @Test func everyTargetWithItsTypeFilesAndDependencies() {
        let facts = facts
        #expect(facts.issues == [])
        #expect(facts.name == "TicTacToe")
        let targets = Dictionary(uniqueKeysWithValues: facts.targets.map { ($0.name, $0) })
        #expect(facts.targets.count == 7)
        #expect(targets.mapValues(\.type) == [
            "TicTacToe": .app, "LoggedInSample": .app, "LoggedOutSample": .app,
            "Streams": .framework, "LoggedOut": .framework, "LoggedIn": .framework, "Game": .framework,
        ])
        #expect(targets.mapValues(\.swiftSources) == [
            "TicTacToe": [
                "Apps/TicTacToe/AppComponent.swift", "Apps/TicTacToe/AppDelegate.swift",
                "Apps/TicTacToe/NeedleGenerated.swift", "Apps/TicTacToe/RootComponent.swift",
            ],
            "LoggedInSample": [
                "Apps/LoggedInSample/AppComponent.swift", "Apps/LoggedInSample/NeedleGenerated.swift",
                "Apps/LoggedInSample/RootComponent.swift", "Apps/LoggedInSample/SampleAppDelegate.swift",
            ],
            "LoggedOutSample": [
                "Apps/LoggedOutSample/AppComponent.swift", "Apps/LoggedOutSample/NeedleGenerated.swift",
                "Apps/LoggedOutSample/RootComponent.swift", "Apps/LoggedOutSample/SampleAppDelegate.swift",
            ],
            "Streams": ["Features/Streams/Streams.swift"],
            "LoggedOut": ["Features/LoggedOut/LoggedOutComponent.swift"],
            "LoggedIn": ["Features/LoggedIn/LoggedInComponent.swift"],
            "Game": ["Features/Game/GameComponent.swift"],
        ])
        #expect(targets.mapValues { $0.dependencies.map(describe) } == [
            "TicTacToe": ["target:LoggedOut", "target:LoggedIn", "target:Game", "target:Streams", needle],
            "LoggedInSample": ["target:LoggedIn", "target:Game", "target:Streams", needle],
            "LoggedOutSample": ["target:LoggedOut", "target:Streams", needle],
            "Streams": [],
            "LoggedOut": ["target:Streams", needle],
            "LoggedIn": ["target:Game", "target:Streams", needle],
            "Game": ["target:Streams", needle],
        ])
    }

    @Test func eachAppHasItsOwnGeneratedFileAndRootComponents() {
        for app in ["TicTacToe", "LoggedInSample", "LoggedOutSample"] {
            let sources = facts.targets.first { $0.name == app }?.swiftSources ?? []
            #expect(sources.filter { $0.hasSuffix("/NeedleGenerated.swift") } == ["Apps/\(app)/NeedleGenerated.swift"])
            #expect(sources.contains("Apps/\(app)/AppComponent.swift"))
            #expect(sources.contains("Apps/\(app)/RootComponent.swift"))
        }
    }
}
