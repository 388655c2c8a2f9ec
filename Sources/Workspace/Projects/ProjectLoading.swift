import ArchlintModel
import Manifests
import SystemSupport
import XcodeProjects

/// Reads every project discovery found, in parallel: Xcode projects, XcodeGen specs, Xcode workspaces (which
/// put projects and local packages together) and Tuist manifests. A project file that can't be read at all is
/// one `unreadable-file` at its line ("its targets are ignored"); anything else a reader could not follow is a
/// `manifest-unresolved` at its line. The rest of the repository is analysed either way.
///
/// An `.xcodeproj` next to an XcodeGen spec or a Tuist `Project.swift` is generated from it and is not read
/// (reading both would declare every target twice).
struct ProjectLoading {
    struct Result: Sendable {
        /// Sorted by path.
        var projects: [ProjectFacts]
        var diagnostics: [Diagnostic]
        var workspaces: [XcodeWorkspaceFacts] = []
        /// The `archlint:` comments of XcodeGen specs and Tuist manifests, by path (see `SourceSuppressions`).
        var suppressions: [SuppressionComments] = []
        /// Each reader's reading, for the next cache.
        var readings: [CachedReading] = []
    }

    /// The project files of one walk, by kind.
    struct Inputs: Sendable, Equatable {
        /// `.xcodeproj` folders.
        var xcodeProjects: [String] = []
        /// `.xcworkspace` folders.
        var workspaces: [String] = []
        /// `project.yml`/`project.yaml` files, each still to be checked for being an XcodeGen spec.
        var specCandidates: [String] = []
        /// One set per Tuist root, by root.
        var tuist: [TuistManifestSet] = []

        init(tree: DiscoveredTree) {
            for file in tree.projectFiles {
                let name = RelativePath.lastComponent(file.path)
                let parent = RelativePath.parent(file.path)
                if name == "project.pbxproj" {
                    xcodeProjects.append(parent)
                } else if name == "contents.xcworkspacedata" {
                    workspaces.append(parent)
                } else if name == "project.yml" || name == "project.yaml", !parent.hasSuffix(".xcodeproj") {
                    specCandidates.append(file.path)
                }
            }
            var sets: [String: TuistManifestSet] = [:]
            for file in tree.tuistFiles {
                var set = sets[file.root] ?? TuistManifestSet(root: file.root)
                switch file.role {
                case .projectManifest: set.projects.append(file.file.path)
                case .workspaceManifest: set.workspaces.append(file.file.path)
                case .helper: set.helpers.append(file.file.path)
                case .tooling: continue
                }
                sets[file.root] = set
            }
            tuist = sets.values.filter { !$0.isEmpty }.sorted { $0.root < $1.root }
        }

        init() {}
    }

    /// Files larger than this are scanned for top-level keys only up to here when deciding whether a
    /// `project.yml` is an XcodeGen spec.
    static let specSniffLength = 1 << 20

    let fileSystem: WalkedFileSystem
    /// `tuist.folderConventions` from config: the convention fallback for manifests that can't be evaluated.
    var tuist = TuistConfiguration()
    /// The last run's readings: one is reused when every file it read reads the same (`RecordingFileSystem`).
    var cache: ScanCache = .empty
    var useCache = false

    func load(_ inputs: Inputs) -> Result {
        // First which `project.yml` files are specs: that decides which `.xcodeproj` files are generated.
        let specFlags = parallelMap(count: inputs.specCandidates.count) { index in
            isXcodeGenSpec(inputs.specCandidates[index])
        }
        let specs = zip(inputs.specCandidates, specFlags).filter(\.1).map(\.0)
        let generatorDirectories = Set(specs.map(RelativePath.parent) + inputs.tuist.flatMap(\.projects).map(RelativePath.parent))
        let xcodeProjects = inputs.xcodeProjects.filter { !generatorDirectories.contains(RelativePath.parent($0)) }

        let jobs = xcodeProjects.map(Job.xcodeProject) + specs.map(Job.spec) + inputs.workspaces.map(Job.workspace)
            + inputs.tuist.map(Job.tuist)
        var readings = parallelMap(count: jobs.count) { index in
            CrashContext.scanning(jobs[index].crashPath) { reading(jobs[index]) }
        }
        Self.dropIncludedSpecs(jobs, &readings)
        let outcomes = readings.map(\.outcome)

        var projects = outcomes.flatMap(\.projects)
        var diagnostics = outcomes.flatMap(\.diagnostics)
        let workspaceProjects = Set(outcomes.compactMap(\.workspace).flatMap(\.projects))
        diagnostics += Self.dropStaleTuistOutput(&projects, tuistRoots: inputs.tuist.map(\.root), listed: workspaceProjects)
        for project in projects {
            diagnostics += project.issues.filter { !$0.isFatal }.map(PipelineDiagnostics.manifestUnresolved)
        }
        let workspaces = outcomes.compactMap(\.workspace)
        for workspace in workspaces {
            diagnostics += workspace.issues.map(PipelineDiagnostics.manifestUnresolved)
        }
        Self.addWorkspacePackages(workspaces, to: &projects)
        projects.sort { $0.path < $1.path }
        var result = Result(
            projects: projects, diagnostics: diagnostics, workspaces: workspaces, readings: readings.compactMap(\.cached))
        readSuppressions(specs: specs, swiftFiles: inputs.tuist.flatMap { $0.projects + $0.helpers }, into: &result)
        return result
    }

