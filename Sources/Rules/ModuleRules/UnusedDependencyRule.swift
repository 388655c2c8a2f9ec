import ArchlintModel
import Configuration
import Graphs

/// A target declares a dependency that none of its files imports (directly or through an `@_exported` re-export).
public struct UnusedDependencyRule: Rule, RuleInputsProvider, DeclarationReadsProvider {
    public init() {}

    public struct Options: RuleOptions {
        public var ignore: [GlobPattern] = []
        public init() {}
        public static let documentation = [
            "ignore": "Dependency names never reported (resource-only or link-only dependencies).",
        ]
    }

    /// Targets that are depended on without being imported: executables (run by tests), macros (named by
    /// `#externalMacro`), plugins, and binary targets (whose module name needn't match the target's).
    /// So are project targets that build apps, extensions, tools and bundles (an app embeds its extensions, a UI
    /// test depends on its host app).
    private static let notImported: Set<ModuleType> = [
        .executable, .macro, .plugin, .binary, .app, .appExtension, .appClip, .watchApp, .tool, .bundle, .other,
    ]

    /// Remote products that work once linked, with no import: Firebase starts them from `FirebaseApp.configure()`
    /// (Analytics' automatic events, Crashlytics' crash reports, Performance's traces, In-App Messaging's messages).
    static let linkedForLaunchEffects: Set<String> = [
        "FirebaseAnalytics", "FirebaseAnalyticsCore", "FirebaseAnalyticsWithoutAdIdSupport",
        "FirebaseAnalyticsOnDeviceConversion", "FirebaseAnalyticsIdentitySupport", "GoogleAppMeasurement",
        "GoogleAppMeasurementWithoutAdIdSupport", "GoogleAppMeasurementOnDeviceConversion",
        "GoogleAppMeasurementIdentitySupport", "FirebaseCrashlytics", "FirebasePerformance",
        "FirebaseInAppMessaging", "FirebaseInAppMessaging-Beta",
    ]

