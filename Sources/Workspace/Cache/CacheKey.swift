import ArchlintModel
import Foundation

/// Everything cached values depend on besides file content. A cache written under a different key is discarded.
enum CacheKey {
    /// Bump when the scanner's output changes meaning without a model change (e.g. a new normalisation).
    static let scannerSchemaVersion = 3

    static func make(configuration: ArchlintConfiguration, options: ScanOptions) -> String {
        make(configuration: configuration, manifestMode: options.manifestMode)
            + (options.followExternalSymlinks ? "|follow-external-symlinks" : "")
            + (options.demand.isEverything ? "" : "|demand \(XXHash64.hash(options.demand.description).paddedHex)")
            + (options.pathCase.map { "|path case \($0)" } ?? "")  // a volume's own answer never changes
    }

    static func make(configuration: ArchlintConfiguration, manifestMode: ManifestMode) -> String {
        [
            "archlint \(ArchlintVersion.current)",
            "scanner-schema \(scannerSchemaVersion)",
            "model \(SchemaSignature.current)",
            "build \(buildFingerprint)",
            "config \(configurationFingerprint(configuration, manifestMode: manifestMode))",
        ].joined(separator: "|")
    }

    /// The parts of the configuration the Workspace stage reads (`exclude`, `modules`, `tuist`) plus the manifest
    /// mode.
    /// File facts don't depend on them today; including them is deliberately conservative, so a future
    /// config-dependent scanner option can never serve stale facts.
    static func configurationFingerprint(_ configuration: ArchlintConfiguration, manifestMode: ManifestMode) -> String {
        struct Relevant: Encodable {
            var exclude: [String]
            var modules: [ModuleMapping]
            var tuist: TuistConfiguration
            var manifestMode: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let relevant = Relevant(
            exclude: configuration.exclude, modules: configuration.modules, tuist: configuration.tuist,
            manifestMode: manifestMode.rawValue)
        guard let data = try? encoder.encode(relevant) else { return "unencodable" }
        return XXHash64.hash(data).paddedHex
    }

    /// Size and mtime of the running executable: a rebuilt archlint (same version string, new scanner code)
    /// never trusts facts cached by an older build.
    static let buildFingerprint: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard case .success(let status) = FileStatus.of(path) else { return "unknown" }
        return "\(status.size)-\(status.modificationSeconds).\(status.modificationNanoseconds)"
    }()
}

/// A fingerprint of the coded shape of `FileFacts` and `ManifestFacts`: the sequence of coding keys a fully
/// populated sample visits. Adding, removing or reordering a stored property changes it.
enum SchemaSignature {
    static let current: String = {
        let file = (try? CompactBinaryCoder.keyTrace(of: sampleFileFacts)) ?? ["unencodable"]
        let manifest = (try? CompactBinaryCoder.keyTrace(of: sampleManifestFacts)) ?? ["unencodable"]
        return XXHash64.hash((file + ["|"] + manifest).joined(separator: ",")).paddedHex
    }()

    static let sampleFileFacts = FileFacts(
        path: "a.swift",
        imports: [ImportDecl(module: "M", kind: "struct", attributes: ["testable"], accessLevel: "public", condition: "DEBUG", line: 1, column: 1)],
        types: [TypeDecl(
            kind: .class, name: "T", inheritance: ["P"], accessLevel: "public", attributes: ["MainActor"], isNonisolated: true,
            condition: "X", line: 1, column: 1,
            properties: [PropertyDecl(
                name: "p", type: "Int", inferredType: "Int", accessLevel: "public", attributes: ["MainActor"], condition: "X",
                line: 1, column: 1)],
            functions: [FunctionDecl(
                name: "f", parameters: [ParameterDecl(label: "l", name: "n", type: "Int", line: 1, column: 1)],
                returnType: "Int", locals: [LocalVariable(name: "v", type: "Int", inferredType: "Int", line: 1, column: 1)],
                accessLevel: "public", condition: "X", line: 1, column: 1)],
            memberAccesses: [MemberAccess(base: "b", member: "m", isCall: true, function: "f", line: 1, column: 1)])],
        calls: [CallFact(
            callee: "C", arguments: [CallArgument(label: "parent", value: "self")], contextType: "C", enclosingType: "T",
            enclosingMember: "f", condition: "X", line: 1, column: 1)],
        suppressions: [SuppressionComment(kind: .next, rules: ["r"], reason: "why", line: 1, column: 1)],
        problems: [FileProblem(message: "m", line: 1, column: 1, kind: .malformedSuppression)],
        isNeedleGenerated: true, generatedText: "// generated",
        memberNames: MemberNames(declaredInExtensions: ["d"], staticDeclaredInExtensions: ["s"], used: ["u"], usedOnTypes: ["t"]))

    static let sampleManifestFacts = ManifestFacts(
        path: "Package.swift", packageName: "P",
        products: [ProductDecl(name: "P", kind: .library, targets: ["T"], condition: "c", line: 1, column: 1)],
        dependencies: [PackageDependencyDecl(
            kind: .url, location: "u", identity: "i", requirement: "r", condition: "c", line: 1, column: 1)],
        targets: [TargetDecl(
            name: "T", kind: .regular,
            dependencies: [TargetDependencyDecl(kind: .product, name: "D", package: "p", condition: "c", line: 1, column: 1)],
            path: "p", exclude: ["e"], sources: ["s"], condition: "c", line: 1, column: 1, swiftSettings: sampleSettings)],
        unresolved: [ProjectIssue(file: "f", message: "m", line: 1, column: 1)],
        suppressions: [SuppressionComment(kind: .next, rules: ["r"], reason: "why", line: 1, column: 1)],
        suppressionProblems: [FileProblem(message: "m", line: 1, column: 1, kind: .malformedSuppression)],
        swiftSettings: sampleSettings)

    static let sampleSettings = SwiftLanguageSettings(
        languageMode: 6, defaultIsolation: "MainActor", strictConcurrency: "complete", source: "s", unread: "u")
}
