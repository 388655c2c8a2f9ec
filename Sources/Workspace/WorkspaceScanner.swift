import ArchlintModel
import Configuration
import Manifests
import SwiftFacts

/// Discovery and scanning of one root into a `WorkspaceModel`.
public struct WorkspaceScanner {
    public init() {}
}
