import ArchlintModel
import Foundation
import XcodeProjects

/// Reads an evaluated `Project(…)` into `ProjectFacts`: targets with their product type, their Swift sources
/// (globs expanded against the file system) and their declared dependencies.
struct TuistProjectBuilder {
    /// How many values of a target's `sources:` are looked into for a part archlint couldn't read.
    static let unreadPartsBudget = 256
    let manifest: String
    /// The Tuist root `.relativeToRoot` starts from, relative to the scanned root (`""`: the same).
    var root: String = ""
    let fileSystem: any ProjectFileSystem
    /// Reports an issue at a value's site, and returns it.
    let report: (String, TuistSite) -> ProjectIssue

    /// The manifest's folder, relative to the root ("" at the root).
    var manifestFolder: String {
        guard let slash = manifest.lastIndex(of: "/") else { return "" }
        return String(manifest[..<slash])
    }

    /// ProjectDescription's `Product` cases, as Xcode product types.
    static let productTypes: [String: String] = [
        "app": "application", "appClip": "application.on-demand-install-capable",
        "appExtension": "app-extension", "messagesExtension": "app-extension.messages",
        "stickerPackExtension": "app-extension.messages-sticker-pack", "tvTopShelfExtension": "tv-app-extension",
        "watch2Extension": "watchkit2-extension", "extensionKitExtension": "extensionkit-extension",
        "watch2App": "application.watchapp2", "watchApp": "application.watchapp2",
        "framework": "framework", "staticFramework": "framework.static",
        "staticLibrary": "library.static", "dynamicLibrary": "library.dynamic",
        "unitTests": "bundle.unit-test", "uiTests": "bundle.ui-testing",
        "commandLineTool": "tool", "bundle": "bundle", "macro": "macro", "xpc": "xpc-service",
        "systemExtension": "system-extension",
    ]

    /// The project's targets; what in its `targets:` archlint can't read (targets that may be missing) is in
    /// `unreadTargets`.
    func facts(of project: TuistConstruct, issues: [ProjectIssue]) -> ProjectFacts {
        let name = single(project.argument("name"), "`name:` of the project")?.stringValue
        var targets: [ProjectTarget] = []
        var unreadTargets: [ProjectIssue] = []
        let list = project.argument("targets")
        if let why = list?.unread {
            unreadTargets += why.issues
        } else if let list, list.arrayValue == nil {
            unreadTargets.append(report("`targets:` isn't a list archlint can read; declare the project's modules in "
                                        + "`modules:` in .archlint.yml", list.construct?.site ?? project.site))
        }
        let projectSettings = settings(project.argument("settings"))
        let configuration = Self.defaultConfiguration(of: projectSettings)
        var xcconfigs = XCConfigFiles(fileSystem: fileSystem, projectFolder: manifestFolder)
        for value in Self.flattened(list?.arrayValue ?? []) {
            switch target(value, in: project) {
            case .read(var target, let uncertain):
                let levels = Self.levels(settings(value.construct?.argument("settings")), configuration: configuration,
                                         xcconfigs: &xcconfigs)
                    + Self.levels(projectSettings, configuration: configuration, xcconfigs: &xcconfigs)
                if !levels.isEmpty {
                    let stack = BuildSettingStack(levels: levels, targetName: target.name, projectName: name ?? "",
                                                  configuration: configuration)
                    target.swiftSettings = stack.swiftSettings(source: manifest)
                }
                targets.append(target)
                unreadTargets += uncertain
            case .unread(let why): unreadTargets += why
            }
        }
        TestHosts.assignImplicitHosts(in: &targets)
        var facts = ProjectFacts(path: manifest, source: .tuist, name: name, targets: targets,
                                 packages: packages(project.argument("packages")), issues: issues + xcconfigs.issues)
        facts.unreadTargets = Self.unique(unreadTargets)
        return facts
    }

    /// Nested lists flattened (`targets: [app] + features.map { [$0.sources, $0.tests] }` as helpers build them).
    /// A target whose `name:` is one of several values (`isCI ? "CIApp" : "LocalApp"`) is one target per value.
    private static func flattened(_ values: [TuistValue]) -> [TuistValue] {
        values.flatMap { value in
            value.arrayValue.map(flattened) ?? value.expanded.flatMap { expanding($0, only: ["name"]) }
        }
    }

