import ArchlintModel
import XcodeProjects

/// Dependencies on targets of other projects, checked against the projects read.
/// - A reference is spelled as the volume finds it (`WalkedSpelling`): on a Mac's case-insensitive volume, where
///   Xcode and Tuist run, GRIG-iOS' `OnboardingFeature` names the folder `OnBoardingFeature`.
/// - A reference to a project archlint didn't read (a git submodule not checked out, as Delta's
///   `Cores/N64DeltaCore/N64DeltaCore.xcodeproj`, a project outside the scanned root, one excluded) is unread
///   (`ProjectTarget.unreadDependencies`): what its targets build is unknown, so the findings that rest on the
///   declaring target's list are withheld. Projects missing or outside the root are also a `manifest-unresolved`:
///   one per referencing project and reason, at the first dependency; one that differs from a read project only in
///   case (a case-sensitive volume) says so, as an include spelled so does.
/// - A local package missing or outside the root is a `manifest-unresolved` at the reference (`missingPackages`);
///   its products are read as a remote package's whose checkout archlint hasn't. So is a project a workspace lists
///   (`missingWorkspaceProjects`).
enum ProjectReferences {
    /// Why a referenced project is absent.
    private enum Absence: Hashable, Comparable {
        /// A folder on its path is there: a git submodule not checked out.
        case missing
        /// No folder on its path: made by a setup step (mastodon's `dependencies/ArkanaKeys`), or never committed.
        case missingFolder
        case outside
        /// The read project whose path differs from the reference only in case.
        case caseDiffers(String)

        func phrase(plural: Bool) -> String {
            switch self {
            case .missing, .missingFolder: plural ? "aren't in the checkout" : "isn't in the checkout"
            case .outside: plural ? "lie outside the scanned root" : "lies outside the scanned root"
            case .caseDiffers: "isn't in the checkout as written"
            }
        }

        /// `A, which isn't in the checkout (advice)`, or `3 projects that aren't in the checkout (A, B and 1 more;
        /// advice)`.
        func listing(_ paths: [String]) -> String {
            guard paths.count > 1 else {
                return "\(paths.first ?? ""), which \(phrase(plural: false)) (\(advice(plural: false)))"
            }
            let more = paths.count > 2 ? " and \(paths.count - 2) more" : ""
            return "\(paths.count) projects that \(phrase(plural: true)) (\(paths[0]), \(paths[1])\(more); \(advice(plural: true)))"
        }

        func advice(plural: Bool) -> String {
            switch self {
            case .missing: "a git submodule not checked out? `git submodule update --init --recursive`"
            case .missingFolder:
                (plural ? "nor are their folders" : "nor is its folder") + ": made by a setup step? run it before archlint"
            case .outside: "run archlint on a folder that holds both"
            case .caseDiffers(let other):
                "\(other) differs from it only in case, which a case-sensitive volume tells apart: spell it as the "
                    + "folder is named"
            }
        }
    }

