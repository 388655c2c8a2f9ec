import ArchlintModel
import Yams

/// A configuration problem: reported with its location and exit code 2.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): error: \(message)" }
        return "\(file): error: \(message)"
    }
}

/// Loads `.archlint.yml`, strictly.
public enum ConfigurationLoader {
    public static let fileName = ".archlint.yml"

    /// Loads `explicitPath`, else `<root>/.archlint.yml`, else the default preset.
    /// `knownRuleIDs` are the ids a `rules:` key may name.
    public static func load(root: String, explicitPath: String?, knownRuleIDs: Set<String>) throws(ConfigurationError) -> ArchlintConfiguration {
        ArchlintConfiguration()
    }
}