    /// A construct with an argument that is one of several values: one construct per value, each under its
    /// condition (`labels`: the arguments expanded; nil for every one).
    static func expanding(_ value: TuistValue, only labels: Set<String?>? = nil) -> [TuistValue] {
        guard let construct = value.construct,
              let index = construct.arguments.firstIndex(where: { argument in
                  guard case .alternatives = argument.value else { return false }
                  return labels?.contains(argument.label) ?? true
              }),
              case .alternatives(let choices, _) = construct.arguments[index].value else { return [value] }
        return choices.flatMap { choice -> [TuistValue] in
            var copy = construct
            copy.arguments[index].value = choice.value
            return expanding(TuistValue.construct(copy).requiring(choice.condition), only: labels)
        }
    }

    /// A value the builder must take as one: when it is one of several (`isCI ? .app : .framework`), reported at the
    /// branch, and nil.
    private func single(_ value: TuistValue?, _ what: String) -> TuistValue? {
        guard case .alternatives(let choices, let site)? = value else { return value }
        return .unknown(TuistUnread([report(
            "\(what) depends on `\(choices.first?.condition ?? "")`, known only when `tuist generate` runs, and "
                + "archlint doesn't choose a branch, so it is left unknown; write the same value in every branch, or "
                + "declare the module in `modules:` in .archlint.yml with `type:`", site)]))
    }

    static func unique(_ issues: [ProjectIssue]) -> [ProjectIssue] {
        var seen: Set<ProjectIssue> = []
        return issues.filter { seen.insert($0).inserted }
    }

    private enum TargetReading {
        /// `uncertain`: it was made under a branch archlint couldn't evaluate, so other targets may stand in its place.
        case read(ProjectTarget, uncertain: [ProjectIssue])
        /// Not read: the issues saying why (a target may be missing).
        case unread([ProjectIssue])
    }

    private func target(_ value: TuistValue, in project: TuistConstruct) -> TargetReading {
        guard let construct = value.construct else {
            if let why = value.unread { return .unread(why.issues) }
            return .unread([report("a value in `targets:` that isn't a `Target`; declare the module in `modules:` in "
                                   + ".archlint.yml", project.site)])
        }
        guard construct.name == "Target" || construct.name == "target" else {
            return .unread([report("`\(construct.name)` in `targets:` isn't a `Target(…)` or `.target(…)` archlint can "
                                   + "read; declare the module in `modules:` in .archlint.yml", construct.site)])
        }
        guard let name = construct.argument("name")?.stringValue else {
            // A name archlint couldn't evaluate was reported where it was met: that is the reason.
            if let why = construct.argument("name")?.unread?.issues, !why.isEmpty { return .unread(why) }
            return .unread([report("a target whose `name:` archlint can't evaluate; declare it in `modules:` in "
                                         + ".archlint.yml", construct.site)])
        }
        // A template's placeholder (`static let targetName = ""`): `tuist generate` refuses an empty name.
        guard !name.isEmpty else {
            return .unread([report("a target whose `name:` is empty, which `tuist generate` refuses (a template's "
                                   + "placeholder?); fill in the name", construct.site)])
        }
        let product = Self.libraryChoice(construct.argument("product"))
            ?? single(construct.argument("product"), "`product:` of target '\(name)'")
        // A product archlint couldn't read leaves the target's kind unknown: unread, never taken for an aggregate
        // (a target without a product type is no module, and its files would be left out without a word).
        if let why = product?.unread?.issues, !why.isEmpty { return .unread(why) }
        let productName = productCase(product)
        let identifier = productName.flatMap { Self.productTypes[$0] }.map { "com.apple.product-type." + $0 }
        // Sources archlint couldn't read leave the target's files unknown: unread, as an unread product does.
        var budget = Self.unreadPartsBudget
        if let why = construct.argument("sources")?.unreadParts(budget: &budget)?.issues, !why.isEmpty { return .unread(why) }
        var sources = swiftSources(construct.argument("sources"), site: construct.site)
        sources += folders(construct.argument("buildableFolders"))
        var unread: [ProjectIssue] = []
        var target = ProjectTarget(
            name: name, productTypeIdentifier: identifier,
            productName: single(construct.argument("productName"), "`productName:` of target '\(name)'")?.stringValue,
            swiftSources: Array(Set(sources)).sorted(),
            dependencies: dependencies(construct.argument("dependencies"), of: construct.site, named: name, unread: &unread),
            file: construct.site.file, line: construct.site.line, column: construct.site.column)
        target.unreadDependencies = Self.unique(unread)
        if productName == "macro" { target.type = .macro }
        return .read(target, uncertain: construct.unread?.issues ?? [])
    }

