import ArchlintModel
import SwiftParser
import SwiftSyntax

/// Turns one Swift source text into `FileFacts`.
public enum FileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        FileFacts(path: path)
    }
}