    /// `projects` with their references spelled as the volume finds them and those to unread projects marked
    /// unread, and the issues to report. `all` is every project read (packages too); `spelling` gives a
    /// root-relative path as the walk spelled it; `existsOnDisk` answers for one.
    static func resolve(
        _ projects: [ProjectFacts], all: [ProjectFacts], spelling: (String) -> String, existsOnDisk: (String) -> Bool
    ) -> (projects: [ProjectFacts], issues: [ProjectIssue]) {
        let byPath = Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var issues: [ProjectIssue] = []
        var marked = projects
        for projectIndex in marked.indices {
            let project = marked[projectIndex]
            var absent: [Absence: [(reference: String, target: String, dependency: ProjectTargetDependency)]] = [:]
            for targetIndex in project.targets.indices {
                let target = project.targets[targetIndex]
                for (dependencyIndex, dependency) in target.dependencies.enumerated() where dependency.kind == .target {
                    guard let reference = dependency.project, ProjectFacts.referenced(reference, in: byPath) == nil
                    else { continue }
                    let spelled = spelling(reference)
                    if let found = ProjectFacts.referenced(spelled, in: byPath) {
                        marked[projectIndex].targets[targetIndex].dependencies[dependencyIndex].project = found.path
                        continue
                    }
                    marked[projectIndex].targets[targetIndex].unreadDependencies.append(ProjectIssue(
                        file: dependency.file ?? target.file ?? project.declarationFile,
                        message: "'\(dependency.name)' of \(reference), a project archlint didn't read",
                        line: dependency.line, column: dependency.column))
                    if let why = absence(of: reference, all: byPath.keys, existsOnDisk: existsOnDisk),
                       !(absent[why] ?? []).contains(where: { $0.reference == reference }) {
                        absent[why, default: []].append((reference, target.name, dependency))
                    }
                }
            }
            for (why, references) in absent.sorted(by: { $0.key < $1.key }) {
                guard let first = references.first else { continue }
                let listed = why.listing(references.map(\.reference))
                let what = references.count == 1
                    ? "'\(first.dependency.name)' of \(listed); what its targets build is unknown, so findings that rest "
                        + "on what '\(first.target)' declares"
                    : "targets of \(listed); what their targets build is unknown, so findings that rest on what the "
                        + "targets depending on them declare"
                issues.append(ProjectIssue(
                    file: first.dependency.file ?? project.declarationFile,
                    message: "target '\(first.target)' depends on \(what) are withheld",
                    line: first.dependency.line, column: first.dependency.column))
            }
        }
        return (marked, issues)
    }

    /// Local packages missing or outside the root that a target depends on a product of (a package of tools or
    /// plugins is no dependency of the code: plugin-consumer's `../..`), one issue per package at the first project
    /// referencing it, with how many more do (ProtonVPN's 10 packages depend on `external/protoncore`: one submodule
    /// to check out, one finding). passepartout's `Package.swift` depends on `../../submodules/partout`, a git
    /// submodule not checked out. Its products are read as a remote package's whose checkout archlint hasn't: their
    /// modules unknown (`Module.hasUnknownModules`), so an import nothing else claims may come from them.
    static func missingPackages(in projects: [ProjectFacts], existsOnDisk: (String) -> Bool) -> [ProjectIssue] {
        let local = LocalPackages(projects)
        let packagePaths = projects.filter { $0.source == .swiftpm }.map(\.path)
        var referencing: [String: (why: Absence, sites: [SourceLocation])] = [:]
        for project in projects.sorted(by: { $0.path < $1.path }) {
            // A reference made under a condition (element-x-ios adds `./enterprise/pipeline` only when it exists)
            // is no package missing.
            for reference in project.packages
            where reference.kind == .local && reference.condition == nil && local.package(reference) == nil {
                guard let why = absence(of: reference.location + "/Package.swift", all: packagePaths, existsOnDisk: existsOnDisk),
                      let first = project.targets.lazy.flatMap(\.dependencies).first(where: {
                          restsOn(reference, $0, in: project, local)
                      })
                else { continue }
                let site = SourceLocation(
                    file: reference.line == nil ? first.file ?? project.declarationFile : project.declarationFile,
                    line: reference.line ?? first.line, column: reference.column ?? first.column)
                referencing[reference.location, default: (why, [])].sites.append(site)
            }
        }
        return referencing.sorted { $0.key < $1.key }.compactMap { location, found -> ProjectIssue? in
            guard let first = found.sites.first else { return nil }
            let others = found.sites.count - 1
            let more = others == 0 ? "" : "; \(others) more \(others == 1 ? "project depends" : "projects depend") on it"
            return ProjectIssue(
                file: first.file,
                message: "the package at \(location) \(found.why.phrase(plural: false)) (\(found.why.advice(plural: false)))"
                    + "\(more); archlint reads its products as a remote package's it has no checkout of: what modules they "
                    + "hold is unknown",
                line: first.line, column: first.column)
        }
    }

    /// Whether `dependency` may name a product of the local package `reference`: a product it names, or, in a
    /// package, a name that is neither its own target nor a product of a package it read (SwiftPM reads a name so).
    private static func restsOn(
        _ reference: ProjectPackageReference, _ dependency: ProjectTargetDependency, in project: ProjectFacts,
        _ local: LocalPackages
    ) -> Bool {
        switch dependency.kind {
        case .packageProduct:
            if let package = dependency.package { return package.kind == .local && package.location == reference.location }
            let identity = reference.identity ?? LocalPackages.identity(ofLocalPath: reference.location)
            return dependency.packageName?.lowercased() == identity.lowercased()
        case .byName:
            guard project.source == .swiftpm, !project.targets.contains(where: { $0.name == dependency.name }) else { return false }
            return !project.packages.contains { local.package($0)?.products.contains { $0.name == dependency.name } == true }
        case .target, .linkedProduct, .module:
            return false
        }
    }

