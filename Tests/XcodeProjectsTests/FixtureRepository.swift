import ArchlintModel
import Foundation

@testable import XcodeProjects

/// One of the repository's `Fixtures/` folders read from disk, as the project readers see a scanned root.
struct FixtureRepository: ProjectFileSystem {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    let root: URL

    init(_ name: String) {
        root = Self.fixtures.appendingPathComponent(name)
    }

    func contents(of path: String) -> [UInt8]? {
        guard !isDirectory(path) else { return nil }
        return (try? Data(contentsOf: url(path))).map { Array($0) }
    }

    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &directory) && directory.boolValue
    }

    func files(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: url(directory).path) else { return [] }
        let prefix = directory.isEmpty ? "" : directory + "/"
        return walker.compactMap { ($0 as? String).map { prefix + $0 } }.filter { !isDirectory($0) }.sorted()
    }

    /// An Xcode project of the fixture, read as the workspace reads it.
    func xcodeProject(_ path: String) -> ProjectFacts {
        XcodeProjectReader.read(projectPath: path, pbxproj: contents(of: path + "/project.pbxproj") ?? [])
    }

    /// Every Swift file a target compiles: its Sources phase, the Swift files of the synchronized folders it owns
    /// minus their exceptions, and the files other folders' exception sets add to it.
    func compiledSwiftFiles(of target: ProjectTarget) -> [String] {
        var files = Set(target.swiftSources).union(target.synchronizedAdditions)
        for folder in target.synchronizedFolders {
            for file in self.files(under: folder.path) where file.hasSuffix(".swift") {
                let excluded = folder.excluded.contains { file == $0 || file.hasPrefix($0 + "/") }
                if !excluded { files.insert(file) }
            }
        }
        return files.sorted()
    }

    private func url(_ path: String) -> URL {
        path.isEmpty ? root : root.appendingPathComponent(path)
    }
}

/// A dependency as the tests spell it: `target:WidgetExtension`, `packageProduct:Core@Packages/Core`.
func describe(_ dependency: ProjectTargetDependency) -> String {
    var text = dependency.kind.rawValue + ":" + dependency.name
    if let project = dependency.project { text += " in " + project }
    if let package = dependency.package { text += "@" + package.location }
    return text
}
