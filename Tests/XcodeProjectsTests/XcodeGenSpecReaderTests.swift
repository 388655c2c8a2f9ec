import ArchlintModel
import Testing

@testable import XcodeProjects

struct XcodeGenSpecReaderTests {
    /// An app with an extension and tests, a target template, an included spec in a sub-folder (paths relative
    /// to it), a local and a remote package, and sources with excludes and an optional generated file.
    static let tree = InMemoryFileSystem([
        "project.yml": """
            name: Shop
            include:
              - Extensions/widget.yml
            packages:
              Core:
                path: Packages/Core
              Lottie:
                url: https://github.com/airbnb/lottie-spm
                from: 4.0.0
            targetTemplates:
              Feature:
                type: framework
                sources: ["Features/${target_name}"]
                dependencies:
                  - package: Core
                    product: CoreKit
            targets:
              Shop:
                type: application
                platform: iOS
                sources:
                  - path: App
                    excludes:
                      - "**/*Mock.swift"
                      - Legacy
                  - path: Generated/Strings.swift
                    optional: true
                  - path: Resources
                    buildPhase: resources
                dependencies:
                  - target: Widget
                  - target: Cart
                  - package: Lottie
                  - sdk: UIKit.framework
                  - framework: Vendor/Analytics.framework
              Cart:
                templates: [Feature]
              ShopTests:
                type: bundle.unit-test
                platform: iOS
                sources: [Tests]
                dependencies:
                  - target: Shop
            aggregateTargets:
              Lint: {}
            """,
        "Extensions/widget.yml": """
            targets:
              Widget:
                type: app-extension
                platform: iOS
                sources:
                  - path: Widget
                    includes: ["**/*.swift"]
                dependencies:
                  - package: Core
                    products: [CoreKit, CoreUI]
            """,
        "App/AppDelegate.swift": "",
        "App/Home/HomeView.swift": "",
        "App/Home/HomeMock.swift": "",
        "App/Legacy/Old.swift": "",
        "App/Assets.xcassets/Generated.swift": "",
        "Resources/Bundle.swift": "",
        "App/Info.plist": "",
        "Features/Cart/CartView.swift": "",
        "Extensions/Widget/Widget.swift": "",
        "Extensions/Widget/Info.plist": "",
        "Tests/ShopTests.swift": "",
    ])

