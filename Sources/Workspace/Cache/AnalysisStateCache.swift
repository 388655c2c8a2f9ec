import ArchlintModel

/// The incremental analysis state of the last run (graphs and rule outputs with the digests of their inputs), stored
/// next to the scan cache as `analysis.state`. Keyed by the archlint build and the caller's salt (the whole
/// configuration), checksummed like the other cache files: a corrupt, foreign or mismatched file reads as nothing,
/// and the next run rebuilds it from scratch.
public struct AnalysisStateCache: Sendable {
    static let fileName = "analysis.state"
    static let magic: [UInt8] = Array("ALSTATE1".utf8)
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

    func key(_ salt: String) -> String {
        "analysis-state \(CacheKey.formatVersion)|build \(CacheKey.buildFingerprint)|\(salt)"
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

/// A digest of values as the cache coder encodes them, added one by one (every file's imports, say, without
/// collecting them first). Every stored field counts, so no field list is written by hand. A value the coder can't
/// encode adds a fresh random number instead: the digest then matches no other run's, and nothing is reused.
public struct DigestWriter {
    private let state = BinaryEncodingState()

    public init() {}

    public mutating func add<Value: Encodable>(_ value: Value) {
        do {
            try state.encode(value)
        } catch {
            state.writer.write(fixed: UInt64.random(in: .min ... .max))
        }
    }

    /// A presence byte, then the string (the coder encodes no `nil` outside a keyed container).
    public mutating func add(_ string: String?) {
        guard let string else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(string)
    }

    public var digest: UInt64 { state.writer.bytes.withUnsafeBytes { XXHash64.hash($0) } }
}
