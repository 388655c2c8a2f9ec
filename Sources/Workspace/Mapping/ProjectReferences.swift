import ArchlintModel

/// Dependencies on targets of other projects, checked against the projects read.
/// - A reference that differs from a read project's path only in case names it (GRIG-iOS' helper writes
///   `OnboardingFeature` for the folder `OnBoardingFeature`): Xcode and Tuist run on a Mac's case-insensitive
///   volume. It is spelled as that path, so every volume resolves it alike.
/// - A reference to a project archlint didn't read (a git submodule not checked out, as Delta's
///   `Cores/N64DeltaCore/N64DeltaCore.xcodeproj`, a project outside the scanned root, one excluded) is unread
///   (`ProjectTarget.unreadDependencies`): what its targets build is unknown, so the findings that rest on the
///   declaring target's list are withheld. Projects missing or outside the root are also a `manifest-unresolved`:
///   one per referencing project and reason, at the first dependency.
enum ProjectReferences {
    /// Why a referenced project is absent.
    private enum Absence: CaseIterable {
        case missing, outside

        func phrase(plural: Bool) -> String {
            switch self {
            case .missing: plural ? "aren't in the checkout" : "isn't in the checkout"
            case .outside: plural ? "lie outside the scanned root" : "lies outside the scanned root"
            }
        }

        var advice: String {
            switch self {
            case .missing: "a git submodule not checked out? `git submodule update --init --recursive`"
            case .outside: "run archlint on a folder that holds both"
            }
        }
    }

    /// `projects` with their references spelled as the projects read and those to unread projects marked unread,
    /// and the issues to report. `all` is every project read (packages too); `existsOnDisk` answers for a
    /// root-relative path.
    static func resolve(
        _ projects: [ProjectFacts], all: [ProjectFacts], existsOnDisk: (String) -> Bool
    ) -> (projects: [ProjectFacts], issues: [ProjectIssue]) {
        let byPath = Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let byFoldedPath = Dictionary(all.map { (PathCase.insensitive.key($0.path), $0.path) }, uniquingKeysWith: min)
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
                    if let spelled = byFoldedPath[PathCase.insensitive.key(reference)] {
                        marked[projectIndex].targets[targetIndex].dependencies[dependencyIndex].project = spelled
                        continue
                    }
                    marked[projectIndex].targets[targetIndex].unreadDependencies.append(ProjectIssue(
                        file: dependency.file ?? target.file ?? project.declarationFile,
                        message: "'\(dependency.name)' of \(reference), a project archlint didn't read",
                        line: dependency.line, column: dependency.column))
                    if let why = absence(of: reference, existsOnDisk: existsOnDisk),
                       !(absent[why] ?? []).contains(where: { $0.reference == reference }) {
                        absent[why, default: []].append((reference, target.name, dependency))
                    }
                }
            }
            for why in Absence.allCases {
                guard let references = absent[why], let first = references.first else { continue }
                let what = references.count == 1
                    ? "'\(first.dependency.name)' of \(first.reference), which \(why.phrase(plural: false)) (\(why.advice)); "
                        + "what its targets build is unknown, so findings that rest on what '\(first.target)' declares"
                    : "targets of \(references.count) projects that \(why.phrase(plural: true)) (\(first.reference), "
                        + "\(references[1].reference)\(references.count > 2 ? " and \(references.count - 2) more" : ""); "
                        + "\(why.advice)); what their targets build is unknown, so findings that rest on what the "
                        + "targets depending on them declare"
                issues.append(ProjectIssue(
                    file: first.dependency.file ?? project.declarationFile,
                    message: "target '\(first.target)' depends on \(what) are withheld",
                    line: first.dependency.line, column: first.dependency.column))
            }
        }
        return (marked, issues)
    }

    /// Why a referenced project is absent, when it is missing or outside the root; nil when it exists (excluded or
    /// unreadable: said elsewhere) or is named rather than located.
    private static func absence(of reference: String, existsOnDisk: (String) -> Bool) -> Absence? {
        if reference == ".." || reference.hasPrefix("../") { return .outside }
        guard reference.contains("/") || reference.hasSuffix(".xcodeproj") else { return nil }
        let file = reference.hasSuffix(".xcodeproj") ? reference + "/project.pbxproj" : reference
        return existsOnDisk(file) ? nil : .missing
    }
}
