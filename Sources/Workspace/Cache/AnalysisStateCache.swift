import ArchlintModel

/// The incremental analysis state of the last run (graphs and rule outputs with the digests of their inputs), stored
/// next to the scan cache as `analysis.state`. Keyed by the archlint build and the caller's salt (the whole
/// configuration), checksummed like the other cache files: a corrupt, foreign or mismatched file reads as nothing,
/// and the next run rebuilds it from scratch.
public struct AnalysisStateCache: Sendable {
    static let fileName = "analysis.state"
    static let magic: [UInt8] = Array("ALSTATE1".utf8)
    /// Bump when what the state holds, or how its digests are computed, changes.
    static let formatVersion = 2

    let store: CacheStore
    private var file: KeyedBlobFile { KeyedBlobFile(store: store, magic: Self.magic) }

    /// nil when caching is disabled or no cache directory can be determined.
    public init?(options: ScanOptions, root: String) {
        guard options.useCache,
              let store = CacheStore(
                baseDirectory: options.cacheDirectory, absoluteRoot: WorkspaceScanner.absolutePath(root.isEmpty ? "." : root),
                fileName: Self.fileName)
        else { return nil }
        self.store = store
    }

    public var filePath: String { store.filePath }

    /// The stored state, decoded, when it was saved by this build under this salt; nil otherwise (never throws).
    public func load<State: Decodable>(_ type: State.Type, salt: String) -> State? {
        guard let bytes = file.load(key: key(salt)) else { return nil }
        return try? bytes.withUnsafeBytes { try CompactBinaryCoder.decode(State.self, from: $0) }
    }

    @discardableResult
    public func save<State: Encodable>(_ state: State, salt: String) -> Bool {
        guard let bytes = try? CompactBinaryCoder.encode(state) else { return false }
        return file.save(bytes, key: key(salt))
    }

    private func key(_ salt: String) -> String {
        "analysis-state \(Self.formatVersion)|model \(SchemaSignature.current)|build \(CacheKey.buildFingerprint)|\(salt)"
    }
}

/// A digest of a value's cache encoding: equal values give equal digests within one build. A value the compact
/// coder can't encode has no digest (nil), so whatever depends on it is recomputed.
public enum StableDigest {
    public static func of<T: Encodable>(_ value: T) -> UInt64? {
        guard let bytes = try? CompactBinaryCoder.encode(value) else { return nil }
        return bytes.withUnsafeBytes { XXHash64.hash($0) }
    }

    /// One digest of several, in order.
    public static func combine(_ digests: [UInt64]) -> UInt64 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digests.count * 8)
        for digest in digests { withUnsafeBytes(of: digest.littleEndian) { bytes.append(contentsOf: $0) } }
        return bytes.withUnsafeBytes { XXHash64.hash($0) }
    }
}

/// A digest built field by field, for inputs too large to digest through `Codable` cheaply (every file's imports,
/// every module edge's locations). Strings are length-prefixed and optionals carry a presence byte, so different
/// values never write the same bytes. Whoever feeds it must feed every stored field of what it digests.
public struct DigestWriter {
    private var writer = ByteWriter(capacity: 1 << 16)

    public init() {}

    public mutating func add(_ string: String) { writer.write(string) }

    public mutating func add(_ string: String?) {
        guard let string else { return writer.write(0) }
        writer.write(1)
        writer.write(string)
    }

    public mutating func add(_ value: Int) { writer.write(signed: Int64(value)) }

    public mutating func add(_ value: Bool) { writer.write(value ? 1 : 0) }

    public mutating func add(_ strings: [String]) {
        add(strings.count)
        for string in strings { add(string) }
    }

    /// Every stored field of an import, its position included.
    public mutating func add(_ declaration: ImportDecl) {
        if FileFactsCodec.isExact {
            FileFactsCodec.write(declaration, to: &writer)
        } else {
            add(StableDigest.of(declaration).map { String($0, radix: 16) })
        }
    }

    /// Every stored field of a type declaration, members and positions included (as the scan cache stores it).
    public mutating func add(_ decl: TypeDecl) {
        if FileFactsCodec.isExact {
            FileFactsCodec.write(decl, to: &writer)
        } else {
            add(StableDigest.of(decl).map { String($0, radix: 16) })
        }
    }

    /// Every stored field of a call, its position included.
    public mutating func add(_ call: CallFact) {
        if FileFactsCodec.isExact {
            FileFactsCodec.write(call, to: &writer)
        } else {
            add(StableDigest.of(call).map { String($0, radix: 16) })
        }
    }

    public var digest: UInt64 { writer.bytes.withUnsafeBytes { XXHash64.hash($0) } }
}
