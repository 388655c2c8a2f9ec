import ArchlintModel
import SwiftParser
import SwiftSyntax

/// Reads a Package.swift statically, without running it.
public enum ManifestReader {
    public static func read(source: String, path: String) -> ManifestFacts {
        ManifestFacts(path: path)
    }
}
