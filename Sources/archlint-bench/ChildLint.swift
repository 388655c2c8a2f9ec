import ArchlintKit
import Foundation
import Workspace

/// The fallback lint run when no `archlint` binary sits next to the benchmark: the same pipeline
/// (`Analyzer.lint`) in a child process, printing `{"diagnostics": [{"rule": …}]}` so rule counts still work.
enum ChildLint {
    static func run(root: String, cacheDirectory: String) -> Int32 {
        do {
            let diagnostics = try Analyzer.lint(
                root: root, options: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cacheDirectory))
            ).findings.diagnostics
            let rules = diagnostics.map { "{\"rule\": \"\($0.rule)\"}" }
            print("{\"diagnostics\": [\(rules.joined(separator: ", "))]}")
            return diagnostics.contains { $0.severity == .error } ? 1 : 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 2
        }
    }
}

extension Benchmark {
    /// `--archlint PATH`, else `archlint` next to this executable, else this executable's child mode.
    static func locateLinter(explicit: String?) -> Linter {
        if let explicit { return .binary(explicit) }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let sibling = executable.deletingLastPathComponent().appendingPathComponent("archlint").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return .binary(sibling) }
        return .childMode(executable.path)
    }
}
