import ArchlintModel
import Foundation
import SystemSupport
import Yams

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
    /// Configuration files larger than this are rejected before they are read.
    public static let maximumFileSize = 4 * 1024 * 1024
    /// `extends:` chains deeper than this are rejected.
    public static let maximumExtendsDepth = 64
    /// How configuration scalars are typed (YAML 1.2 core: `off` is a string), for tools that read the same
    /// YAML (the tests' YAML → JSON for the schema).
    public static var yamlResolver: Resolver { ConfigurationSource.resolver }

    /// Loads `explicitPath`, else `<root>/.archlint.yml` (or `.archlint.yaml`), else the default preset.
    /// `rules` are the rules a `rules:` key may name and the options each accepts: the rule registry's
    /// (`RuleRegistry.configurationSchemas`), so the loader never knows a rule the registry doesn't.
    ///
    /// Configuration files must lie inside `root` (or the directory of `explicitPath`), symlinks resolved:
    /// `extends:` can't read other files unless `allowOutsideRoot`, and even then errors in such files don't
    /// quote their content (a repository under review must not print, say, a token from the CI machine).
    public static func load(
        root: String, explicitPath: String?, rules: [RuleConfigurationSchema], allowOutsideRoot: Bool = false
    ) throws(ConfigurationError) -> ArchlintConfiguration {
        let path: String?
        var trusted = [root]
        if let explicitPath {
            path = explicitPath
            trusted.append((explicitPath as NSString).deletingLastPathComponent)
        } else {
            path = try discover(root: root)
        }
        var resolver = ExtendsResolver(
            parser: FragmentParser(rules: rules), trustedDirectories: trusted, allowOutsideRoot: allowOutsideRoot)
        var merged = try resolver.resolvePreset(defaultPresetName, from: nil)
        if let path {
            merged.apply(try resolver.resolveFile(path: path, from: nil, isExplicit: explicitPath != nil))
        }
        var configuration = merged.configuration
        // Diagnostics name files relative to the scanned root, like every other location.
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for index in configuration.diagnostics.indices where configuration.diagnostics[index].location.file.hasPrefix(prefix) {
            configuration.diagnostics[index].location.file.removeFirst(prefix.count)
        }
        return configuration
    }

    /// Parses configuration text (for `archlint init` round-trips, rule examples and tests). `file` is the name
    /// shown in errors; relative `extends:` paths resolve against `directory`, and must stay inside it.
    public static func load(
        text: String, file: String = fileName, directory: String? = nil, rules: [RuleConfigurationSchema],
        allowOutsideRoot: Bool = false
    ) throws(ConfigurationError) -> ArchlintConfiguration {
        var resolver = ExtendsResolver(
            parser: FragmentParser(rules: rules),
            trustedDirectories: [directory ?? FileManager.default.currentDirectoryPath], allowOutsideRoot: allowOutsideRoot)
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

/// Follows `extends:` references, detecting cycles, deep chains and files outside the repository.
struct ExtendsResolver {
    let parser: FragmentParser
    /// Directories configuration files may be read from: `FileGuard` decides what lies inside one, as it does for
    /// every read and write archlint guards.
    let trustedDirectories: [FileGuard]
    let allowOutsideRoot: Bool
    /// Identities (`preset:name` or a real absolute path) currently being resolved, outermost first.
    private var stack: [(identity: String, display: String)] = []

    init(parser: FragmentParser, trustedDirectories: [String], allowOutsideRoot: Bool) {
        self.parser = parser
        self.trustedDirectories = trustedDirectories.map { FileGuard(root: $0) }
        self.allowOutsideRoot = allowOutsideRoot
    }

    private func isTrusted(_ path: String) -> Bool {
        trustedDirectories.contains { $0.encloses(path) }
    }

    mutating func resolvePreset(_ name: String, from reference: ConfigurationFragment.Reference?) throws(ConfigurationError) -> ConfigurationFragment {
        guard let text = EmbeddedPresets.presets[name] else {
            let presets = EmbeddedPresets.presets.keys.sorted()
            let hint = Suggestion.closest(to: name, among: presets).map { "; did you mean '\($0)'?" }
                ?? "; the presets are \(presets.joined(separator: ", ")), and a path contains / or ends in .yml or .yaml"
            let message = "no preset named '\(name)'\(hint)"
            throw reference?.node.error(message) ?? ConfigurationError(file: name, message: message)
        }
        let source = ConfigurationSource(file: "Rules/\(name).yml", text: text, directory: nil, isPreset: true)
        return try resolve(source, identity: "preset:\(name)", display: name, from: reference)
    }

    /// `isExplicit`: the file named on the command line, trusted wherever it is.
    mutating func resolveFile(
        path: String, from reference: ConfigurationFragment.Reference?, isExplicit: Bool = false
    ) throws(ConfigurationError) -> ConfigurationFragment {
        func fail(_ message: String) -> ConfigurationError {
            reference?.node.error("\(message): \(path)") ?? ConfigurationError(file: path, message: message)
        }
        let identity = FileGuard.realPath(path)
        // Checked before anything else, so a file outside the repository isn't even probed for existence.
        let isOutsideRoot = !isExplicit && !isTrusted(path)
        if isOutsideRoot && !allowOutsideRoot {
            let what = reference.map { "'\($0.name)' leads to" } ?? "the configuration is a symlink to"
            let message = "\(what) a file outside the repository; keep shared configuration inside the repository, "
                + "or pass --allow-config-outside-root to read it"
            throw reference?.node.error(message) ?? ConfigurationError(file: path, message: message)
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("configuration file not found")
        }
        guard !isDirectory.boolValue else { throw fail("the configuration path is a directory, not a file") }
        // Not a FIFO or a device (`/dev/zero` would be read forever), and not huge.
        guard let attributes = try? manager.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular
        else { throw fail("the configuration path is not a regular file") }
        let limit = ConfigurationLoader.maximumFileSize
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
            throw fail("the configuration file is larger than \(limit / 1024 / 1024) MB")
        }
        guard let data = Self.read(path, upTo: limit + 1) else { throw fail("cannot read the configuration file") }
        guard data.count <= limit else { throw fail("the configuration file is larger than \(limit / 1024 / 1024) MB") }
        let text = try ConfigurationSource.decode(data, file: path, isOutsideRoot: isOutsideRoot)
        let source = ConfigurationSource(
            file: path, text: text, directory: (path as NSString).deletingLastPathComponent, isOutsideRoot: isOutsideRoot)
        return try resolve(source, identity: identity, display: path, from: reference)
    }

    /// At most `limit` bytes of the file (nonblocking, so a FIFO swapped in after the type check can't hang).
    private static func read(_ path: String, upTo limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count < limit {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, min($0.count, limit - data.count)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
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
        if stack.count >= ConfigurationLoader.maximumExtendsDepth {
            let message = "extends chain deeper than \(ConfigurationLoader.maximumExtendsDepth) at \(display ?? source.file); "
                + "extend fewer files in a row"
            throw reference?.node.error(message) ?? ConfigurationError(file: source.file, message: message)
        }
        stack.append((identity, display ?? source.file))
        defer { stack.removeLast() }
        var own = try parser.parse(source)
        // Where settings come from, for the rules that run only where the code calls for them (`RuleActivation`).
        if identity.hasPrefix("preset:") {
            own.presets = [String(identity.dropFirst("preset:".count))]
        } else {
            own.userRuleIDs = Set(own.rules.keys)
            own.featureModulesFromFile = own.featureModules != nil
            own.featureSharedFromFile = own.featureShared != nil
        }
        var merged = ConfigurationFragment()
        for entry in own.extends {
            if Self.isPath(entry.name) {
                let base = source.directory ?? FileManager.default.currentDirectoryPath
                let path = Self.lexicallyNormalized(
                    entry.name.hasPrefix("/") ? entry.name : (base as NSString).appendingPathComponent(entry.name))
                merged.apply(try resolveFile(path: path, from: entry))
            } else {
                merged.apply(try resolvePreset(entry.name, from: entry))
            }
        }
        merged.apply(own)
        return merged
    }

    /// `a/./b/../c` → `a/c`, without touching the file system (a chain of `../x/` stays short in messages).
    static func lexicallyNormalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else if component == "..", path.hasPrefix("/") && components.isEmpty {
                continue
            } else {
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// A reference is a path when it contains `/` or ends in `.yml`/`.yaml`; otherwise it names a preset.
    static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".yml") || reference.hasSuffix(".yaml")
    }
}
