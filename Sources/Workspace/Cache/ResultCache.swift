import ArchlintModel

/// A derived result of one analysis (what `lint` reports, say) stored next to the scan cache, valid only for the
/// exact tree it was computed from. A run whose `TreeFingerprint` and salt (the caller's own key: its config and
/// options) match reuses the result without decoding any facts.
///
/// File layout: magic "ALRESLT1" | payload length (u64) | XXH64 of payload (u64) | payload, where the payload is
/// the key string (fingerprint + salt) followed by the length-prefixed result bytes. Anything that doesn't check
/// out is a miss; writes are atomic renames, like the scan cache's.
public struct ResultCache: Sendable {
    static let fileName = "lint-result.cache"
    static let magic: [UInt8] = Array("ALRESLT1".utf8)

    let store: CacheStore
    private var file: KeyedBlobFile { KeyedBlobFile(store: store, magic: Self.magic) }

    /// nil when caching is disabled or no cache directory can be determined. Another command's results go in a
    /// file of their own (`fileName`), beside the lint result.
    public init?(options: ScanOptions, root: String, fileName: String = "lint-result.cache") {
        guard options.useCache,
              let store = CacheStore(
                baseDirectory: options.cacheDirectory, absoluteRoot: WorkspaceScanner.absolutePath(root.isEmpty ? "." : root),
                fileName: fileName)
        else { return nil }
        self.store = store
    }

    public var filePath: String { store.filePath }

    /// The stored bytes when they were saved under exactly this fingerprint and salt.
    public func load(fingerprint: TreeFingerprint, salt: String) -> [UInt8]? {
        file.load(key: Self.key(fingerprint, salt))
    }

    @discardableResult
    public func save(_ result: [UInt8], fingerprint: TreeFingerprint, salt: String) -> Bool {
        file.save(result, key: Self.key(fingerprint, salt))
    }

    static func key(_ fingerprint: TreeFingerprint, _ salt: String) -> String {
        "\(fingerprint)|\(salt)"
    }
}