    /// An `.xcodeproj` in a Tuist root, with no `Project.swift` beside it and no workspace listing it, whose every
    /// target the root's Tuist manifests declare: an earlier `tuist generate`'s output left in the tree (Chord_iOS'
    /// root `CoachCoach.xcodeproj` from before its modules got projects of their own). Reading it would declare
    /// each module twice and report files it lists that are long gone: it is not read, and said so.
    static func dropStaleTuistOutput(_ projects: inout [ProjectFacts], tuistRoots: [String], listed: Set<String>) -> [Diagnostic] {
        guard !tuistRoots.isEmpty else { return [] }
        func root(of path: String) -> String? {
            tuistRoots.filter { $0.isEmpty || path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        }
        var tuistTargets: [String: Set<String>] = [:]
        for project in projects where project.source == .tuist {
            guard let root = root(of: project.path) else { continue }
            tuistTargets[root, default: []].formUnion(project.targets.map(\.name))
        }
        var diagnostics: [Diagnostic] = []
        projects.removeAll { project in
            guard project.source == .xcodeproj, !project.targets.isEmpty, !listed.contains(project.path),
                  let root = root(of: project.path), let declared = tuistTargets[root],
                  project.targets.allSatisfy({ declared.contains($0.name) })
            else { return false }
            let name = RelativePath.lastComponent(project.path)
            diagnostics.append(PipelineDiagnostics.manifestUnresolved(ProjectIssue(
                file: project.path + "/project.pbxproj",
                message: "every target of \(name) (\(project.targets.count)) is declared by the Tuist manifests of "
                    + "\(root.isEmpty ? "this repository" : root + "/"), no Project.swift sits beside it and no workspace "
                    + "lists it: an earlier `tuist generate`'s output, not read; delete it (and list `*.xcodeproj` in "
                    + ".gitignore)",
                line: 1, column: 1)))
            return true
        }
        return diagnostics
    }

    /// A spec another spec includes (`include: Features/Alpha/project.yml`) is part of that spec, read with it: read
    /// alone too, its targets would be declared twice and the templates it uses from the includer missing. Two
    /// specs that include each other both stand.
    private static func dropIncludedSpecs(_ jobs: [Job], _ readings: inout [JobReading]) {
        var specIndex: [String: Int] = [:]
        for (index, job) in jobs.enumerated() { if case .spec(let path) = job { specIndex[path] = index } }
        guard specIndex.count > 1 else { return }
        func includes(_ includer: Int, _ path: String) -> Bool { readings[includer].read.contains(path) }
        for (path, index) in specIndex where specIndex.contains(where: { other, otherIndex in
            other != path && includes(otherIndex, path) && !includes(index, other)
        }) {
            readings[index].outcome = Outcome()
        }
    }

    /// Suppression comments of the project sources findings can be located in: XcodeGen specs (`#` comments) and
    /// Tuist's Swift manifests and helpers (`//` comments); malformed ones are `invalid-suppression`s.
    private func readSuppressions(specs: [String], swiftFiles: [String], into result: inout Result) {
        let paths = specs.map { ($0, false) } + swiftFiles.map { ($0, true) }
        let comments = parallelMap(count: paths.count) { index -> SourceSuppressions.Comments in
            let (path, isSwift) = paths[index]
            guard let bytes = fileSystem.contents(of: path) else { return SourceSuppressions.Comments() }
            let text = String(decoding: bytes, as: UTF8.self)
            return isSwift ? SourceSuppressions.scan(source: text, path: path) : SourceSuppressions.scanYAML(source: text)
        }
        for ((path, _), found) in zip(paths, comments).sorted(by: { $0.0.0 < $1.0.0 }) {
            if !found.suppressions.isEmpty { result.suppressions.append(SuppressionComments(path: path, comments: found.suppressions)) }
            result.diagnostics += PipelineDiagnostics.malformedSuppressions(found.problems, file: path, module: nil)
        }
    }

    /// Local packages and projects a workspace lists belong together: each member project gets the workspace's
    /// package folders as local packages, so a product it links resolves to them.
    static func addWorkspacePackages(_ workspaces: [XcodeWorkspaceFacts], to projects: inout [ProjectFacts]) {
        let indexByPath = Dictionary(projects.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        for workspace in workspaces.sorted(by: { $0.path < $1.path }) where !workspace.packages.isEmpty {
            for member in workspace.projects {
                guard let index = indexByPath[member] else { continue }
                var project = projects[index]
                for folder in workspace.packages {
                    let reference = ProjectPackageReference(kind: .local, location: folder)
                    guard !project.packages.contains(where: { $0.kind == .local && $0.location == folder }) else { continue }
                    // Local packages come first.
                    let end = project.packages.firstIndex { $0.kind != .local } ?? project.packages.count
                    project.packages.insert(reference, at: end)
                }
                projects[index] = project
            }
        }
    }

    // MARK: Readers

    /// One reader's work: a project, a spec, a workspace or one Tuist root.
    enum Job: Sendable {
        case xcodeProject(String), spec(String), workspace(String), tuist(TuistManifestSet)

        /// What a crash report names.
        var crashPath: String {
            switch self {
            case .xcodeProject(let path), .spec(let path), .workspace(let path): path
            case .tuist(let set): set.root.isEmpty ? "Project.swift" : set.root + "/Project.swift"
            }
        }

        /// Its reading's key in the cache: the reader and what it was given. What it read is checked apart.
        var cacheKey: UInt64 {
            let given = switch self {
            case .xcodeProject(let path): ["xcodeproj", path]
            case .spec(let path): ["spec", path]
            case .workspace(let path): ["workspace", path]
            case .tuist(let set): ["tuist", set.root] + set.projects + ["|"] + set.workspaces + ["|"] + set.helpers
            }
            return XXHash64.hash("project reading\u{0}" + given.joined(separator: "\u{0}"))
        }
    }

    private struct Outcome: Codable, Sendable {
        var projects: [ProjectFacts] = []
        var workspace: XcodeWorkspaceFacts?
        var diagnostics: [Diagnostic] = []
    }

    /// What a reader made of its files, and the questions it asked of them.
    private struct ProjectReading: Codable {
        var questions: [RecordingFileSystem.Question]
        var outcome: Outcome
    }

    private struct JobReading: Sendable {
        var outcome: Outcome
        var cached: CachedReading?
        /// The files the reader read the bytes of.
        var read: Set<String>
    }

    /// The job's outcome: the cached one while every file it read reads the same, else read now.
    private func reading(_ job: Job) -> JobReading {
        let key = job.cacheKey
        if useCache, let blob = cache.readingBlob(key), let stored = cache.reading(ProjectReading.self, key: key),
           RecordingFileSystem.sameAnswers(stored.questions, in: fileSystem) {
            return JobReading(outcome: stored.outcome, cached: CachedReading(key: key, encoded: blob, fromCache: true),
                              read: Self.readPaths(stored.questions))
        }
        let files = RecordingFileSystem(fileSystem)
        let outcome = read(job, files)
        let questions = files.questions
        let encoded = useCache ? try? CompactBinaryCoder.encode(ProjectReading(questions: questions, outcome: outcome)) : nil
        return JobReading(outcome: outcome, cached: encoded.map { CachedReading(key: key, encoded: $0[...], fromCache: false) },
                          read: Self.readPaths(questions))
    }

    private static func readPaths(_ questions: [RecordingFileSystem.Question]) -> Set<String> {
        Set(questions.lazy.filter { $0.kind == .read }.map(\.path))
    }

    private func read(_ job: Job, _ files: RecordingFileSystem) -> Outcome {
        switch job {
        case .xcodeProject(let path): readXcodeProject(path, files)
        case .spec(let path): readSpec(path, files)
        case .workspace(let path): Outcome(workspace: XcodeWorkspaceReader.read(workspacePath: path, fileSystem: files))
        case .tuist(let set):
            Outcome(projects: TuistReader.read(set, fileSystem: files, conventionFallback: tuist.folderConventions))
        }
    }

    private func readXcodeProject(_ path: String, _ files: RecordingFileSystem) -> Outcome {
        let file = path + "/project.pbxproj"
        let bytes: [UInt8]
        switch files.read(file) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return unreadable(ProjectFacts(path: path, source: .xcodeproj), file, "cannot read it (\(failure.reason))")
        }
        if let reason = ProjectFileText.binaryReason(bytes) {
            return unreadable(ProjectFacts(path: path, source: .xcodeproj), file, reason)
        }
        let facts = XcodeProjectReader.read(projectPath: path, pbxproj: bytes, fileSystem: files)
        guard facts.issues.contains(where: \.isFatal) else { return Outcome(projects: [facts]) }
        // Only a file that isn't a property list at all gets here: parse it again for the error's position.
        do {
            _ = try OpenStepPlistParser.parse(bytes)
            return unreadable(facts, file, "it is not an Xcode project file")
        } catch {
            return unreadable(facts, file, error.message, line: error.line, column: error.column)
        }
    }

    private func readSpec(_ path: String, _ files: RecordingFileSystem) -> Outcome {
        let facts = XcodeGenSpecReader.read(specPath: path, fileSystem: files)
        var diagnostics: [Diagnostic] = []
        for issue in facts.issues where issue.isFatal {
            // A spec (or an included file) that isn't YAML: said at the conflict marker when git left one.
            let marker = files.contents(of: issue.file).flatMap(MergeConflict.firstMarker)
            let message = marker.map { "unresolved git merge conflict (a line starting with `\($0.text)`): resolve the conflict in this file" }
                ?? String(issue.message.dropLast(ProjectIssue.unreadableSpecSuffix.count))
            diagnostics.append(unreadableDiagnostic(issue.file, message, line: marker?.line ?? issue.line, column: marker == nil ? issue.column : 1))
        }
        return Outcome(projects: [facts], diagnostics: diagnostics)
    }

    /// Whether `path` is an XcodeGen spec: a YAML file whose top level has `targets:` or `include:`. Reads at
    /// most `specSniffLength` bytes of it.
    private func isXcodeGenSpec(_ path: String) -> Bool {
        guard let bytes = fileSystem.contents(of: path) else { return false }
        return ProjectFileText.hasTopLevelKey(["targets", "include"], in: bytes.prefix(Self.specSniffLength))
    }

    private func unreadable(
        _ facts: ProjectFacts, _ file: String, _ reason: String, line: Int = 1, column: Int = 1
    ) -> Outcome {
        Outcome(projects: [facts], diagnostics: [unreadableDiagnostic(file, reason, line: line, column: column)])
    }

    private func unreadableDiagnostic(_ file: String, _ reason: String, line: Int, column: Int) -> Diagnostic {
        var diagnostic = PipelineDiagnostics.unreadable(file, "\(reason); its targets are ignored")
        diagnostic.location.line = max(line, 1)
        diagnostic.location.column = max(column, 1)
        return diagnostic
    }
}

extension ProjectIssue {
    /// How the readers end the issue of a file they could not parse at all (XcodeProjects' wording).
    static let unreadablePbxprojPrefix = "project.pbxproj is not a readable property list"
    static let unreadableSpecSuffix = "; the targets this spec declares are not known until it is fixed"

