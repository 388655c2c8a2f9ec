import ArchlintModel
import Foundation
import Manifests
import XcodeProjects

/// Times the project readers on the corpus, in the benchmark process, for the row that compares reading
/// projects with a cold lint: the corpus' own `App.xcodeproj` (read from disk), and the worst case of the same
/// monorepo described entirely by one Xcode project or one XcodeGen spec (every module a target, every file listed),
/// and the same modules as a Tuist micro-feature app (a `Project.swift` per module, evaluated statically).
struct ProjectReading {
    struct Measurement: Codable {
        var id: String
        var title: String
        var seconds: Double
        var targets: Int
        var swiftFiles: Int
        var projectBytes: Int
        /// `seconds` divided by the cold lint's (b).
        var shareOfColdLint: Double = 0
    }

    /// The budget: reading projects costs at most this share of a cold lint.
    static let budget = 0.05

    let root: URL
    let plan: CorpusPlan
    let repeats: Int

    func measure() throws -> [Measurement] {
        let writer = CorpusWriter(plan: plan)
        let modules = writer.modules()
        var result: [Measurement] = []

        let appBytes = try Array(Data(contentsOf: root.appendingPathComponent(CorpusWriter.appProjectPath + "/project.pbxproj")))
        result.append(time("project-app", "read App.xcodeproj of the corpus", bytes: appBytes.count) {
            XcodeProjectReader.read(projectPath: CorpusWriter.appProjectPath, pbxproj: appBytes)
        })

        let monorepo = Array(writer.monorepoProject(modules).text().utf8)
        result.append(time("project-all", "read an .xcodeproj of every module", bytes: monorepo.count) {
            XcodeProjectReader.read(projectPath: "Monorepo.xcodeproj", pbxproj: monorepo)
        })

        let spec = writer.monorepoSpec(modules)
        var paths: [String] = []
        for module in modules { for (file, _) in module.files { paths.append(module.directory + "/" + file) } }
        let fileSystem = SortedFileSystem(paths: paths, contents: ["project.yml": spec])
        result.append(time("project-xcodegen", "read a project.yml of every module", bytes: spec.utf8.count) {
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: fileSystem)
        })

        let tuist = TuistLayoutWriter(modules: modules).layout()
        var tuistProjects: [ProjectFacts] = []
        result.append(time("project-tuist", "evaluate the modules' Tuist manifests", bytes: tuist.manifestBytes) {
            tuistProjects = TuistReader.read(tuist.manifests, fileSystem: tuist.fileSystem)
            return tuistProjects
        })
        try Self.check(tuistProjects, expected: tuist.expected)
        return result
    }

    /// The evaluated Tuist manifests must give exactly the corpus' modules, each with its imports as declared
    /// dependencies, and no issue; otherwise the row would time a reader that gave up early.
    static func check(_ projects: [ProjectFacts], expected: [String: Set<String>]) throws {
        let issues = projects.flatMap(\.issues)
        if let issue = issues.first {
            throw BenchError.failed("Tuist layout: \(issues.count) issues, first \(issue.file):\(issue.line): \(issue.message)")
        }
        var evaluated: [String: Set<String>] = [:]
        for target in projects.flatMap(\.targets) {
            evaluated[target.name] = Set(target.dependencies.filter { $0.kind == .target }.map(\.name))
        }
        guard evaluated.keys.sorted() == expected.keys.sorted() else {
            let missing = Set(expected.keys).subtracting(evaluated.keys).sorted().prefix(5)
            let extra = Set(evaluated.keys).subtracting(expected.keys).sorted().prefix(5)
            throw BenchError.failed("Tuist layout: targets differ from the corpus modules: missing \(missing), extra \(extra)")
        }
        if let wrong = expected.keys.sorted().first(where: { evaluated[$0] != expected[$0] }) {
            throw BenchError.failed(
                "Tuist layout: \(wrong) depends on \(evaluated[wrong]!.sorted()), expected \(expected[wrong]!.sorted())")
        }
    }

    private func time(_ id: String, _ title: String, bytes: Int, _ read: () -> ProjectFacts) -> Measurement {
        time(id, title, bytes: bytes) { [read()] }
    }

    private func time(_ id: String, _ title: String, bytes: Int, _ read: () -> [ProjectFacts]) -> Measurement {
        let clock = ContinuousClock()
        var best = Double.infinity
        var projects: [ProjectFacts] = []
        for _ in 0..<max(1, repeats) {
            let start = clock.now
            projects = read()
            best = min(best, (clock.now - start).seconds)
        }
        let targets = projects.flatMap(\.targets)
        return Measurement(
            id: id, title: title, seconds: best, targets: targets.count,
            swiftFiles: Set(targets.flatMap(\.swiftSources)).count, projectBytes: bytes)
    }
}

/// The corpus' file list as the spec reader sees a scanned root: sorted paths, folders found by prefix.
struct SortedFileSystem: ProjectFileSystem {
    let paths: [String]
    let contents: [String: String]

    init(paths: [String], contents: [String: String]) {
        self.paths = (paths + contents.keys).sorted()
        self.contents = contents
    }

    func contents(of path: String) -> [UInt8]? {
        if let text = contents[path] { return Array(text.utf8) }
        return exists(path) ? [] : nil
    }

    func isDirectory(_ path: String) -> Bool {
        let prefix = path.isEmpty ? "" : path + "/"
        let index = lowerBound(prefix)
        return index < paths.count && paths[index].hasPrefix(prefix)
    }

    func files(under directory: String) -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        var index = lowerBound(prefix)
        var result: [String] = []
        while index < paths.count, paths[index].hasPrefix(prefix) {
            result.append(paths[index])
            index += 1
        }
        return result
    }

    private func exists(_ path: String) -> Bool {
        let index = lowerBound(path)
        return index < paths.count && paths[index] == path
    }

    private func lowerBound(_ key: String) -> Int {
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