    private let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: Self.tree)

    private func target(_ name: String) throws -> ProjectTarget {
        try #require(facts.targets.first { $0.name == name })
    }

    @Test func readsTargetsFromTheSpecItsIncludesAndItsTemplates() throws {
        #expect(facts.issues == [])
        #expect(facts.targets.map(\.name).sorted() == ["Cart", "Lint", "Shop", "ShopTests", "Widget"])
        #expect(try target("Shop").type == .app)
        #expect(try target("Widget").type == .appExtension)
        #expect(try target("Cart").type == .framework)
        #expect(try target("ShopTests").type == .unitTest)
        #expect(try target("Lint").type == .other)
        #expect(try target("Widget").file == "Extensions/widget.yml")
        #expect(try target("Shop").file == "project.yml")
    }

    @Test func listsSwiftSourcesWithExcludesIncludesBundlesAndBuildPhases() throws {
        // Excluded by glob and by folder, inside an asset catalog, and a resources-phase folder are not compiled;
        // the optional generated file is absent and that's fine.
        #expect(try target("Shop").swiftSources == ["App/AppDelegate.swift", "App/Home/HomeView.swift"])
        // Paths in an included spec are relative to it.
        #expect(try target("Widget").swiftSources == ["Extensions/Widget/Widget.swift"])
        // `${target_name}` in a template.
        #expect(try target("Cart").swiftSources == ["Features/Cart/CartView.swift"])
    }

    @Test func readsDependencies() throws {
        let core = ProjectPackageReference(kind: .local, location: "Packages/Core")
        let lottie = ProjectPackageReference(kind: .remote, location: "https://github.com/airbnb/lottie-spm")
        #expect(try target("Shop").dependencies.map { "\($0.kind.rawValue):\($0.name)" } == [
            "target:Widget", "target:Cart", "packageProduct:Lottie", "linkedProduct:Analytics",
        ])
        #expect(try target("Shop").dependencies.compactMap(\.package) == [lottie])
        #expect(try target("Widget").dependencies.map(\.name) == ["CoreKit", "CoreUI"])
        #expect(try target("Widget").dependencies.allSatisfy { $0.package == core })
        #expect(try target("Cart").dependencies.map(\.name) == ["CoreKit"])
        #expect(facts.packages == [core, lottie])
    }

    /// XcodeGen's Yams keeps a key's last value when a mapping writes it twice (eidch-ios-wallet lists a package
    /// twice); the spec is read, not rejected as invalid YAML.
    @Test func aKeyWrittenTwiceKeepsItsLastValueLikeXcodeGen() throws {
        let tree = InMemoryFileSystem([
            "project.yml": """
                packages:
                  Core:
                    path: Old/Core
                  "Core":
                    path: Packages/Core
                targets:
                  App:
                    type: application
                    sources: [Old]
                    sources: [App]
                    dependencies:
                      - package: Core
                  App:
                    type: application
                    sources: [App]
                    dependencies:
                      - package: Core
                """,
            "widget.json": #"{"targets": {"W": {"type": "app-extension", "sources": ["Old"], "sources": ["App"]}}}"#,
            "App/A.swift": "",
            "Old/B.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.issues.map(\.message) == [])
        #expect(facts.packages == [ProjectPackageReference(kind: .local, location: "Packages/Core")])
        #expect(facts.targets.map(\.name) == ["App"])
        #expect(facts.targets.first?.swiftSources == ["App/A.swift"])
        let json = XcodeGenSpecReader.read(specPath: "widget.json", fileSystem: tree)
        #expect(json.issues.map(\.message) == [])
        #expect(json.targets.first?.swiftSources == ["App/A.swift"])
    }

    @Test func aKeyRenamedAtItsMarkIsTheOneWritten() {
        #expect(SpecYAML.renaming("Core", line: 2, column: 3, in: "a:\n  Core: 1\n", to: "X") == "a:\n  X: 1\n")
        #expect(SpecYAML.renaming("Core", line: 2, column: 3, in: "a:\n  'Core': 1\n", to: "X") == "a:\n  'X': 1\n")
        #expect(SpecYAML.renaming("Core", line: 2, column: 3, in: "a:\n  Cord: 1\n", to: "X") == nil)
        #expect(SpecYAML.renaming("Core", line: 9, column: 1, in: "a: 1\n", to: "X") == nil)
    }

    @Test func includesMergeLikeXcodeGen() throws {
        let tree = InMemoryFileSystem([
            "project.yml": """
                include: [base.yml]
                targets:
                  App:
                    sources: [Extra]
                  Tool:REPLACE:
                    type: tool
                    sources: [Tool]
                """,
            "base.yml": """
                targets:
                  App:
                    type: application
                    sources: [App]
                  Tool:
                    type: framework
                    sources: [Old]
                """,
            "App/A.swift": "", "Extra/E.swift": "", "Tool/T.swift": "", "Old/O.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.issues == [])
        let app = try #require(facts.targets.first { $0.name == "App" })
        #expect(app.type == .app)
        #expect(app.swiftSources == ["App/A.swift", "Extra/E.swift"])  // lists concatenate, base first
        let tool = try #require(facts.targets.first { $0.name == "Tool" })
        #expect(tool.type == .tool)
        #expect(tool.swiftSources == ["Tool/T.swift"])  // :REPLACE replaces
    }

    @Test func multiPlatformTargetsExpand() throws {
        let tree = InMemoryFileSystem([
            "project.yml": """
                targets:
                  Kit:
                    type: framework
                    platform: [iOS, tvOS]
                    sources: ["Kit/${platform}"]
                """,
            "Kit/iOS/A.swift": "", "Kit/tvOS/B.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.targets.map(\.name) == ["Kit_iOS", "Kit_tvOS"])
        #expect(facts.targets.map(\.swiftSources) == [["Kit/iOS/A.swift"], ["Kit/tvOS/B.swift"]])
    }

    /// OneBusAway keeps one spec per app in `Apps/X/project.yml`, written from the repository's root (its script
    /// copies the spec there before running xcodegen): its paths start from the root, not from its folder.
    @Test func aSpecWrittenFromTheRootIsReadFromTheRoot() throws {
        let tree = InMemoryFileSystem([
            "Apps/Bus/project.yml": """
                include:
                  - Kit/project.yml
                targets:
                  App:
                    type: application
                    sources: [Apps/Bus]
                    dependencies:
                      - target: Kit
                """,
            "Kit/project.yml": """
                targets:
                  Kit:
                    type: framework
                    sources: [Sources]
                """,
            "Apps/Bus/AppDelegate.swift": "", "Kit/Sources/Kit.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "Apps/Bus/project.yml", fileSystem: tree)
        #expect(facts.issues.isEmpty)
        #expect(facts.targets.map(\.name) == ["Kit", "App"])
        #expect(facts.targets.map(\.swiftSources) == [["Kit/Sources/Kit.swift"], ["Apps/Bus/AppDelegate.swift"]])
    }

    /// SentoCrespo/BaseUIKitCombine includes `XcodeGen/project-App.yml` with `relativePaths: false`, so its
    /// `sources: [Project]` start from the main spec's folder, not `XcodeGen/`: 12 "source doesn't exist" findings.
    /// Its `project-Packages.yml` holds only comments: an empty include, which adds nothing.
    @Test func anIncludesPathsStartFromTheIncludingSpecWhenItsEntrySaysRelativePathsFalse() {
        let tree = InMemoryFileSystem([
            "App/project.yml": """
                include:
                  - path: XcodeGen/project-App.yml
                    relativePaths: false
                  - path: XcodeGen/project-Kit.yml
                  - path: XcodeGen/project-Packages.yml
                    relativePaths: false
                name: Project
                """,
            "App/XcodeGen/project-App.yml": """
                targets:
                  Project:
                    type: application
                    sources: [Project]
                """,
            "App/XcodeGen/project-Kit.yml": """
                targets:
                  Kit:
                    type: framework
                    sources: [Kit]
                """,
            "App/XcodeGen/project-Packages.yml": "# packages:\n#   Moya: {url: https://github.com/Moya/Moya}\n",
            "App/Project/AppDelegate.swift": "", "App/XcodeGen/Kit/Kit.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "App/project.yml", fileSystem: tree)
        #expect(facts.issues.map(\.message) == [])
        #expect(facts.targets.map(\.swiftSources) == [["App/Project/AppDelegate.swift"], ["App/XcodeGen/Kit/Kit.swift"]])
    }

    /// A source missing from the spec's folder is missing, even when the root has a folder of that name: nothing
    /// the spec lists reaches back into its own folder from there.
    @Test func aMissingSourceIsNotLookedForAtTheRoot() {
        let tree = InMemoryFileSystem([
            "Features/Cart/project.yml": """
                targets:
                  Cart:
                    type: framework
                    sources: [Sources]
                """,
            "Sources/Main.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "Features/Cart/project.yml", fileSystem: tree)
        #expect(facts.targets.map(\.swiftSources) == [[]])
        #expect(facts.issues.map { "\($0.file):\($0.line) \($0.message)" } == [
            "Features/Cart/project.yml:4 source `Features/Cart/Sources` of target `Cart` doesn't exist; XcodeGen "
                + "would stop here (mark it `optional: true` if it is generated later)",
        ])
    }

    /// An include whose name differs from a file beside it only in case says which file it meant.
    @Test func anIncludeSpelledInAnotherCaseNamesTheFile() {
        let tree = InMemoryFileSystem([
            "project.yml": """
                include:
                  - specs/Shared.yml
                targets:
                  App:
                    type: application
                    sources: [App]
                """,
            "specs/shared.yml": "settings: {}\n",
            "App/A.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.issues.map { "\($0.file):\($0.line) \($0.message)" } == [
            "project.yml:2 `include: specs/Shared.yml` names no readable file (looked for specs/Shared.yml; "
                + "specs/shared.yml differs from it only in case, which a case-sensitive volume tells apart: spell it as "
                + "the file is named); XcodeGen would stop here too",
        ])
    }

    @Test func badInputIsAnIssueAtItsLineAndTheRestIsRead() throws {
        let tree = InMemoryFileSystem([
            "project.yml": """
                include:
                  - missing.yml
                  - broken.yml
                  - project.yml
                targets:
                  App:
                    type: application
                    templates: [Nope]
                    sources:
                      - App
                      - Gone
                    dependencies:
                      - package: Unknown
                      - weird: thing
                """,
            "broken.yml": "targets: [a, b\n",
            "App/A.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(try #require(facts.targets.first).swiftSources == ["App/A.swift"])
        let found = facts.issues.map { "\($0.file):\($0.line): \($0.message.prefix(33))" }
        #expect(found == [
            "project.yml:2: `include: missing.yml` names no r",
            "broken.yml:2: invalid YAML: did not find expect",
            "project.yml:4: `include: project.yml` includes i",
            "project.yml:8: target `App` uses template `Nope`",
            "project.yml:11: source `Gone` of target `App` doe",
            "project.yml:13: target `App` depends on package `",
            "project.yml:14: a dependency of target `App` is n",
        ])
    }

    @Test func anAliasBombIsBoundedNotExpandedForever() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<12 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "targets: {}\n"
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(["project.yml": yaml]))
        #expect(facts.targets == [])
        #expect(facts.issues.first?.message.contains("more than") == true, "\(facts.issues)")
    }

    @Test func anIncludeCycleEnds() {
        let tree = InMemoryFileSystem([
            "project.yml": "include: [a.yml]\ntargets: {}\n",
            "a.yml": "include: [b.yml]\n",
            "b.yml": "include: [a.yml]\n",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.issues.map(\.file) == ["b.yml"])
        #expect(facts.issues.first?.message.contains("include cycle") == true)
    }
}

struct XcodeGenTemplateAttributeTests {
    /// A RIBs-style spec: one test template for every feature, told which feature by `templateAttributes`.
    @Test func templateAttributesFillTheTemplates() {
        let tree = InMemoryFileSystem([
            "project.yml": """
                name: Tasks
                targetTemplates:
                  FeatureTests:
                    type: bundle.unit-test
                    sources:
                      - path: ${testTarget}/Tests
                    dependencies:
                      - target: ${testTarget}
                targets:
                  Tasks:
                    type: framework
                    sources: [Tasks/Sources]
                  TasksTests:
                    templates: [FeatureTests]
                    templateAttributes:
                      testTarget: Tasks
                """,
            "Tasks/Sources/TasksBuilder.swift": "",
            "Tasks/Tests/TasksTests.swift": "",
        ])
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: tree)
        #expect(facts.issues == [])
        let tests = facts.targets.first { $0.name == "TasksTests" }
        #expect(tests?.type == .unitTest)
        #expect(tests?.swiftSources == ["Tasks/Tests/TasksTests.swift"])
        #expect(tests?.dependencies.map(\.name) == ["Tasks"])
    }
}