    /// The static member by which a module gives a swift-dependencies key its live value
    /// (`extension InterviewClient: DependencyKey { static let liveValue = … }`): linked, such a module is used with no
    /// import when it implements an interface the target imports, as `@Dependency` finds the value at run time
    /// through the conformance (the interface and live split of swift-dependencies, where a TCA app or its example
    /// app links each `…Implementation` to activate it).
    static let liveValueMember = "liveValue"

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        let options = ModuleRuleOptions(ignore: context.options(for: Self.self).ignore)
        let givesLiveValues = Set(context.workspace.files.lazy.filter {
            $0.facts.memberNames.staticDeclaredInExtensions.contains(Self.liveValueMember)
        }.map(\.module))
        let declaredGraph = index.digraph(kinds: [.declared])
        var diagnostics: [Diagnostic] = []
        var memberUses: ExtensionMemberUses?
        let crossFeature = CrossFeatureImportRule.reportedPairs(in: context)
        let hostedTests = Dictionary(grouping: context.workspace.modules.map(\.id)) { index.node($0)?.testHost ?? "" }
        for module in context.workspace.modules.sorted(by: { $0.id < $1.id }) where !module.files.isEmpty {
            // An umbrella declares dependencies for its dependants; a template test target tests nothing yet; a
            // plugin's dependencies are the tools it runs (`context.tool(named:)`), never imported.
            guard !index.isUmbrella(module.id), !index.isPlaceholderTest(module.id), module.type != .plugin else { continue }
            guard let site = DependencyDeclarationSite(of: module, in: context.workspace) else { continue }
            let imported = index.importedModules(of: module.id)
            let dependencies = index.declaredDependencies(of: module.id)
            // An extension whose principal class is a dependency's uses it without an import, and so does a target
            // whose Objective-C or C code imports it.
            let declaration = context.workspace.targetDeclaration(of: module)?.target
            let loadedByName = Set((declaration?.principalClassModules ?? []) + (declaration?.objectiveCImports ?? []))
            // An Xcode or XcodeGen app embeds the dynamic frameworks its frameworks, and the test bundles it hosts
            // (canvas-ios' CoreTester for CoreTests), import: they are found at launch only there (Tuist embeds them
            // itself; a package's library is linked statically).
            let embedded = module.type.isApplication && [.xcodeproj, .xcodegen].contains(site.source)
                ? Self.importedBelow(module.id, dependencies, index, declaredGraph)
                    .union(Self.importedByHostedTests(hostedTests[module.id] ?? [], index, declaredGraph))
                : []
            // What the dependencies the target does import bring onto the search path, themselves and through
            // their own dependencies: a module there needs no other dependency to supply it.
            let importedDependencies = dependencies.filter { !index.withReexports($0.targets).isDisjoint(with: imported) }
            let importedTargets = importedDependencies.flatMap(\.targets)
            let covered = index.withReexports(importedTargets).union(declaredGraph.reachable(from: importedTargets))
            let unclaimed = ExternalProducts.unclaimedImports(
                of: module.id, declared: index.withReexports(dependencies.flatMap(\.targets)), covered: covered, index)
            for dependency in dependencies {
                let targets = dependency.targets.compactMap { index.node($0) }
                // A Pods aggregate links whatever pods the Podfile gives the target: archlint doesn't read which.
                guard !targets.isEmpty, !targets.contains(where: {
                    Self.notImported.contains($0.type) || $0.id == module.id || $0.isCocoaPodsAggregate
                        || Self.compilesNoSwift($0, context.workspace)
                        || $0.type == .external && Self.linkedForLaunchEffects.contains($0.name)
                        || givesLiveValues.contains($0.id) && Self.implementsAnInterface($0.name, of: imported, index)
                }) else { continue }
                guard index.withReexports(dependency.targets).isDisjoint(with: imported),
                      !targets.contains(where: { loadedByName.contains($0.name) }),
                      embedded.isDisjoint(with: dependency.targets) || !targets.allSatisfy(Self.mayBeDynamic),
                      // A library over a macro target builds the macro a file may name in `#externalMacro(module:)`.
                      !dependency.targets.contains(where: { target in
                          index.edges(from: target, kind: .declared).contains { index.node($0.to)?.type == .macro }
                      })
                else { continue }
                // A product whose modules archlint doesn't know may be what an unclaimed import comes from, and so
                // may an umbrella declaring one (passepartout's `PartoutLibrary` over `partout`, for `import Partout`).
                if !unclaimed.isEmpty, targets.allSatisfy({ target in
                    target.hasUnknownModules || index.isUmbrella(target.id)
                        && declaredGraph.reachable(from: [target.id]).contains { index.node($0)?.hasUnknownModules == true }
                }) { continue }
                // An umbrella: it brings an imported module onto the search path that no imported dependency
                // supplies, so removing it breaks the build (undeclared-import says what to declare).
                let supplied = declaredGraph.reachable(from: dependency.targets)
                guard supplied.intersection(imported).isSubset(of: covered) else { continue }
                // An umbrella is how the target declares what it imports through it, even where another
                // dependency happens to bring the same module.
                if targets.contains(where: { index.isUmbrella($0.id) }), !supplied.isDisjoint(with: imported) { continue }
                let name = context.workspace.declaredDependencyName(of: module, at: dependency.location) ?? targets[0].name
                guard !options.ignores(name, targets[0].name) else { continue }
                // Another feature's implementation: cross-feature-import's finding already says to remove it.
                guard !crossFeature(module, targets[0]) else { continue }
                let condition = dependency.condition.map { " under condition \($0)" } ?? ""
                // A project line that declares several dependencies (a helper's list) is one finding for them all.
                let more = module.manifest == nil && targets.count > 1
                    ? " and \(targets.count - 1) more" : ""
                let pronoun = more.isEmpty ? "it" : "them"
                // Used through members it declares in extensions: the files lack the import, the target needs the dependency.
                if memberUses == nil { memberUses = ExtensionMemberUses(context.workspace, index: index, declaredGraph: declaredGraph) }
                let uses = memberUses?.uses(by: module.id, of: dependency.targets) ?? []
                if !uses.isEmpty {
                    diagnostics.append(Self.missingImport(
                        of: module, dependency: dependency, name: name, more: more, condition: condition, uses: uses, index))
                    continue
                }
                // A base target that declares for its dependants: removing it breaks those that import it through it.
                let offered = index.withReexports(dependency.targets)
                    .union(targets.contains(where: { index.isUmbrella($0.id) }) ? supplied : [])
                let relying = index.dependantsRelying(on: offered, through: module.id, removed: Set(dependency.targets))
                // undeclared-import reports local modules only: an external package has no finding to point at.
                let pointer = offered.contains { index.node($0)?.type != .external } ? " (see undeclared-import)" : ""
                // A module it links that imports it undeclared builds only because this target builds it first; where
                // that import is another feature's implementation, it is to go, not to be declared.
                let linked = relying.isEmpty
                    ? index.linkedRelying(on: offered, through: module.id, removed: Set(dependency.targets)) : []
                let linkedAcross = linked.filter { id in index.node(id).map { crossFeature($0, targets[0]) } ?? false }
                let linkedNames = ComponentRuleSupport.quotedList(linked.map { index.name(of: $0) })
                let linkedVerb = linked.count == 1 ? "imports" : "import"
                let relyingAdvice = !relying.isEmpty
                    ? "; \(ComponentRuleSupport.quotedList(relying)) \(relying.count == 1 ? "imports" : "import") \(pronoun) "
                        + "through it without declaring \(pronoun): declare \(pronoun) there\(pointer), then"
                    : linked.isEmpty ? ""
                    : !linkedAcross.isEmpty
                    ? "; \(linkedNames), which it links, \(linkedVerb) \(pronoun), another feature's implementation, and "
                        + "\(linked.count == 1 ? "builds" : "build") only because this target builds \(pronoun) first (see "
                        + "cross-feature-import): once \(linked.count == 1 ? "it no longer imports" : "they no longer import") \(pronoun),"
                    : "; \(linkedNames), which it links, \(linkedVerb) \(pronoun) without declaring \(pronoun) and "
                        + "\(linked.count == 1 ? "builds" : "build") only because this target builds \(pronoun) first: declare "
                        + "\(pronoun) there\(pointer), then"
                // A list a Tuist helper fixes is edited in the helper, for every target it makes.
                let helperSites = context.workspace.helperSites(of: module, at: dependency.location)
                let removal = helperSites.isEmpty ? site.removal
                    : "the helper's list at \(Self.lines(helperSites)) (every target it makes gets \(pronoun))"
                let message = "target '\(module.name)' declares a dependency on '\(name)'\(more)\(condition) but none of its "
                    + "files imports \(pronoun)\(relyingAdvice)\(relyingAdvice.isEmpty ? ";" : "") remove \(pronoun) from \(removal)"
                // Declared twice (a list naming it twice, Xcode's linked framework beside its target dependency):
                // one finding, with a note at each other place to remove it from.
                if let earlier = diagnostics.lastIndex(where: { $0.module == module.name && $0.message == message }) {
                    diagnostics[earlier].related.append(RelatedLocation(location: dependency.location, message: "also declared here"))
                    continue
                }
                diagnostics.append(Diagnostic(
                    rule: Self.description.id, message: message,
                    location: dependency.location, module: module.name,
                    related: helperSites.map { RelatedLocation(location: $0, message: "the helper writes the dependency here") },
                    subject: [module.id, dependency.targets[0], name]))
            }
        }
        return diagnostics
    }

    /// Whether the module named `live` implements an interface the target imports, by their names: `CorePush` or
    /// `CorePushImplementation` (`Impl`, `Live`) implements `CorePushInterface`, `CorePushLive` implements `CorePush`.
    /// A module that declares its client and gives it its live value in one (isowords' `FileClient`) is no split.
    private static func implementsAnInterface(_ live: String, of imported: Set<String>, _ index: ModuleGraphIndex) -> Bool {
        var interfaces = [live + "Interface"]
        for suffix in FeatureShapes.implementationSuffixes + ["Live"] where live.hasSuffix(suffix) && live.count > suffix.count {
            let stem = String(live.dropLast(suffix.count))
            interfaces += [stem + "Interface", stem]
        }
        return imported.contains { interfaces.contains(index.name(of: $0)) }
    }

    /// A framework or dynamic library target, a binary target, or a product of a package archlint can't read
    /// (`WebRTC` is an xcframework): what an app may have to embed. A package's own library is static.
    private static func mayBeDynamic(_ target: Module) -> Bool {
        [.framework, .dynamicLibrary, .binary].contains(target.type) || target.hasUnknownModules
    }

    /// What the project targets an app reaches through its declared dependencies import: an app declaring one of
    /// them (`WebRTC` for its frameworks) embeds it, which a dynamic framework needs to be found at launch.
    private static func importedBelow(
        _ app: String, _ dependencies: [DeclaredDependency], _ index: ModuleGraphIndex, _ declaredGraph: Digraph
    ) -> Set<String> {
        // A package's dynamic dependency is embedded by Xcode itself: only project targets need the app's.
        let below = declaredGraph.reachable(from: dependencies.flatMap(\.targets)).subtracting([app])
            .filter { index.node($0).map { $0.manifest == nil && $0.type != .external } ?? false }
        return Set(below.flatMap { index.importedModules(of: $0) })
    }

    /// What the test bundles an app hosts import, themselves and through the project targets they link: the app
    /// embeds those frameworks for them, as the bundle is loaded into it.
    private static func importedByHostedTests(
        _ tests: [String], _ index: ModuleGraphIndex, _ declaredGraph: Digraph
    ) -> Set<String> {
        tests.reduce(into: Set<String>()) { imported, test in
            imported.formUnion(index.importedModules(of: test))
            imported.formUnion(importedBelow(test, index.declaredDependencies(of: test), index, declaredGraph))
        }
    }

    /// `Helpers/Project+Templates.swift:86-90`: the lines of each file, a run of consecutive lines as a range.
    private static func lines(_ sites: [SourceLocation]) -> String {
        Dictionary(grouping: sites, by: \.file).sorted { $0.key < $1.key }.map { file, sites in
            let lines = Set(sites.map(\.line)).sorted()
            let isRun = lines.count > 1 && lines.last! - lines.first! == lines.count - 1
            return "\(file):" + (isRun ? "\(lines.first!)-\(lines.last!)" : lines.map(String.init).joined(separator: ", "))
        }.joined(separator: "; ")
    }

    /// A package or Xcode target that compiles no Swift file (C-family, a system library, an Objective-C or C
    /// framework): the module a file imports is the one its module map names (isowords' `system-zlib` is
    /// `import zlibLinux`), which archlint doesn't read, and a C framework may be linked for what it does when
    /// loaded, imported by nobody (UTM's `JailbreakInterposer` interposes dyld's functions). A Tuist target without
    /// Swift files is an empty placeholder: what it declares is what its dependants may use.
    private static func compilesNoSwift(_ target: Module, _ workspace: WorkspaceModel) -> Bool {
        guard target.files.isEmpty else { return false }
        if target.manifest != nil { return true }
        guard target.project != nil, let site = DependencyDeclarationSite(of: target, in: workspace) else { return false }
        return [.xcodeproj, .xcodegen].contains(site.source)
    }

    /// A dependency none of the target's files imports, though they use members it declares in extensions: the
    /// advice is the import, located at the declaration, with each file that uses them as evidence (at its first
    /// import, where the missing one goes).
    private static func missingImport(
        of module: Module, dependency: DeclaredDependency, name: String, more: String, condition: String,
        uses: [ExtensionMemberUses.Use], _ index: ModuleGraphIndex
    ) -> Diagnostic {
        let imports = Array(Set(uses.map { index.name(of: $0.declaringModule) })).sorted()
        let importText = ComponentRuleSupport.list(imports.map { "`import \($0)`" })
        let members = uses.map { "'\($0.name)'" }
        let files = Array(Set(uses.flatMap(\.files))).sorted()
        let fileNames = files.prefix(2).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            + (files.count > 2 ? ["\(files.count - 2) more files"] : [])
        let importLocations = index.edges(from: module.id, kind: .import).flatMap(\.locations)
        let related = files.map { file in
            RelatedLocation(
                location: importLocations.filter { $0.file == file }.min() ?? SourceLocation(file: file, line: 1, column: 1),
                message: "uses \(ComponentRuleSupport.list(uses.filter { $0.files.contains(file) }.map { "'\($0.name)'" })) "
                    + "without \(importText): add it here")
        }
        let message = "target '\(module.name)' declares a dependency on '\(name)'\(more)\(condition) and uses "
            + "\(members.count == 1 ? "its extension member" : "its extension members") \(ComponentRuleSupport.list(members)), "
            + "but none of its files imports \(imports.count == 1 ? "it" : "them"): that compiles only through Swift's leak of "
            + "extension members (an error under MemberImportVisibility, SE-0444); add \(importText) to "
            + "\(ComponentRuleSupport.list(fileNames)) rather than removing the dependency"
        return Diagnostic(
            rule: description.id, severity: description.defaultSeverity, message: message, location: dependency.location,
            module: module.name, related: related, subject: [module.id, dependency.targets[0], name])
    }


    /// A dependency is unused only if the target's dependency list was read whole (an unread entry may be the
    /// one that supplies it) and the dependency's own declared closure too (it may supply an imported module).
    public static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads] {
        let declaredGraph = context.moduleIndex.digraph(kinds: [.declared])
        return findings.map { finding in
            guard finding.subject.count >= 2 else { return .none }
            let supplier = finding.subject[1]
            return DeclarationReads(
                declarations: [finding.subject[0]] + declaredGraph.reachable(from: [supplier]).union([supplier]))
        }
    }

    /// Reads the module graph, the modules' declarations and the files' member names, never their declarations.
    public static let inputs: RuleInputs = RuleInputs.moduleRule.union(.memberNames)

    public static let description = RuleDescription(
        id: "unused-dependency",
        name: "Unused dependency",
        summary: "A target declares a dependency on a target or product that none of its files imports.",
        rationale: """
            Every declared dependency is built and linked before the target, so an unused one slows every build and \
            hides the real shape of the graph. A dependency counts as used when a file imports it or a module it \
            re-exports with `@_exported import`, or when it supplies a module a file imports that none of the \
            dependencies the target does import brings (a product or target whose own dependencies bring it: \
            removing it would break the build, and undeclared-import says what to declare instead), or when it is an \
            umbrella (a target that only declares dependencies for others) that brings a module a file imports; a \
            package's target whose files declare nothing and that no module here depends on links its dependencies \
            for a client outside (danger-swift's `DangerDeps`) and is not checked. Dependencies on executables, macros, plugins and binary targets are \
            not checked: they are used without an import, as is a dependency whose class the target's Info.plist names for \
            the system to load (`NSExtensionPrincipalClass`: `StickerKit.MessagesViewController`, read from Xcode \
            projects and XcodeGen specs), or a module an Xcode target's Objective-C or C code imports (`@import Kit;`, \
            `#import <Kit/Kit.h>` in the files it compiles, its bridging header and their local headers), or a framework (or a product archlint can't read) that an Xcode or XcodeGen \
            app, extension or app clip declares while a framework target it links imports it: the app embeds it, and \
            a dynamic framework its frameworks use is found at launch only there (Xcode embeds what packages use \
            itself), or a library over a macro target (it builds the macro, which a file may name in \
            `#externalMacro(module:)` without importing the library). Nor are targets with no Swift file (C-family and \
            system-library targets, Objective-C and C frameworks): their module map names the module, which archlint \
            doesn't read, and a C framework may be linked for what it does when loaded (a dyld interposer). Nor are \
            remote products that work once linked, with no import: Firebase's Analytics, Crashlytics, Performance and \
            In-App Messaging (and Google App Measurement) start from `FirebaseApp.configure()`. Nor is a module that \
            gives a swift-dependencies key its live value (`extension SearchClient: DependencyKey { static let \
            liveValue … }`) and implements, by its name, an interface the target imports (`SearchLive` or \
            `SearchImplementation` for `SearchInterface`, `SearchLive` for `Search`): linked, it is found at run time \
            through the conformance, as in the interface and live split a TCA app or its demo app links each \
            implementation for. Project targets (Xcode, XcodeGen, Tuist) are checked the \
            same way: a linked framework another target builds, a package product or a target dependency; SDK and \
            binary frameworks, dependencies on apps, extensions and bundles, and CocoaPods aggregates \
            (`Pods_App.framework`: which pods it links is the Podfile's to say), are not. A product's name needn't \
            be a module's (`FirebaseAnalyticsWithoutAdIdSupport` supplies `Firebase`): where a checkout in the tree \
            (`.build/checkouts`, `SourcePackages/checkouts`, `Tuist/.build/checkouts`) holds the package's manifest, \
            the product counts as used when a file imports any module it supplies; without one, a product is not \
            reported while the target imports a module that no declared dependency matches and no SDK supplies, nor \
            is an umbrella that declares such a product (a local package that isn't in the checkout counts as one). \
            Where a module the target links imports the dependency without declaring it, and nothing else the target \
            builds brings it, that module builds only because this target builds it first: the finding says to declare \
            it there before removing it (or, for another feature's implementation, to drop that import first). \
            A dependency none of whose files imports it may still be used through members it declares in extensions \
            (`@Dependency(\\.fileClient)` with `extension DependencyValues { var fileClient … }` in FileClient): Swift \
            sees extension members of every module the build loads, imported or not, an error only under the \
            upcoming feature MemberImportVisibility (SE-0444). Removing such a dependency breaks the build, so the \
            finding says to add the import instead (same rule, same severity). archlint reads member names, not \
            types: a name counts when a file of the target writes it after a `.` (`\\.fileClient`, \
            `$0.fileClient`, `.noop`) and, among the modules the target sees (itself and what it declares, \
            transitively), only the dependency declares it in an extension, and no module that can't see the \
            dependency uses it (there it is the SDK's or another type's: `filter`, `allCases`). A name the SDK or \
            an unread package also declares, used by this target alone, can still be taken for the dependency's.
            """,
        defaultSeverity: .warning,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/apple/swift-log\", from: \"1.5.0\")"],
                        targets: [
                            ("UICore", ["\"DesignSystem\"", "↓\"Assets\"", "↓.product(name: \"Logging\", package: \"swift-log\")"]),
                            ("DesignSystem", []), ("Assets", []),
                        ]),
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                    "Sources/Assets/Colors.swift": "import UIKit\n",
                ],
                caption: "UICore declares Assets and Logging but never imports them"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "App", type: "application", sources: "App", dependencies: ["↓target: Core", "sdk: Contacts.framework"]),
                        (name: "Core", type: "framework", sources: "Core", dependencies: []),
                    ]),
                    "App/App.swift": "import UIKit\n",
                    "Core/Core.swift": "import Foundation\n",
                ],
                caption: "An XcodeGen app links a framework of its project that it never imports; SDK frameworks are not checked"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "Feature", type: "framework", sources: "Feature", dependencies: ["↓target: Core", "target: Core"]),
                        (name: "Core", type: "framework", sources: "Core", dependencies: []),
                    ]),
                    "Feature/Feature.swift": "import UIKit\n",
                    "Core/Core.swift": "import Foundation\n",
                ],
                caption: "A list naming Core twice gets one finding, with a note at the second entry"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("GameCore", ["\"ClientModels\"", "↓\"FileClient\""]),
                        ("ClientModels", ["\"SharedModels\""]), ("FileClient", ["\"SharedModels\""]), ("SharedModels", []),
                    ]),
                    "Sources/GameCore/Game.swift": "import ClientModels\nimport SharedModels\n",
                    "Sources/ClientModels/Models.swift": "import SharedModels\n",
                    "Sources/FileClient/Files.swift": "import SharedModels\n",
                    "Sources/SharedModels/Shared.swift": "import Foundation\n",
                ],
                caption: "FileClient also brings SharedModels, but ClientModels, which GameCore imports, already does"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Core", []), ("Assets", [])],
                        testTargets: [("CoreTests", ["\"Core\"", "↓\"Assets\""])]),
                    "Sources/Core/Core.swift": "public struct Core {}\n",
                    "Sources/Assets/Colors.swift": "import UIKit\n",
                    "Tests/CoreTests/CoreTests.swift": "@testable import Core\nimport XCTest\n\nfinal class CoreTests: XCTestCase {}\n",
                ],
                caption: "A test target that imports what it tests and declares its tests is no template placeholder"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("GameFeature", ["\"Dependencies\"", "↓\"FileClient\""]),
                        ("FileClient", ["\"Dependencies\""]), ("Dependencies", []),
                    ]),
                    "Sources/GameFeature/Game.swift": """
                        import Dependencies

                        struct Game {
                            @Dependency(\\.fileClient) var fileClient
                        }

                        """,
                    "Sources/FileClient/FileClient.swift": """
                        import Dependencies

                        public struct FileClient {}

                        extension DependencyValues {
                            public var fileClient: FileClient { FileClient() }
                        }

                        """,
                    "Sources/Dependencies/Values.swift": "public struct DependencyValues {}\n",
                ],
                caption: "GameFeature uses FileClient's extension member `fileClient` but never imports FileClient: the finding says to add the import, not to remove the dependency"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("Settings", ["\"FileClient\"", "↓\"ApiClient\""]), ("FileClient", []), ("ApiClient", []),
                    ]),
                    "Sources/Settings/Settings.swift": "import FileClient\n\nlet files: FileClient = .noop\n",
                    "Sources/FileClient/FileClient.swift": "public struct FileClient {}\n\nextension FileClient {\n    public static let noop = FileClient()\n}\n",
                    "Sources/ApiClient/ApiClient.swift": "public struct ApiClient {}\n\nextension ApiClient {\n    public static let noop = ApiClient()\n}\n",
                ],
                caption: "A member name two visible modules declare in extensions (`noop`) says nothing about either: ApiClient stays unused"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("Settings", ["\"Models\"", "↓\"SearchClient\""]), ("Models", []), ("SearchClient", ["\"Models\""]),
                    ]),
                    "Sources/Settings/Settings.swift": "import Models\n",
                    "Sources/Models/Models.swift": "public struct Query {}\n",
                    "Sources/SearchClient/SearchClient.swift": """
                        import Models

                        public struct SearchClient {}

                        extension SearchClient: DependencyKey {
                            public static let liveValue = SearchClient()
                        }

                        """,
                ],
                caption: "SearchClient gives its own client its live value: it implements no interface Settings imports, "
                    + "and Settings uses nothing of it"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "App", type: "application", sources: "App", dependencies: ["target: Interposer"]),
                        (name: "Interposer", type: "framework", sources: "Interposer", dependencies: []),
                    ]),
                    "App/App.swift": "import UIKit\n",
                    "Interposer/Interposer.c": "#include <dlfcn.h>\n",
                ],
                caption: "A framework of C code, linked for what it does when loaded (a dyld interposer): no Swift file "
                    + "imports it"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(path: \"submodules/partout\")"],
                        targets: [("PartoutLibrary", ["\"partout\""]), ("App", ["\"PartoutLibrary\""])]),
                    "Sources/PartoutLibrary/Dummy.swift": "// SPDX-License-Identifier: GPL-3.0\n",
                    "Sources/App/App.swift": "import Partout\n",
                ],
                caption: "A wrapper declares a product whose modules archlint doesn't know (its package isn't in the "
                    + "checkout), for App, which imports a module only that product can supply"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [("Analytics", ["\"EventMacros\""]), ("EventMacros", ["\"EventMacrosPlugin\""])])
                        .replacing("    ]\n)", with: "        .macro(name: \"EventMacrosPlugin\"),\n    ]\n)"),
                    "Sources/Analytics/Event.swift": """
                        @attached(member)
                        public macro Event() = #externalMacro(module: "EventMacrosPlugin", type: "EventMacro")

                        """,
                    "Sources/EventMacros/Exports.swift": "import Foundation\n",
                    "Sources/EventMacrosPlugin/Plugin.swift": "import SwiftCompilerPlugin\n",
                ],
                caption: "A library over a macro target builds the macro Analytics names in `#externalMacro`, without an import"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("SearchDemo", ["\"SearchInterface\"", "\"SearchLive\""]), ("SearchInterface", []),
                        ("SearchLive", ["\"SearchInterface\""]),
                    ]),
                    "Sources/SearchDemo/Demo.swift": "import SearchInterface\n",
                    "Sources/SearchInterface/SearchClient.swift": "public struct SearchClient {}\n",
                    "Sources/SearchLive/Live.swift": """
                        import SearchInterface

                        extension SearchClient: DependencyKey {
                            public static let liveValue = SearchClient()
                        }

                        """,
                ],
                caption: "A demo links the live implementation, never imported: it gives SearchClient its `liveValue`, "
                    + "which `@Dependency` finds at run time"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/danger/swift\", from: \"3.0.0\")"],
                        targets: [("DangerDeps", [".product(name: \"Danger\", package: \"swift\")"])]),
                    "Sources/DangerDeps/Empty.swift": "// Links Danger for the Dangerfile.\n",
                ],
                caption: "A package's target of an empty file that nothing here depends on links its dependencies for "
                    + "a client outside (the Dangerfile loads `DangerDeps`)"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "App", type: "application", sources: "App", dependencies: ["target: Kit", "target: Engine"]),
                        (name: "Kit", type: "framework", sources: "Kit", dependencies: ["target: Engine"]),
                        (name: "Engine", type: "framework", sources: "Engine", dependencies: []),
                    ]),
                    "App/App.swift": "import Kit\n",
                    "Kit/Kit.swift": "import Engine\n",
                    "Engine/Engine.swift": "import Foundation\n",
                ],
                caption: "An app declares a framework only its frameworks import: it embeds it, where it is found at launch"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "CoreTester", type: "application", sources: "Tester", dependencies: ["target: Core"]),
                        (name: "Core", type: "framework", sources: "Core", dependencies: []),
                        (name: "CoreTests", type: "bundle.unit-test", sources: "CoreTests", dependencies: ["target: CoreTester", "target: Core"]),
                    ]),
                    "Tester/AppDelegate.swift": "import UIKit\n",
                    "Core/Core.swift": "import Foundation\n",
                    "CoreTests/CoreTests.swift": "import XCTest\nimport Core\n",
                ],
                caption: "A test host declares the framework the tests it hosts import: it embeds it, and they run inside it"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "Stickers", type: "app-extension", sources: "Stickers", dependencies: ["target: StickerKit"]),
                        (name: "StickerKit", type: "framework", sources: "StickerKit", dependencies: []),
                    ]).replacing("    sources: [Stickers]", with: "    sources: [Stickers]\n    info:\n      path: Stickers/Info.plist"),
                    "Stickers/Info.plist": """
                        <plist version="1.0"><dict><key>NSExtension</key><dict>
                        <key>NSExtensionPrincipalClass</key>
                        <string>StickerKit.MessagesViewController</string>
                        </dict></dict></plist>

                        """,
                    "Stickers/Empty.swift": "import Foundation\n",
                    "StickerKit/MessagesViewController.swift": "import Messages\n",
                ],
                caption: "An extension whose Info.plist loads its principal class from a dependency uses it without an import"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("MainFeature", ["\"CardFeature\""]), ("CardFeature", []),
                    ]),
                    "Sources/MainFeature/MainView.swift": "import SwiftUI\n",
                    "Sources/CardFeature/CardView.swift": "import SwiftUI\n",
                ],
                caption: "A feature declares another feature it doesn't import: one finding, cross-feature-import's, says to remove it"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("UICore", ["\"DesignSystem\""]), ("DesignSystem", ["\"Assets\""]), ("Assets", []),
                            ("HomeFeature", ["\"UICore\""]),
                        ],
                        testTargets: [("HomeFeatureTests", ["\"HomeFeature\""])]),
                    "Sources/UICore/Theme.swift": "#if canImport(UIKit)\n@_exported import DesignSystem\n#endif\n",
                    "Sources/DesignSystem/Exports.swift": "@_exported import Assets\n",
                    "Sources/Assets/Colors.swift": "import UIKit\n",
                    "Sources/HomeFeature/Home.swift": "import Assets\n",
                    "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\n",
                ],
                caption: "Imports under #if, @testable imports and transitive re-exports all count"),
            RuleExample(
                [
                    "Package.swift": """
                        // swift-tools-version: 5.9
                        import PackageDescription

                        let package = Package(
                            name: "Flags",
                            dependencies: [.package(url: "https://github.com/example/PlistUtil", from: "1.0.0")],
                            targets: [
                                .plugin(
                                    name: "FlagToggler",
                                    capability: .command(intent: .custom(verb: "flags", description: "Toggle flags.")),
                                    dependencies: [.product(name: "plistutil", package: "PlistUtil")]
                                ),
                            ]
                        )

                        """,
                    "Plugins/FlagToggler/Plugin.swift": "import PackagePlugin\n",
                ],
                caption: "A plugin depends on the tools it runs, which it never imports"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "App", type: "application", sources: "App", dependencies: ["target: Core", "target: Widget"]),
                        (name: "Core", type: "framework", sources: "Core", dependencies: []),
                        (name: "Widget", type: "app-extension", sources: "Widget", dependencies: ["target: Core"]),
                        (name: "AppTests", type: "bundle.unit-test", sources: "Tests", dependencies: ["target: App"]),
                    ]),
                    "App/App.swift": "import Core\n",
                    "Core/Core.swift": "import Foundation\n",
                    "Widget/Widget.swift": "import Core\n",
                    "Tests/AppTests.swift": "import XCTest\n",
                ],
                caption: "An app embeds its extensions and a test bundle depends on its host app without importing them"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [("Gzip", ["\"system-zlib\""]), ("system-zlib", [])]),
                    "Sources/Gzip/Gzip.swift": "#if os(Linux)\nimport zlibLinux\n#else\nimport zlib\n#endif\n",
                    "Sources/system-zlib/anchor.c": "",
                    "Sources/system-zlib/include/module.modulemap": "module zlibLinux [system] {\n    link \"z\"\n}\n",
                ],
                caption: "A C target's module is named by its module map, not by the target"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(path: \"Kit\")"],
                        targets: [("App", [".product(name: \"KitAll\", package: \"Kit\")"])]),
                    "Sources/App/App.swift": "import Networking\n",
                    "Kit/Package.swift": ModuleRuleExamples.package("Kit", product: "KitAll", targets: [
                        ("KitAll", ["\"Networking\""]), ("Networking", []),
                    ]),
                    "Kit/Sources/KitAll/Exports.swift": "import Networking\n",
                    "Kit/Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "An umbrella product that supplies an imported module is not advised away, though its own name is never imported"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/firebase/firebase-ios-sdk\", from: \"11.0.0\")"],
                        targets: [("App", [".product(name: \"FirebaseAnalyticsWithoutAdIdSupport\", package: \"firebase-ios-sdk\")"])]),
                    "Sources/App/App.swift": "import Firebase\nimport SwiftUI\n",
                ],
                caption: "A product's name needn't be its module's: with no checkout saying which modules it supplies, an import nothing declared matches may come from it"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/firebase/firebase-ios-sdk\", from: \"11.0.0\")"],
                        targets: [("App", [
                            ".product(name: \"FirebaseCore\", package: \"firebase-ios-sdk\")",
                            ".product(name: \"FirebaseCrashlytics\", package: \"firebase-ios-sdk\")",
                        ])]),
                    "Sources/App/App.swift": "import FirebaseCore\n\nfunc launch() { FirebaseApp.configure() }\n",
                ],
                caption: "Crashlytics reports crashes once linked and configured, with no import: it is not advised away"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("App", ["\"CoreDependencies\""]), ("CoreDependencies", ["\"DesignSystem\"", "\"Networking\""]),
                            ("DesignSystem", []), ("Networking", []), ("Assets", []),
                            ("Kit", ["\"DesignSystem\"", "\"Networking\"", "\"Assets\""]),
                        ]),
                    "Sources/App/App.swift": "import DesignSystem\nimport Networking\n",
                    "Sources/CoreDependencies/Dependencies.swift": "// This target declares the packages the app links.\n",
                    "Sources/Kit/Exports.swift": "@_exported import DesignSystem\n@_exported import Networking\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                    "Sources/Networking/Client.swift": "import Foundation\n",
                    "Sources/Assets/Colors.swift": "import UIKit\n",
                ],
                caption: "Umbrellas declare dependencies for others: a `…Dependencies` target with no code, a target of `@_exported` imports"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("App", ["\"Service\"", "\"ThirdPartyLib\""]), ("Service", ["\"ThirdPartyLib\""]),
                            ("ThirdPartyLib", ["\"Networking\""]), ("Networking", []),
                        ]),
                    "Sources/App/App.swift": "import Service\nimport Networking\n",
                    "Sources/Service/Service.swift": "import Networking\n",
                    "Sources/ThirdPartyLib/TempSource.swift": "// this is for tuist\n",
                    "Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "An umbrella declares what the target imports through it, though another dependency brings it too"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/Quick/Quick\", from: \"7.0.0\")"],
                        targets: [("Core", [])],
                        testTargets: [
                            ("CoreTests", ["\"Core\"", ".product(name: \"Quick\", package: \"Quick\")"]),
                            ("KitTests", ["\"Core\""]),
                            ("ModelTests", ["\"Core\"", ".product(name: \"Quick\", package: \"Quick\")"]),
                        ]),
                    "Sources/Core/Core.swift": "public struct Core {}\n",
                    "Tests/CoreTests/CoreTests.swift": """
                        import XCTest

                        final class CoreTests: XCTestCase {
                            func testExample() {
                                XCTAssertEqual(1, 1)
                            }
                        }

                        """,
                    "Tests/KitTests/Empty.swift": "// This is for tuist\n",
                    "Tests/ModelTests/Dummy.swift": "@testable import Core\n",
                ],
                caption: "Test targets left as their template made them (or holding only imports) test nothing yet: their dependencies aren't called unused"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("GameFeature", ["\"FileClient\""]), ("FileClient", []),
                    ]),
                    "Sources/GameFeature/Game.swift": "import FileClient\n\nlet client = FileClient()\n",
                    "Sources/GameFeature/Resume.swift": "func resume(_ values: Values) { values.fileClient.load() }\n",
                    "Sources/FileClient/FileClient.swift": """
                        public struct FileClient {
                            public init() {}
                            public func load() {}
                        }

                        public struct Values {}

                        extension Values {
                            public var fileClient: FileClient { FileClient() }
                        }

                        """,
                ],
                caption: "One file's import is the target's use, whatever its other files use without it"),
        ]
    )
}
