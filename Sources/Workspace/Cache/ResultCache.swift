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
    static let headerSize = 24

    let store: CacheStore

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
        guard let bytes = store.read() else { return nil }
        return bytes.withUnsafeBytes { buffer -> [UInt8]? in
            guard buffer.count >= Self.headerSize, Array(buffer[0..<8]) == Self.magic else { return nil }
            var header = ByteReader(buffer, offset: 8)
            guard let length = try? header.readFixed(), let checksum = try? header.readFixed(),
                  length == UInt64(buffer.count - Self.headerSize),
                  XXHash64.hash(UnsafeRawBufferPointer(rebasing: buffer[Self.headerSize...])) == checksum
            else { return nil }
            var reader = ByteReader(buffer, offset: Self.headerSize)
            guard let key = try? reader.readString(), key == Self.key(fingerprint, salt),
                  let range = try? reader.readBlobRange(), range.upperBound == buffer.count
            else { return nil }
            return Array(buffer[range])
        }
    }

    @discardableResult
    public func save(_ result: [UInt8], fingerprint: TreeFingerprint, salt: String) -> Bool {
        var payload = ByteWriter(capacity: result.count + salt.utf8.count + 64)
        payload.write(Self.key(fingerprint, salt))
        payload.write(bytes: result)
        var file = ByteWriter(capacity: payload.bytes.count + Self.headerSize)
        file.bytes.append(contentsOf: Self.magic)
        file.write(fixed: UInt64(payload.bytes.count))
        file.write(fixed: payload.bytes.withUnsafeBytes { XXHash64.hash($0) })
        file.bytes.append(contentsOf: payload.bytes)
        return store.write(file.bytes)
    }

    static func key(_ fingerprint: TreeFingerprint, _ salt: String) -> String {
        "\(fingerprint)|\(salt)"
    }
}
