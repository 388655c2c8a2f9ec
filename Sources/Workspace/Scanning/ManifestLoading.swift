import ArchlintModel
import Foundation
import Manifests

/// Turns one manifest's text into `ManifestFacts`, statically or through `swift package dump-package`.
struct ManifestLoading: Sendable {
    typealias DumpReader = @Sendable (_ packageDirectory: String, _ manifestPath: String) throws -> ManifestFacts

    var mode: ManifestMode
    /// Used in `.dump` mode: the package's directory as a system path and the manifest's root-relative path.
    var dumpReader: DumpReader

    static func standard(_ mode: ManifestMode) -> ManifestLoading {
        ManifestLoading(mode: mode, dumpReader: { packageDirectory, manifestPath in
            try DumpPackageReader.read(packageDirectory: packageDirectory, manifestPath: manifestPath)
        })
    }

    /// The facts, with the manifest's suppression comments, plus any diagnostic about how they were obtained.
    func load(source: String, path: String, packageSystemDirectory: String) -> (ManifestFacts, [Diagnostic]) {
        var (facts, diagnostics) = loadFacts(source: source, path: path, packageSystemDirectory: packageSystemDirectory)
        let comments = SourceSuppressions.scan(source: source, path: path)
        facts.suppressions = comments.suppressions
        facts.suppressionProblems = comments.problems
        return (facts, diagnostics)
    }

    private func loadFacts(source: String, path: String, packageSystemDirectory: String) -> (ManifestFacts, [Diagnostic]) {
        switch mode {
        case .static:
            return (ManifestReader.read(source: source, path: path), [])
        case .dump:
            do {
                return (try dumpReader(packageSystemDirectory, path).relocated(to: path), [])
            } catch {
                let issue = ProjectIssue(
                    file: path, message: "`swift package dump-package` failed (\(Self.oneLine(error))); archlint read this manifest statically "
                        + "instead — fix the manifest so it builds, or run without `--manifests dump`",
                    line: 1, column: 1)
                return (ManifestReader.read(source: source, path: path),
                        [PipelineDiagnostics.manifestUnresolved(issue)])
            }
        }
    }

    /// A diagnostic message must stay on one line: joins the error's lines and caps its length.
    static func oneLine(_ error: any Error, limit: Int = 400) -> String {
        let lines = "\(error)".split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let joined = lines.filter { !$0.isEmpty }.joined(separator: " | ")
        return joined.count > limit ? String(joined.prefix(limit)) + "…" : joined
    }

    /// Cache key of a manifest's facts: its content hash, salted with the mode.
    func cacheKey(contentHash: UInt64) -> UInt64 {
        switch mode {
        case .static: contentHash
        case .dump: contentHash ^ 0x9E37_79B9_7F4A_7C15
        }
    }
}
