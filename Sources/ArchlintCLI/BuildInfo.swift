import ArchlintModel
import CBuildInfo

/// What `archlint --version` prints: the version and the commit of the build.
enum BuildInfo {
    /// Set by `scripts/install.sh`; nil for a plain `swift build`.
    static var commit: String? {
        archlint_build_commit().map { String(cString: $0) }
    }

    static var versionLine: String {
        "\(ArchlintVersion.current) (commit \(commit ?? "unknown"))"
    }
}
