import ArchlintModel
import Foundation
import Rules
import Testing

@testable import Configuration

/// A temporary directory holding configuration files; removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("archlint-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        try write(relativePath, Data(text.utf8))
    }

    @discardableResult
    func write(_ relativePath: String, _ data: Data) throws -> String {
        let full = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
        return full
    }
}

/// The rules a real binary knows, with the options each accepts.
let ruleSchemas: [RuleConfigurationSchema] = RuleRegistry.configurationSchemas

func loadText(_ yaml: String) throws(ConfigurationError) -> ArchlintConfiguration {
    try ConfigurationLoader.load(text: yaml, file: ".archlint.yml", rules: ruleSchemas)
}

/// The error loading `yaml` gives, or nil (then the test records an issue).
func loadError(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ConfigurationError? {
    do {
        _ = try loadText(yaml)
        Issue.record("expected a configuration error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The repository root (for Rules/).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
