import ArchlintModel
import Configuration
import Manifests
import SwiftFacts

public enum ManifestMode: String, Sendable, CaseIterable {
    /// Read Package.swift with SwiftSyntax, never running it (default).
    case `static`
    /// Run `swift package dump-package` (executes manifest code; opt-in).
    case dump
}

public struct ScanOptions: Sendable {
    public var manifestMode: ManifestMode
    /// nil: `$XDG_CACHE_HOME/archlint` (or `~/.cache/archlint`).
    public var cacheDirectory: String?
    public var useCache: Bool

    public init(manifestMode: ManifestMode = .static, cacheDirectory: String? = nil, useCache: Bool = true) {
        self.manifestMode = manifestMode
        self.cacheDirectory = cacheDirectory
        self.useCache = useCache
    }
}

public enum WorkspaceError: Error, Equatable, CustomStringConvertible {
    case rootNotFound(String)
    case rootNotADirectory(String)

    public var description: String {
        switch self {
        case .rootNotFound(let path): "no such file or directory: \(path)"
        case .rootNotADirectory(let path): "not a directory: \(path)"
        }
    }
}

/// Discovery and scanning of one root into a `WorkspaceModel`.
public struct WorkspaceScanner: Sendable {
    public var options: ScanOptions

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    public func scan(root: String, configuration: ArchlintConfiguration) throws(WorkspaceError) -> WorkspaceModel {
        WorkspaceModel(root: root)
    }
}
