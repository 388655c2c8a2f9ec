import ArchlintModel
import Crypto
import Graphs

/// needle's options that change what it writes.
public struct NeedleCodegenOptions: Hashable, Sendable {
    /// Statements added after the sorted imports (`import Foo`; a bare module name gets `import ` in front).
    public var additionalImports: [String]
    /// The header doc's text, written first as is.
    public var headerDoc: String?
    /// File names (without `.swift`) ending with one of these are not read.
    public var excludedSuffixes: [String]
    /// Files whose path contains one of these are not read.
    public var excludedPaths: [String]
    /// needle's `--pluginized`: non-core and pluginized components, and the dependencies hash. nil: on when the
    /// app has a pluginized component.
    public var pluginized: Bool?
    /// The Swift the output is written for (`NeedleSwiftMode`); nil: needle 0.25.1's text.
    public var swiftMode: NeedleSwiftMode?

    public init(
        additionalImports: [String] = [], headerDoc: String? = nil, excludedSuffixes: [String] = [],
        excludedPaths: [String] = [], pluginized: Bool? = nil, swiftMode: NeedleSwiftMode? = nil
    ) {
        self.additionalImports = additionalImports
        self.headerDoc = headerDoc
        self.excludedSuffixes = excludedSuffixes
        self.excludedPaths = excludedPaths
        self.pluginized = pluginized
        self.swiftMode = swiftMode
    }

    /// Whether needle reads this file: a Swift file neither excluded by suffix nor by path.
    public func includes(_ path: String) -> Bool {
        guard path.hasSuffix(".swift") else { return false }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = String(fileName.dropLast(".swift".count))
        if excludedSuffixes.contains(where: { !$0.isEmpty && stem.hasSuffix($0) }) { return false }
        if excludedPaths.contains(where: { !$0.isEmpty && path.contains($0) }) { return false }
        return true
    }
}

/// What generating gave: the file's text, or the findings that stop it (as `lint` reports them).
public struct NeedleCodegenResult: Sendable {
    public var text: String?
    public var findings: [Diagnostic]
}

/// Writes the NeedleGenerated.swift of one app, as needle's generator 0.25.1 writes it for the same sources.
public enum NeedleCodegen {
    /// needle's generator version whose output this reproduces.
    public static let needleVersion = "0.25.1"

    /// - Parameters:
    ///   - workspace: the workspace restricted to the app's files (its Needle scope).
    ///   - existing: the text of the file being replaced, if any: its component order is kept (needle's order is
    ///     its file enumeration's, which depends on the file system).
    ///   - readFile: a file's bytes by relative path, for the pluginized dependencies hash.
    ///   - shared: an analysis of the same workspace (lint's) whose located types and calls are reused.
    public static func generate(
        workspace: WorkspaceModel, options: NeedleCodegenOptions, existing: String? = nil,
        readFile: (String) -> [UInt8]? = { _ in nil }, sharing shared: NeedleAnalysis? = nil
    ) -> NeedleCodegenResult {
        var scoped = workspace
        scoped.files = workspace.files.filter { options.includes($0.path) }
        let analysis = NeedleAnalysis(scoped, sharing: shared)
        let pluginized = options.pluginized ?? analysis.needleComponents.contains { $0.kind == .pluginized }
        let mode = options.swiftMode ?? .needle
        let mainActorModules = mode.isSwift6 ? NeedleSwiftMode.mainActorModules(workspace, mode: mode) : []
        var builder = NeedleGraphBuilder(
            analysis: analysis, files: scoped.files, pluginized: pluginized,
            orderHint: existing.map(componentOrder(of:)) ?? [],
            propertyOrderHint: existing.map(propertyOrder(of:)) ?? [:])
        if mode.isSwift6 { builder.defaultsToMainActor = { mainActorModules.contains($0) } }
        let serializer = NeedleSerializer(mode: mode)
        let (built, problems) = builder.build()
        guard let model = built else {
            return NeedleCodegenResult(text: nil, findings: problems.map(NeedleFindings.diagnostic))
        }

        let providers = NeedleProviders(model: model)
        var serialized: [SerializedProvider] = []
        var dynamic: [String] = []
        var findings: [Diagnostic] = []
        for index in model.nodes.indices {
            switch providers.processed(index) {
            case .success(let processed):
                serialized += serializer.providers(processed)
                if !processed.isEmpty { dynamic.append(serializer.registration(model.nodes[index])) }
            case .failure(let failure):
                findings += NeedleFindings.diagnostics(failure, node: model.nodes[index])
            }
        }
        guard findings.isEmpty else { return NeedleCodegenResult(text: nil, findings: findings) }
        for pluginizedComponent in model.pluginized {
            serialized.append(serializer.pluginExtensionProvider(
                core: model.nodes[pluginizedComponent.node], nonCore: model.nodes[pluginizedComponent.nonCore],
                pluginExtension: pluginizedComponent.pluginExtensionName,
                properties: pluginizedComponent.pluginExtensionProperties,
                isSendable: pluginizedComponent.pluginExtensionIsSendable))
        }
        for pluginizedComponent in model.pluginized {
            dynamic.append(serializer.pluginExtensionRegistration(
                core: model.nodes[pluginizedComponent.node], pluginExtension: pluginizedComponent.pluginExtensionName,
                properties: pluginizedComponent.pluginExtensionProperties))
        }
        let additional = options.additionalImports.map { statement in
            statement.hasPrefix("import ") || statement.hasPrefix("@") ? statement : "import \(statement)"
        }
        let text = serializer.output(
            providers: serialized, dynamicProviders: dynamic, imports: model.imports + additional,
            headerDoc: options.headerDoc ?? "",
            dependenciesHash: pluginized ? dependenciesHash(model.hashInputs, readFile: readFile) : nil)
        return NeedleCodegenResult(text: text, findings: [])
    }