    /// The file could not be parsed at all: an `unreadable-file`, not a `manifest-unresolved`.
    var isFatal: Bool {
        message.hasPrefix(Self.unreadablePbxprojPrefix) || message.hasSuffix(Self.unreadableSpecSuffix)
    }
}

/// Cheap, bounded looks at a project file's bytes.
enum ProjectFileText {
    /// Why `bytes` are not a text project file, or nil when they may be one.
    static func binaryReason(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: Array("bplist".utf8)) {
            return "it is a binary property list; archlint reads the text format Xcode writes — open the project "
                + "in Xcode and save it"
        }
        if bytes.starts(with: Array("<?xml".utf8)) {
            return "it is an XML property list; archlint reads the text format Xcode writes — open the project in "
                + "Xcode and save it"
        }
        if ByteScan.firstIndex(of: 0, in: bytes) != nil {
            return "it contains NUL bytes (binary data, not a project file)"
        }
        return nil
    }

    /// Whether a line of `bytes` starts, at column 1, with one of `keys` followed by `:` (a top-level YAML key).
    static func hasTopLevelKey(_ keys: [String], in bytes: ArraySlice<UInt8>) -> Bool {
        let candidates = keys.map { Array(($0 + ":").utf8) }
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = bytes[lineStart..<lineEnd]
            for key in candidates where line.starts(with: key) {
                let after = line.dropFirst(key.count).first
                if after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\r") {
                    return true
                }
            }
            lineStart = lineEnd + 1
        }
        return false
    }
}
