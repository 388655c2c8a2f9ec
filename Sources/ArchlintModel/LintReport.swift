/// The result of one `archlint lint` run: what every reporter formats.
public struct LintReport: Codable, Hashable, Sendable {
    public struct Summary: Codable, Hashable, Sendable {
        public var files: Int
        public var modules: Int
        public var components: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int

        public init(files: Int, modules: Int, components: Int, errors: Int, warnings: Int, notes: Int) {
            self.files = files
            self.modules = modules
            self.components = components
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
        }
    }

    public var tool: String
    public var version: String
    /// The root as given on the command line.
    public var root: String
    public var summary: Summary
    /// Sorted by `Diagnostic.stableOrder`.
    public var diagnostics: [Diagnostic]

    public init(tool: String = "archlint", version: String = ArchlintVersion.current, root: String, summary: Summary, diagnostics: [Diagnostic]) {
        self.tool = tool
        self.version = version
        self.root = root
        self.summary = summary
        self.diagnostics = diagnostics
    }
}

public enum ArchlintVersion {
    public static let current = "0.1.0"
}
