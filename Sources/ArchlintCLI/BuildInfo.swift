import ArchlintModel
import CBuildInfo

/// What `archlint --version` prints: the version and the commit of the build.
enum BuildInfo {
    /// `scripts/install.sh`'s record (with `-dirty` for uncommitted changes), else the checkout's HEAD as
    /// BuildCommitPlugin read it; nil when built outside a git checkout.
    static var commit: String? {
        archlint_build_commit().map { String(cString: $0) } ?? BuildCommit.hash
    }

    static var versionLine: String {
        "\(ArchlintVersion.current) (commit \(commit ?? "unknown"))"
    }
}
