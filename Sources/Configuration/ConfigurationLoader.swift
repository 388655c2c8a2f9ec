import ArchlintModel
import Foundation

/// Loads `.archlint.yml`, strictly, and resolves its `extends:` chain.
///
/// Every configuration starts from the built-in `default` preset; then each `extends:` entry is applied in order
/// (recursively), then the file's own keys. Later settings win: `exclude` concatenates, `modules`, `layers`,
/// `features.modules` and `features.interfaces` replace, `rules` merge per id (a rule's options merge per name).
public enum ConfigurationLoader {
    public static let fileName = ".archlint.yml"
    /// Also accepted at the root when `.archlint.yml` is absent.
    public static let alternateFileName = ".archlint.yaml"
    public static let defaultPresetName = "default"

    /// Loads `explicitPath`, else `<root>/.archlint.yml` (or `.archlint.yaml`), else the default preset.
    /// `knownRuleIDs` are the ids a `rules:` key may name (besides the documented ones in `RuleCatalog`).
    public static func load(root: String, explicitPath: String?, knownRuleIDs: Set<String>) throws(ConfigurationError) -> ArchlintConfiguration {
        let path: String?
        if let explicitPath {
            path = explicitPath
        } else {
            path = try discover(root: root)
        }
        var resolver = ExtendsResolver(parser: FragmentParser(ruleIDs: knownRuleIDs))
        var merged = try resolver.resolvePreset(defaultPresetName, from: nil)
        if let path {
            merged.apply(try resolver.resolveFile(path: path, from: nil))
        }
        return merged.configuration
    }

    /// Parses configuration text (for `archlint init` round-trips, rule examples and tests). `file` is the name
    /// shown in errors; relative `extends:` paths resolve against `directory`.
    public static func load(text: String, file: String = fileName, directory: String? = nil, knownRuleIDs: Set<String>) throws(ConfigurationError) -> ArchlintConfiguration {
        var resolver = ExtendsResolver(parser: FragmentParser(ruleIDs: knownRuleIDs))
        var merged = try resolver.resolvePreset(defaultPresetName, from: nil)
        let source = ConfigurationSource(file: file, text: text, directory: directory)
        merged.apply(try resolver.resolve(source, identity: "text:\(file)"))
        return merged.configuration
    }

    /// The configuration file at `root`, if any.
    static func discover(root: String) throws(ConfigurationError) -> String? {
        let manager = FileManager.default
        let candidates = [fileName, alternateFileName].map { (root as NSString).appendingPathComponent($0) }
        let existing = candidates.filter { manager.fileExists(atPath: $0) }
        if existing.count > 1 {
            throw ConfigurationError(file: existing[1], message: "both \(fileName) and \(alternateFileName) exist; keep one")
        }
        return existing.first
    }
}

/// Follows `extends:` references, detecting cycles.
struct ExtendsResolver {
    let parser: FragmentParser
    /// Identities (`preset:name` or a standardized absolute path) currently being resolved, outermost first.
    private var stack: [(identity: String, display: String)] = []

    init(parser: FragmentParser) {
        self.parser = parser
    }

    mutating func resolvePreset(_ name: String, from reference: ConfigurationFragment.Reference?) throws(ConfigurationError) -> ConfigurationFragment {
        guard let text = EmbeddedPresets.presets[name] else {
            let presets = EmbeddedPresets.presets.keys.sorted()
            let hint = Suggestion.closest(to: name, among: presets).map { "; did you mean '\($0)'?" }
                ?? "; the presets are \(presets.joined(separator: ", ")), and a path contains / or ends in .yml or .yaml"
            let message = "no preset named '\(name)'\(hint)"
            throw reference?.node.error(message) ?? ConfigurationError(file: name, message: message)
        }
        let source = ConfigurationSource(file: "Rules/\(name).yml", text: text, directory: nil)
        return try resolve(source, identity: "preset:\(name)", display: name, from: reference)
    }

    mutating func resolveFile(path: String, from reference: ConfigurationFragment.Reference?) throws(ConfigurationError) -> ConfigurationFragment {
        func fail(_ message: String) -> ConfigurationError {
            reference?.node.error("\(message): \(path)") ?? ConfigurationError(file: path, message: message)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("configuration file not found")
        }
        guard !isDirectory.boolValue else { throw fail("the configuration path is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the configuration file") }
        let text = try ConfigurationSource.decode(data, file: path)
        let source = ConfigurationSource(file: path, text: text, directory: (path as NSString).deletingLastPathComponent)
        let identity = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return try resolve(source, identity: identity, display: path, from: reference)
    }

    /// Parses `source`, then applies its `extends:` entries in order and its own keys last.
    mutating func resolve(
        _ source: ConfigurationSource, identity: String, display: String? = nil,
        from reference: ConfigurationFragment.Reference? = nil
    ) throws(ConfigurationError) -> ConfigurationFragment {
        if stack.contains(where: { $0.identity == identity }) {
            let start = stack.firstIndex { $0.identity == identity }!
            let cycle = (stack[start...].map(\.display) + [display ?? source.file]).joined(separator: " → ")
            let message = "extends cycle: \(cycle); remove one of these extends"
            throw reference?.node.error(message) ?? ConfigurationError(file: source.file, message: message)
        }
        stack.append((identity, display ?? source.file))
        defer { stack.removeLast() }
        let own = try parser.parse(source)
        var merged = ConfigurationFragment()
        for entry in own.extends {
            if Self.isPath(entry.name) {
                let base = source.directory ?? FileManager.default.currentDirectoryPath
                let path = entry.name.hasPrefix("/") ? entry.name : (base as NSString).appendingPathComponent(entry.name)
                merged.apply(try resolveFile(path: path, from: entry))
            } else {
                merged.apply(try resolvePreset(entry.name, from: entry))
            }
        }
        merged.apply(own)
        return merged
    }

    /// A reference is a path when it contains `/` or ends in `.yml`/`.yaml`; otherwise it names a preset.
    static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".yml") || reference.hasSuffix(".yaml")
    }
}
