import ArchlintModel

/// One checksummed blob under a key, in one cache file: `magic`, payload length and XXHash64 (fixed 8 bytes each),
/// then the key string and the blob. A file with another magic, a wrong length or checksum, or another key reads as
/// nothing, so a corrupt or foreign file is ignored and rewritten on the next save.
struct KeyedBlobFile: Sendable {
    static let headerSize = 24

    let store: CacheStore
    let magic: [UInt8]

    func load(key: String) -> [UInt8]? {
        guard let bytes = store.read() else { return nil }
        return bytes.withUnsafeBytes { buffer -> [UInt8]? in
            guard buffer.count >= Self.headerSize, Array(buffer[0..<8]) == magic else { return nil }
            var header = ByteReader(buffer, offset: 8)
            guard let length = try? header.readFixed(), let checksum = try? header.readFixed(),
                  length == UInt64(buffer.count - Self.headerSize),
                  XXHash64.hash(UnsafeRawBufferPointer(rebasing: buffer[Self.headerSize...])) == checksum
            else { return nil }
            var reader = ByteReader(buffer, offset: Self.headerSize)
            guard let stored = try? reader.readString(), stored == key,
                  let range = try? reader.readBlobRange(), range.upperBound == buffer.count
            else { return nil }
            return Array(buffer[range])
        }
    }

    @discardableResult
    func save(_ blob: [UInt8], key: String) -> Bool {
        var payload = ByteWriter(capacity: blob.count + key.utf8.count + 64)
        payload.write(key)
        payload.write(bytes: blob)
        var file = ByteWriter(capacity: payload.bytes.count + Self.headerSize)
        file.bytes.append(contentsOf: magic)
        file.write(fixed: UInt64(payload.bytes.count))
        file.write(fixed: payload.bytes.withUnsafeBytes { XXHash64.hash($0) })
        file.bytes.append(contentsOf: payload.bytes)
        return store.write(file.bytes)
    }
}
