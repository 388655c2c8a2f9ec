import Testing
@testable import Manifests

/// A `?:` or `if` on a condition known only when `tuist generate` runs (`Environment.*`) keeps every branch, each
/// under its condition, as Package.swift's reader does; where one value must be chosen, archlint says so at the branch.
@Suite struct TuistGenerationTimeChoiceTests {
    static let isCI = "Environment.isCI.getBoolean(default: false)"

    private func read(_ manifest: String, files: [String] = []) -> [String] {
        var contents = ["App/Project.swift": "import ProjectDescription\nlet isCI = Environment.isCI.getBoolean(default: false)\n" + manifest]
        contents["Tuist.swift"] = "import ProjectDescription\nlet tuist = Tuist()\n"
        for file in files { contents["App/" + file] = "" }
        return TuistRepository(files: contents).read().described
    }

    @Test func aTargetNamedByAChoiceIsOneTargetPerBranch() {
        let lines = read("""
        let project = Project(name: "App", targets: [
            .target(name: isCI ? "CIApp" : "LocalApp", product: .app, sources: ["Sources/**"]),
        ])
        """, files: ["Sources/A.swift"])
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target CIApp app com.apple.product-type.application App/Project.swift:4:5",
            "    source App/Sources/A.swift",
            "  target LocalApp app com.apple.product-type.application App/Project.swift:4:5",
            "    source App/Sources/A.swift",
        ])
    }

    @Test func dependenciesUnderAChoiceAreEachUnderTheirCondition() {
        let lines = read("""
        let project = Project(name: "App", targets: [
            .target(name: "App", product: .app, dependencies: [
                .target(name: "Core"),
                isCI ? .external(name: "CIKit") : .external(name: "LocalKit"),
                .target(name: isCI ? "Stub" : "Live"),
            ]),
        ])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:4:5",
            "    target Core at -:5:9",
            "    module CIKit at -:6:16 if \(Self.isCI)",
            "    module LocalKit at -:6:43 if !(\(Self.isCI))",
            "    target Stub at -:7:9 if \(Self.isCI)",
            "    target Live at -:7:9 if !(\(Self.isCI))",
        ])
    }

    /// A setting archlint doesn't read adds nothing; one it reads (`SWIFT_VERSION`) can't be chosen, so it is
    /// reported at the `?:` and the language mode is left unknown.
    @Test func aSettingUnderAChoice() throws {
        let unread = read("""
        let project = Project(name: "App", targets: [
            .target(name: "App", product: .app,
                    settings: .settings(base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": isCI ? "CI" : "LOCAL"])),
        ])
        """)
        #expect(unread == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:4:5",
        ])
        let read = read("""
        let project = Project(name: "App", targets: [
            .target(name: "App", product: .app, settings: .settings(base: ["SWIFT_VERSION": isCI ? "5.0" : "6.0"])),
        ])
        """)
        try #require(read.count == 3)
        #expect(read.last == "  issue App/Project.swift:4:85: build settings archlint can't read here (a value per branch of "
                + "`\(Self.isCI)`, known when `tuist generate` runs) may set `SWIFT_VERSION` or "
                + "`SWIFT_DEFAULT_ACTOR_ISOLATION`; archlint assumes the Swift language mode and default isolation from the "
                + "settings it reads (`archlint generate needle --swift-version` says it instead)")
    }

    /// The target's kind is unknown, so it is an unread target of its project (counted in the summary), never a
    /// target without a product, which would be taken for an aggregate and its files left out without a word.
    @Test func aProductTypeUnderAChoiceIsReportedNotChosen() throws {
        let contents = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "App/Project.swift": "import ProjectDescription\nlet isCI = Environment.isCI.getBoolean(default: false)\n" + """
            let project = Project(name: "App", targets: [
                .target(name: "Core", product: isCI ? .app : .framework),
            ])
            """,
        ]
        let facts = try #require(TuistRepository(files: contents).read().first)
        #expect(facts.described == [
            "project App/Project.swift name=App source=tuist",
            "  issue App/Project.swift:4:36: `product:` of target 'Core' depends on `\(Self.isCI)`, known only when "
                + "`tuist generate` runs, and archlint doesn't choose a branch, so it is left unknown; write the same "
                + "value in every branch, or declare the module in `modules:` in .archlint.yml with `type:`",
        ])
        #expect(facts.unreadTargets == facts.issues)
    }

    /// YAPP-Github/26th-App-Team-2-iOS: `forPreview ? .framework : .staticLibrary`. Either way the target is a library
    /// its dependants import: read as the first branch's, never unread (before: 3 projects' interfaces unread).
    @Test func aChoiceBetweenLibraryKindsIsALibrary() throws {
        let contents = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "App/Project.swift": "import ProjectDescription\nlet isCI = Environment.isCI.getBoolean(default: false)\n" + """
            let project = Project(name: "App", targets: [
                .target(name: "Core", product: isCI ? .framework : .staticLibrary),
            ])
            """,
        ]
        let facts = try #require(TuistRepository(files: contents).read().first)
        #expect(facts.described == [
            "project App/Project.swift name=App source=tuist",
            "  target Core framework com.apple.product-type.framework App/Project.swift:4:5",
        ])
        #expect(facts.unreadTargets == [])
    }

    /// A project has one name: one under a choice is reported, not chosen (the project is named by its folder).
    @Test func aProjectNameUnderAChoiceIsReportedNotChosen() {
        let lines = read("""
        let project = Project(name: isCI ? "P1" : "P2", targets: [])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  issue App/Project.swift:3:29: `name:` of the project depends on `\(Self.isCI)`, known only when "
                + "`tuist generate` runs, and archlint doesn't choose a branch, so it is left unknown; write the same "
                + "value in every branch, or declare the module in `modules:` in .archlint.yml with `type:`",
        ])
    }

    /// A helper returning from both branches of an `if` on the environment gives both values.
    @Test func aHelperReturningFromBothBranches() {
        let lines = read("""
        func appName() -> String {
            if Environment.isCI.getBoolean(default: false) { return "CIApp" } else { return "LocalApp" }
        }
        let project = Project(name: "App", targets: [.target(name: appName(), product: .app)])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target CIApp app com.apple.product-type.application App/Project.swift:6:46",
            "  target LocalApp app com.apple.product-type.application App/Project.swift:6:46",
        ])
    }

    /// `if a || b, c` means `(a || b) && c`, as in Swift: the comma binds looser than `||`.
    @Test func aCommaInAnIfConditionIsAndOfItsParts() {
        let lines = read("""
        let isRelease = Environment.isRelease.getBoolean(default: false)
        func kit() -> TargetDependency {
            let fast = Environment.isFast.getBoolean(default: false)
            if isCI || isRelease, fast { return .external(name: "FastKit") } else { return .external(name: "Kit") }
        }
        let project = Project(name: "App", targets: [.target(name: "App", product: .app, dependencies: [kit()])])
        """)
        let fast = "(isCI || isRelease) && Environment.isFast.getBoolean(default: false)"
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:8:46",
            "    module FastKit at -:6:41 if \(fast)",
            "    module Kit at -:6:84 if !(\(fast))",
        ])
    }

    /// An early `return` under a condition archlint can't decide leaves the rest of the helper to run under the
    /// other one: the value is both, each under its condition (before, the rest was dropped without a word).
    @Test func aHelperReturningEarlyUnderACondition() {
        let lines = read("""
        func early() -> TargetDependency {
            if isCI { return .external(name: "CIKit") }
            return .external(name: "Kit")
        }
        func guarded() -> TargetDependency {
            guard isCI else { return .external(name: "LocalKit") }
            return .external(name: "RemoteKit")
        }
        func compiled() -> TargetDependency {
            #if DEBUG
            return .external(name: "DebugKit")
            #endif
            return .external(name: "ReleaseKit")
        }
        let beta = Environment.isBeta.getBoolean(default: false)
        func chained() -> TargetDependency {
            if isCI { return .external(name: "A") } else if beta { return .external(name: "B") }
            return .external(name: "C")
        }
        func otherwise() -> TargetDependency {
            if beta { } else { return .external(name: "Off") }
            return .external(name: "On")
        }
        func local() -> Bool {
            guard isCI else { return true }
            return false
        }
        let project = Project(name: "App", targets: [
            .target(name: "App", product: .app, dependencies: [early(), guarded(), compiled(), chained(), otherwise()]
                + (local() ? [.external(name: "LocalOnly")] : [])),
        ])
        """)
        let beta = "Environment.isBeta.getBoolean(default: false)"
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:31:5",
            "    module CIKit at -:4:22 if \(Self.isCI)",
            "    module Kit at -:5:12 if !(\(Self.isCI))",
            "    module LocalKit at -:8:30 if !(\(Self.isCI))",
            "    module RemoteKit at -:9:12 if \(Self.isCI)",
            "    module DebugKit at -:13:12 if DEBUG",
            "    module ReleaseKit at -:15:12 if !(DEBUG)",
            "    module A at -:19:22 if \(Self.isCI)",
            "    module B at -:19:67 if !(\(Self.isCI)) && \(beta)",
            "    module C at -:20:12 if !(\(Self.isCI)) && !(\(beta))",
            "    module Off at -:23:31 if !(\(beta))",
            "    module On at -:24:12 if \(beta)",
            "    module LocalOnly at -:32:23 if !(\(Self.isCI))",
        ])
    }

    /// A helper whose `#if` clauses each return gives every clause's value, under its condition.
    @Test func aHelperReturningFromEveryIfConfigClause() {
        let lines = read("""
        func kitName() -> String {
            #if DEBUG
            return "DebugKit"
            #else
            return "ReleaseKit"
            #endif
        }
        let project = Project(name: "App", targets: [.target(name: "App", product: .app,
                                                             dependencies: [.external(name: kitName())])])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:10:46",
            "    module DebugKit at -:11:69 if DEBUG",
            "    module ReleaseKit at -:11:69 if !(DEBUG)",
        ])
    }

    /// A `switch` on a generation-time read whose cases all return gives each case's value.
    @Test func aHelperReturningFromEverySwitchCase() {
        let lines = read("""
        func kitName() -> String {
            switch Environment.flavor.getString(default: "dev") {
            case "prod": return "ProdKit"
            default: return "DevKit"
            }
        }
        let project = Project(name: "App", targets: [.target(name: "App", product: .app,
                                                             dependencies: [.external(name: kitName())])])
        """)
        let read = "Environment.flavor.getString(default: \"dev\") ~= \"prod\""
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:9:46",
            "    module ProdKit at -:10:69 if \(read)",
            "    module DevKit at -:10:69 if !(\(read))",
        ])
    }

    /// `+` and interpolation on a choice are applied to each branch.
    @Test func operationsOnAChoice() {
        let lines = read("""
        let base = isCI ? "CI" : "Local"
        let project = Project(name: "App", targets: [
            .target(name: base + "App", product: .app),
            .target(name: "\\(base)Kit", product: .framework),
        ])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target CIApp app com.apple.product-type.application App/Project.swift:5:5",
            "  target LocalApp app com.apple.product-type.application App/Project.swift:5:5",
            "  target CIKit framework com.apple.product-type.framework App/Project.swift:6:5",
            "  target LocalKit framework com.apple.product-type.framework App/Project.swift:6:5",
        ])
    }

    /// `read == "1" ? true : false` (DMS-iOS, GCMS-iOS) is the condition itself, not a choice of two values.
    @Test func aBooleanChoiceIsItsCondition() {
        let lines = read("""
        import Foundation
        let ci = (ProcessInfo.processInfo.environment["TUIST_CI"] ?? "0") == "1" ? true : false
        let project = Project(name: "App", targets: [.target(name: "App", product: .app,
            dependencies: ci ? [] : [.external(name: "Lint")])])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:5:46",
            "    module Lint at -:6:30 if !((ProcessInfo.processInfo.environment[\"TUIST_CI\"] ?? \"0\") == \"1\")",
        ])
    }

    /// DDD-13-iOS2-iOS names its app `PROJECT_NAME` when that is set, else "Bangawo", and its variants
    /// `"\(name)-Prod"`: the interpolation is one text per branch, the environment's unknown (said at the target),
    /// the other read under its condition.
    @Test func anInterpolationOfAChoiceWithTheEnvironmentIsOneTextPerBranch() {
        let lines = read("""
        import Foundation
        let name: String = {
            if let value = ProcessInfo.processInfo.environment["PROJECT_NAME"] { return value } else { return "Bangawo" }
        }()
        let project = Project(name: "App", targets: [.target(name: "\\(name)-Prod", product: .app)])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target Bangawo-Prod app com.apple.product-type.application App/Project.swift:7:46",
            "  issue App/Project.swift:7:46: a target whose `name:` archlint can't evaluate; declare it in `modules:` in .archlint.yml",
        ])
    }

    /// A condition archlint knows picks its branch, as before.
    @Test func aKnownConditionPicksItsBranch() {
        let lines = read("""
        let local = false
        let project = Project(name: "App", targets: [.target(name: local ? "CIApp" : "LocalApp", product: .app)])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target LocalApp app com.apple.product-type.application App/Project.swift:4:46",
        ])
    }

    /// mash-up-kr/CHALLA-iOS reads `Configs/Shared.xcconfig` in a helper: `guard let content = try? String(…) else
    /// { fatalError(…) }`. The `guard`'s condition leaked out of the helper into the manifest, so every target made
    /// after it was uncertain and two projects were counted as partly unread. An `else` that stops generating
    /// leaves one path, and a helper's `guard` conditions its own body only.
    @Test func aGuardThatStopsGeneratingAddsNoConditionAndAHelpersGuardStaysInIt() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "App/Project.swift": """
            import ProjectDescription
            func host() -> String {
                guard let content = try? String(contentsOfFile: "Configs/Shared.xcconfig") else { fatalError("no config") }
                return content
            }
            func flag() -> Bool {
                guard Environment.isBeta.getBoolean(default: false) else { return false }
                return true
            }
            let hostName = host()
            let beta = flag()
            let project = Project(name: "App", targets: [
                .target(name: "App", product: .app, bundleId: hostName, sources: ["Sources/**"],
                        dependencies: [.external(name: "Kit")]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.first?.unreadTargets == [])
        #expect(facts.described.filter { !$0.hasPrefix("  issue ") } == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:13:5",
            "    source App/Sources/A.swift",
            "    module Kit at -:14:28",
        ])
    }

    /// `if case let .string(kind) = ProjectDescription.Environment.productType`: the qualified `Environment` is
    /// read when `tuist generate` runs, and `kind` is that read, so each branch is kept under its condition (a
    /// choice of library kinds reads as the first branch's).
    @Test func anIfCaseOnTheEnvironmentBindsItsRead() {
        let lines = read("""
        func product() -> Product {
            if case let .string(kind) = ProjectDescription.Environment.productType {
                return kind == "static" ? .staticFramework : .framework
            }
            return .framework
        }
        func suffix() -> String {
            if case .string = Environment.flavor { return "Flavored" }
            return "Plain"
        }
        let project = Project(name: "App", targets: [.target(name: "App" + suffix(), product: product())])
        """)
        #expect(lines == [
            "project App/Project.swift name=App source=tuist",
            "  target AppFlavored framework com.apple.product-type.framework.static App/Project.swift:13:46",
            "  target AppPlain framework com.apple.product-type.framework.static App/Project.swift:13:46",
        ])
    }
}