    /// Library products a target may choose between at generation time (`forPreview ? .framework : .staticLibrary`).
    static let libraryProducts: Set<String> = ["framework", "staticFramework", "staticLibrary", "dynamicLibrary"]

    /// A product that is one of several library kinds: a library module whichever branch `tuist generate` takes,
    /// imported and depended on alike, so the first branch's; nil for anything else.
    static func libraryChoice(_ value: TuistValue?) -> TuistValue? {
        guard case .alternatives(let choices, _)? = value, let first = choices.first?.value,
              choices.allSatisfy({ choice in
                  choice.value.construct.map { libraryProducts.contains($0.name) } ?? false
              }) else { return nil }
        return first
    }

    private func productCase(_ value: TuistValue?) -> String? {
        switch value {
        case .construct(let construct)?: construct.name
        case .enumCase(_, let name, _, _)?: name
        case .string(let text)?: text
        default: nil
        }
    }

    // MARK: Paths

    /// A `Path` value (a string, `.relativeToRoot`, `.relativeToManifest`, `.relativeToCurrentFile`, `.path`), relative
    /// to the scanned root and normalised; nil when it isn't one.
    func path(_ value: TuistValue?) -> String? {
        switch value {
        case .string(let text)?:
            return Self.normalize(join(manifestFolder, text))
        case .construct(let construct)?:
            let inner = construct.firstUnlabelled?.stringValue ?? construct.argument("path")?.stringValue
            switch construct.name {
            case "relativeToRoot": return inner.map { Self.normalize(join(root, $0)) }
            case "relativeToManifest", "path", "Path", "init": return inner.map { Self.normalize(join(manifestFolder, $0)) }
            case "relativeToCurrentFile":
                let folder = construct.site.file.split(separator: "/").dropLast().joined(separator: "/")
                return inner.map { Self.normalize(join(folder, $0)) }
            default: return nil
            }
        default:
            return nil
        }
    }

    private func join(_ folder: String, _ path: String) -> String {
        // A path made from `#file` (`TuistInterpreter.fileRoot`): back into the repository.
        if path == TuistInterpreter.fileRoot { return "" }
        if path.hasPrefix(TuistInterpreter.fileRoot + "/") { return String(path.dropFirst(TuistInterpreter.fileRoot.count + 1)) }
        if path.hasPrefix("/") || folder.isEmpty { return path }
        return folder + "/" + path
    }

