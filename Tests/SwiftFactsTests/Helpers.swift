import ArchlintModel
import Testing
@testable import SwiftFacts

/// Scans in both modes, checks they agree, and returns the facts.
func facts(_ source: String, path: String = "Sources/App/File.swift") -> FileFacts {
    let full = FileScanner.scan(source: source, path: path, mode: .full)
    let fast = FileScanner.scan(source: source, path: path, mode: .fast)
    #expect(full == fast, "fast and full scans differ for:\n\(source)")
    return full
}

extension FileFacts {
    func type(_ qualifiedName: String) -> TypeDecl? { types.first { $0.qualifiedName == qualifiedName } }
}

extension TypeDecl {
    func property(_ name: String) -> PropertyDecl? { properties.first { $0.name == name } }
    func function(_ name: String) -> FunctionDecl? { functions.first { $0.name == name } }
}
