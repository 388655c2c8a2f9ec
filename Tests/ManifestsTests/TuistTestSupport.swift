import ArchlintModel
import Foundation
@testable import Manifests

/// A fixture folder (or any folder) read into memory, with its Tuist files sorted by role.
struct TuistRepository {
    var fileSystem: InMemoryFileSystem
    var manifests: TuistManifestSet

    init(files: [String: String]) {
        fileSystem = InMemoryFileSystem(files)
        let paths = files.keys.sorted()
        let isTuist = TuistLayout.isTuistRepository(paths: paths)
        var set = TuistManifestSet()
        for path in paths where path.hasSuffix(".swift") {
            switch TuistLayout.role(of: path, isTuistRepository: isTuist) {
            case .projectManifest?: set.projects.append(path)
            case .workspaceManifest?: set.workspaces.append(path)
            case .helper?: set.helpers.append(path)
            default: break
            }
        }
        manifests = set
    }

    /// Every text file under `directory` (hidden folders and `expected/` left out).
    init(directory: URL) {
        var files: [String: String] = [:]
        let root = directory.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in enumerator {
                if relative.hasPrefix("expected") || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                    continue
                }
                var isDirectory: ObjCBool = false
                let full = root + "/" + relative
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                      let text = try? String(contentsOfFile: full, encoding: .utf8) else { continue }
                files[relative] = text
            }
        }
        self.init(files: files)
    }

    static func fixture(_ name: String) -> TuistRepository {
        TuistRepository(directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)"))
    }

    func read() -> [ProjectFacts] { TuistReader.read(manifests, fileSystem: fileSystem) }
}

extension ProjectFacts {
    /// Every field, one line per project, target, dependency and issue: the full value, readable in a diff.
    var described: [String] {
        var lines = ["project \(path) name=\(name) source=\(source.rawValue)"]
        for package in packages { lines.append("  package \(package.kind.rawValue) \(package.location)") }
        for target in targets {
            lines.append("  target \(target.name) \(target.type.rawValue) \(target.productTypeIdentifier ?? "-") "
                         + "\(target.file ?? "-"):\(target.line):\(target.column)"
                         + (target.productName.map { " productName=\($0)" } ?? ""))
            for source in target.swiftSources { lines.append("    source \(source)") }
            for folder in target.synchronizedFolders { lines.append("    folder \(folder.path) excluding \(folder.excluded)") }
            for dependency in target.dependencies {
                var line = "    \(dependency.kind.rawValue) \(dependency.name)"
                if let project = dependency.project { line += " project=\(project)" }
                if let package = dependency.package { line += " package=\(package.kind.rawValue):\(package.location)" }
                line += " at \(dependency.file ?? "-"):\(dependency.line):\(dependency.column)"
                if let condition = dependency.condition { line += " if \(condition)" }
                lines.append(line)
            }
        }
        for issue in issues { lines.append("  issue \(issue.file):\(issue.line):\(issue.column): \(issue.message)") }
        return lines
    }
}

extension Array where Element == ProjectFacts {
    var described: [String] { flatMap(\.described) }
}