    static func normalize(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    // MARK: Sources

    /// `sources:` as Tuist reads it: globs (strings or `Path`s), `.glob(…, excluding:)`, `SourceFilesList(globs:)`.
    private func swiftSources(_ value: TuistValue?, site: TuistSite) -> [String] {
        var globs: [(pattern: String, excluding: [String])] = []
        collectGlobs(value, into: &globs, site: site)
        var result: [String] = []
        for glob in globs {
            result += expand(glob.pattern, excluding: glob.excluding, site: site)
        }
        return result
    }

    private func collectGlobs(_ value: TuistValue?, into globs: inout [(pattern: String, excluding: [String])], site: TuistSite) {
        switch value {
        case nil, .null?, .unknown?:
            return
        case .array(let elements)?:
            for element in elements { collectGlobs(element, into: &globs, site: site) }
        case .string?:
            if let pattern = path(value) { globs.append((pattern, [])) }
        case .construct(let construct)?:
            switch construct.name {
            case "SourceFilesList", "sourceFilesList", "paths":
                collectGlobs(construct.argument("globs") ?? construct.firstUnlabelled, into: &globs, site: site)
            case "glob":
                guard let pattern = path(construct.firstUnlabelled ?? construct.argument("path")) else { return }
                var excluding: [String] = []
                switch construct.argument("excluding") {
                case .array(let elements)?: excluding = elements.compactMap { path($0) }
                case let single?: excluding = path(single).map { [$0] } ?? []
                case nil: break
                }
                globs.append((pattern, excluding))
            default:
                if let pattern = path(value) {
                    globs.append((pattern, []))
                } else {
                    _ = report("`sources:` entry `\(construct.name)` isn't a glob archlint can read; list the module's files "
                           + "with `modules:` in .archlint.yml", construct.site)
                }
            }
        default:
            _ = report("`sources:` has a value archlint can't read as globs", site)
        }
    }

    /// The Swift files a glob (relative to the root) matches, minus its excludes.
    private func expand(_ pattern: String, excluding: [String], site: TuistSite) -> [String] {
        let hasWildcard = pattern.contains { "*?{[".contains($0) }
        let effective = hasWildcard ? pattern : (fileSystem.isDirectory(pattern) ? pattern + "/**" : pattern)
        let pathCase = fileSystem.pathCase
        guard let glob = try? Glob(effective, pathCase: pathCase) else {
            _ = report("`sources:` glob \"\(pattern)\" isn't a glob archlint can read", site)
            return []
        }
        let excludes = excluding.compactMap { try? Glob($0, pathCase: pathCase) }
        let excludedFolders = excluding.filter { !$0.contains { "*?{[".contains($0) } }.map { pathCase.key($0 + "/") }
        let fixed = effective.split(separator: "/").prefix { !$0.contains { "*?{[".contains($0) } }
        let folder = fixed.count == effective.split(separator: "/").count ? fixed.dropLast().joined(separator: "/")
            : fixed.joined(separator: "/")
        // Tuist's globs skip hidden files and folders.
        return fileSystem.files(under: folder).filter { file in
            file.hasSuffix(".swift") && !file.split(separator: "/").contains { $0.hasPrefix(".") } && glob.matches(file) && !excludes.contains { $0.matches(file) }
                && !excludedFolders.contains { pathCase.key(file).hasPrefix($0) }
        }
    }

    /// Tuist 4's `buildableFolders:`: every Swift file under each folder.
    private func folders(_ value: TuistValue?) -> [String] {
        var result: [String] = []
        for element in value?.arrayValue ?? [] {
            let folder = path(element) ?? element.construct.flatMap { path($0.firstUnlabelled ?? $0.argument("path")) }
            guard let folder else { continue }
            result += fileSystem.files(under: folder).filter { $0.hasSuffix(".swift") }
        }
        return result
    }

    // MARK: Dependencies

    /// - Parameter target: where the target is declared, for what a plain value (no call, so no position of its
    ///   own) in its list can't say.
    /// - Parameter unread: what in the list archlint couldn't read (the list is partial).
    private func dependencies(_ value: TuistValue?, of target: TuistSite, named targetName: String,
                              unread: inout [ProjectIssue]) -> [ProjectTargetDependency] {
        if let why = value?.unread {
            unread += why.issues
            return []
        }
        if let construct = value?.construct {
            unread.append(report("`dependencies:` is a `\(construct.name)` archlint can't read as a list of dependencies; "
                                 + "declare the module's `dependencies:` in `modules:` in .archlint.yml", construct.site))
            return []
        }
        var result: [ProjectTargetDependency] = []
        for element in (value?.arrayValue ?? []).flatMap({ $0.expanded.flatMap { Self.expanding($0) } }) {
            guard let construct = element.construct else {
                if case .array = element { result += dependencies(element, of: target, named: targetName, unread: &unread); continue }
                if let why = element.unread {
                    unread += why.issues
                } else {
                    unread.append(report("a dependency of this target isn't a `TargetDependency` archlint can read; "
                                         + "declare the module's `dependencies:` in `modules:` in .archlint.yml", target))
                }
                continue
            }
            // Declared under a branch archlint couldn't evaluate: kept, but the list is uncertain.
            if let why = construct.unread { unread += why.issues }
            if let dependency = dependency(construct, of: targetName, unread: &unread) { result.append(dependency) }
        }
        return result
    }

    private func dependency(_ construct: TuistConstruct, of targetName: String, unread: inout [ProjectIssue]) -> ProjectTargetDependency? {
        func make(_ kind: ProjectTargetDependency.Kind, _ name: String?, project: String? = nil) -> ProjectTargetDependency? {
            guard let name else {
                // An argument archlint couldn't evaluate was reported where it was met: that is the reason.
                let why = construct.arguments.compactMap { $0.value.unread?.issues }.flatMap { $0 }
                guard why.isEmpty else {
                    unread += why
                    return nil
                }
                unread += [report("`.\(construct.name)(…)` names a dependency archlint can't evaluate; declare the "
                                        + "module's `dependencies:` in `modules:` in .archlint.yml", construct.site)]
                return nil
            }
            let site = construct.site
            var dependency = ProjectTargetDependency(kind: kind, name: name, project: project,
                                                     file: site.file == manifest ? nil : site.file, line: site.line,
                                                     column: site.column, condition: construct.condition)
            dependency.writtenAt = construct.writtenAt.map { SourceLocation(file: $0.file, line: $0.line, column: $0.column) }
            return dependency
        }
        let first = construct.firstUnlabelled
        switch construct.name {
        case "target":
            let name = construct.argument("name")?.stringValue ?? first?.stringValue
                ?? first?.construct?.argument("name")?.stringValue
            return make(.target, name)
        case "project":
            // A path archlint can't read names no project: unread, never a target of this one.
            guard let folder = path(construct.argument("path")) else {
                let why = construct.argument("path")?.unread?.issues ?? []
                unread += why.isEmpty ? [report("`.project(target:path:)` has a `path:` archlint can't evaluate; declare "
                                                + "the module's `dependencies:` in `modules:` in .archlint.yml", construct.site)] : why
                return nil
            }
            // A `.project` dependency on this very project is a target of the same project.
            let project = folder.isEmpty ? "Project.swift" : folder + "/Project.swift"
            return make(.target, construct.argument("target")?.stringValue, project: project == manifest ? nil : project)
        case "external":
            return make(.module, construct.argument("name")?.stringValue ?? first?.stringValue)
        case "package":
            return make(.packageProduct, construct.argument("product")?.stringValue ?? first?.stringValue)
        case "framework", "xcframework", "library":
            guard let file = path(construct.argument("path") ?? first) else { return make(.linkedProduct, nil) }
            var base = (file.split(separator: "/").last.map(String.init) ?? file)
            if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
            if construct.name == "library", base.hasPrefix("lib") { base.removeFirst(3) }
            return make(.linkedProduct, base)
        case "cocoapods":
            // Tuist 1-3: `pod install` on the Podfile at `path:` links the target's pods through the aggregate it
            // generates (`Pods_App.framework`), whichever pods the Podfile gives the target.
            return make(.linkedProduct, "Pods_" + ModuleNaming.c99Identifier(targetName))
        case "sdk", "xctest", "bundle":
            return nil
        default:
            unread.append(report("`.\(construct.name)` isn't a `TargetDependency` archlint reads; declare the module's "
                                 + "`dependencies:` in `modules:` in .archlint.yml", construct.site))
            return nil
        }
    }

    // MARK: Packages

    private func packages(_ value: TuistValue?) -> [ProjectPackageReference] {
        var local: [ProjectPackageReference] = []
        var remote: [ProjectPackageReference] = []
        for element in (value?.arrayValue ?? []).flatMap({ $0.expanded.flatMap { Self.expanding($0) } }) {
            guard let construct = element.construct else { continue }
            if construct.name == "local", let folder = path(construct.argument("path")) {
                local.append(ProjectPackageReference(kind: .local, location: folder))
            } else if let url = construct.argument("url")?.stringValue {
                remote.append(ProjectPackageReference(kind: .remote, location: url))
            }
        }
        var seen: Set<ProjectPackageReference> = []
        return (local + remote).filter { seen.insert($0).inserted }
    }
}