    /// Projects a workspace lists that are missing or outside the root, one issue per workspace and reason. AltStore's
    /// workspace lists `Dependencies/Roxas/Roxas.xcodeproj`, a git submodule not checked out, whose `Roxas.framework`
    /// the app links; OpenEmu's lists 27 cores in submodules.
    /// One in a folder that holds sources (`holdsFiles`) is made there by XcodeGen or Tuist and not committed; one
    /// in a folder discovery skips (`Pods/Pods.xcodeproj`) is CocoaPods'; one a read project's target depends on is
    /// said there (`resolve`): none of them is said here.
    static func missingWorkspaceProjects(
        in workspaces: [XcodeWorkspaceFacts], projects: [ProjectFacts], existsOnDisk: (String) -> Bool,
        holdsFiles: (String) -> Bool
    ) -> [ProjectIssue] {
        let read = projects.map(\.path)
        let referenced = Set(projects.flatMap { $0.targets.flatMap { $0.dependencies.compactMap(\.project) } })
        return workspaces.flatMap { workspace -> [ProjectIssue] in
            var absent: [Absence: [(path: String, location: SourceLocation)]] = [:]
            for (path, location) in zip(workspace.projects, workspace.projectLocations) {
                guard !isSkippedByDiscovery(path), !holdsFiles(RelativePath.parent(path)), !referenced.contains(path),
                      let why = absence(of: path, all: read, existsOnDisk: existsOnDisk)
                else { continue }
                absent[why, default: []].append((path, location))
            }
            // One issue per reason, at the first project (OpenEmu's workspace lists 33 cores in submodules).
            return absent.sorted { $0.key < $1.key }.compactMap { why, listed -> ProjectIssue? in
                guard let first = listed.first else { return nil }
                let what = listed.count == 1
                    ? "what its targets build, and the frameworks other projects link from it, are unknown"
                    : "what their targets build, and the frameworks other projects link from them, are unknown"
                return ProjectIssue(
                    file: first.location.file, message: "the workspace lists \(why.listing(listed.map(\.path))); \(what)",
                    line: first.location.line, column: first.location.column)
            }
        }
    }

    /// Whether a folder on the path is one discovery skips (vendored, generated, a build folder).
    private static func isSkippedByDiscovery(_ path: String) -> Bool {
        var parent = ""
        for component in path.split(separator: "/").map(String.init) {
            if DirectoryWalker.directorySkip(name: component, parent: parent) != nil { return true }
            parent = parent.isEmpty ? component : parent + "/" + component
        }
        return false
    }

    /// Why a referenced project is absent, when it is missing, outside the root or spelled in another case; nil
    /// when it exists (excluded or unreadable: said elsewhere) or is named rather than located.
    private static func absence(
        of reference: String, all read: some Collection<String>, existsOnDisk: (String) -> Bool
    ) -> Absence? {
        if reference == ".." || reference.hasPrefix("../") { return .outside }
        guard reference.contains("/") || reference.hasSuffix(".xcodeproj") else { return nil }
        let file = reference.hasSuffix(".xcodeproj") ? reference + "/project.pbxproj" : reference
        guard !existsOnDisk(file) else { return nil }
        let folded = PathCase.insensitive.key(reference)
        if let other = read.filter({ PathCase.insensitive.key($0) == folded }).min() { return .caseDiffers(other) }
        // A folder on its path is there (OpenEmu's `DeSmuME/src/cocoa` in the empty `DeSmuME`): a submodule.
        var folder = RelativePath.parent(reference)
        while !folder.isEmpty {
            if existsOnDisk(folder) { return .missing }
            folder = RelativePath.parent(folder)
        }
        return reference.contains("/") ? .missingFolder : .missing
    }
}
