import ArchlintModel
import Foundation

/// Everything cached values depend on besides file content. A cache written under a different key is discarded.
/// The scan cache is keyed by it, the result caches through `TreeFingerprint`, the analysis state beside it.
public enum CacheKey {
    /// The one version of every cache: bump it when what a cache stores, or how a digest is taken, changes
    /// meaning in a way a rebuilt archlint (`buildFingerprint`) would not already tell apart.
    public static let formatVersion = 7

    static func make(configuration: ArchlintConfiguration, options: ScanOptions) -> String {
        make(configuration: configuration, manifestMode: options.manifestMode)
            + (options.followExternalSymlinks ? "|follow-external-symlinks" : "")
            + (options.demand.isEverything ? "" : "|demand \(XXHash64.hash(options.demand.description).paddedHex)")
            + (options.pathCase.map { "|path case \($0)" } ?? "")  // a volume's own answer never changes
    }

    static func make(configuration: ArchlintConfiguration, manifestMode: ManifestMode) -> String {
        [
            "archlint \(ArchlintVersion.current)",
            "format \(formatVersion)",
            "build \(buildFingerprint)",
            "config \(configurationFingerprint(configuration, manifestMode: manifestMode))",
        ].joined(separator: "|")
    }

    /// The parts of the configuration the Workspace stage reads (`exclude`, `modules`, `tuist`) plus the manifest
    /// mode.
    /// File facts don't depend on them today; including them is deliberately conservative, so a future
    /// config-dependent scanner option can never serve stale facts.
    static func configurationFingerprint(_ configuration: ArchlintConfiguration, manifestMode: ManifestMode) -> String {
        struct Relevant: Encodable {
            var exclude: [String]
            var modules: [ModuleMapping]
            var tuist: TuistConfiguration
            var manifestMode: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let relevant = Relevant(
            exclude: configuration.exclude, modules: configuration.modules, tuist: configuration.tuist,
            manifestMode: manifestMode.rawValue)
        guard let data = try? encoder.encode(relevant) else { return "unencodable" }
        return XXHash64.hash(data).paddedHex
    }

    /// Size and mtime of the running executable: a rebuilt archlint (same version string, new scanner code)
    /// never trusts facts cached by an older build.
    public static let buildFingerprint: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard case .success(let status) = FileStatus.of(path) else { return "unknown" }
        return "\(status.size)-\(status.modificationSeconds).\(status.modificationNanoseconds)"
    }()
}