    /// The components an existing generated file lists, in its order: the last component of each registered
    /// path, then those of its `Registration` extensions.
    public static func componentOrder(of text: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        let marker = "registerProviderFactory(\"^->"
        for line in text.split(separator: "\n") {
            guard let range = line.firstRange(of: marker) else { continue }
            let rest = line[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            if let last = rest[..<end].split(separator: ">").last.map({ String($0.hasSuffix("-") ? $0.dropLast() : $0) }),
               seen.insert(last).inserted {
                names.append(last)
            }
        }
        for line in text.split(separator: "\n") where line.hasPrefix("extension ") && line.contains("Registration {") {
            let name = line.dropFirst("extension ".count).prefix { $0 != ":" && $0 != " " }
            if seen.insert(String(name)).inserted { names.append(String(name)) }
        }
        return names
    }

    /// Each component's `localTable` entries (`name-type`) in an existing generated file, in its order: needle
    /// lists a component's extension properties in the order it met their files.
    public static func propertyOrder(of text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        let entry = "localTable[\""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("extension ") && line.contains("Registration {") {
                current = String(line.dropFirst("extension ".count).prefix { $0 != ":" && $0 != " " })
            } else if line.hasPrefix("}") {
                current = nil
            } else if let current, let start = line.firstRange(of: entry) {
                let rest = line[start.upperBound...]
                if let end = rest.firstIndex(of: "\"") { result[current, default: []].append(String(rest[..<end])) }
            }
        }
        return result
    }

    /// needle's pluginized dependencies hash: the MD5 of `name:md5(file)` lines, one per dependency protocol
    /// and component, sorted by name.
    static func dependenciesHash(_ inputs: [(name: String, path: String)], readFile: (String) -> [UInt8]?) -> String {
        var contentHashes: [String: String] = [:]
        var entries: Set<String> = []
        var lines: [(name: String, line: String)] = []
        for input in inputs {
            let hash: String
            if let known = contentHashes[input.path] {
                hash = known
            } else {
                hash = hex(Insecure.MD5.hash(data: readFile(input.path) ?? []))
                contentHashes[input.path] = hash
            }
            let line = "\(input.name):\(hash)\n"
            if entries.insert(line).inserted { lines.append((input.name, line)) }
        }
        let joined = lines.sorted { $0.name < $1.name }.map(\.line).joined()
        return hex(Insecure.MD5.hash(data: Array(joined.utf8)))
    }

    private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
