import ArchlintModel
import Manifests
import Foundation
@testable import Workspace

/// A throwaway directory tree built at test time; removed on deinit.
final class TemporaryRepository: Sendable {
    let root: String

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archlint-workspace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, content) in files { try write(path, content) }
    }

    deinit {
        // Restore permissions a test may have removed, so cleanup can't fail.
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            for case let path as String in enumerator {
                chmod(root + "/" + path, 0o755)
            }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ content: String) throws {
        try write(relative, bytes: Array(content.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createDirectory(
            atPath: RelativePath.parent(path(relative)), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Sets mtime (and atime) to a fixed moment (2020-09-13). ctime still becomes "now".
    func setModificationTime(_ relative: String, epochSeconds: Int = 1_600_000_000) {
        var times = [timeval(tv_sec: epochSeconds, tv_usec: 0), timeval(tv_sec: epochSeconds, tv_usec: 0)]
        utimes(path(relative), &times)
    }

    func setModificationTimeOfAllFiles(epochSeconds: Int = 1_600_000_000) {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return }
        for case let relative as String in enumerator { setModificationTime(relative, epochSeconds: epochSeconds) }
    }
}

/// A scanner that never touches the user's cache.
func uncachedScanner(_ mode: ManifestMode = .static) -> WorkspaceScanner {
    WorkspaceScanner(options: ScanOptions(manifestMode: mode, useCache: false))
}

/// A scanner whose `dump` mode returns the given facts per manifest path, so mapping tests don't depend on the
/// manifest reader.
///
/// `settled`: the scanner's clock runs an hour ahead, so files written by the test aren't "racy" (changed within
/// the timestamp granularity of the scan) and unchanged files are trusted by their stat key alone.
func scanner(manifests: [String: ManifestFacts], cacheDirectory: String? = nil, settled: Bool = false) -> WorkspaceScanner {
    var scanner = WorkspaceScanner(
        options: ScanOptions(manifestMode: .dump, cacheDirectory: cacheDirectory, useCache: cacheDirectory != nil),
        dumpReader: { _, path in
            guard let facts = manifests[path] else { throw TestManifestMissing(path: path) }
            return facts
        })
    if settled { scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 } }
    return scanner
}

struct TestManifestMissing: Error, CustomStringConvertible {
    var path: String
    var description: String { "no test manifest for \(path)" }
}

extension WorkspaceModel {
    func module(_ id: String) -> Module? { modules.first { $0.id == id } }

    func moduleID(ofFile path: String) -> String? { files.first { $0.path == path }?.module }

    func diagnostics(_ rule: String) -> [Diagnostic] { diagnostics.filter { $0.rule == rule } }
}

func target(_ name: String, _ kind: TargetKind = .regular, path: String? = nil, exclude: [String] = [],
            sources: [String]? = nil, line: Int = 1) -> TargetDecl {
    TargetDecl(name: name, kind: kind, path: path, exclude: exclude, sources: sources, line: line, column: 9)
}
