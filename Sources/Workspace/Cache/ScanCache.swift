import ArchlintModel
import Manifests
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One file's row in the cache: the stat key it had when its content hash was taken.
struct CachedFileEntry: Hashable, Sendable {
    var statKey: StatKey
    /// The file changed within `ScanCache.racyWindowNanoseconds` of being read, so a same-tick edit could hide
    /// behind an unchanged stat key: the next run must verify its content hash instead of trusting the stat key.
    var isRacy: Bool
    var contentHash: UInt64
}

/// A reading for the next cache: its key, its encoded bytes, and whether they came from the loaded cache.
struct CachedReading: Sendable {
    var key: UInt64
    var encoded: ArraySlice<UInt8>
    var fromCache: Bool
}

/// The persistent scan cache, as loaded from disk. Immutable and safe to read from many threads.
///
/// File layout (all integers little-endian):
/// ```
/// magic "ALCACHE1" | payload length (u64) | XXH64 of payload (u64) | payload
/// payload: key string
///          file rows:     count, then (path, size, inode, mtime s/ns, ctime s/ns, racy, content hash)
///          facts blobs:   count, then (content hash, length-prefixed `FileReading`)
///          reading blobs: count, then (key, length-prefixed reading): a manifest's `ManifestFacts` by content
///                         key, a project reader's `ProjectReading` by job key
/// ```
/// Anything that doesn't check out (magic, length, checksum, key, structure) discards the whole file.
final class ScanCache: Sendable {
    static let magic: [UInt8] = Array("ALCACHE1".utf8)
    static let headerSize = 24
    /// A file whose mtime/ctime is this close to the moment it was scanned is "racy" (see `CachedFileEntry`).
    /// Two seconds covers coarse file-system timestamps (ext4 jiffies, FAT's 2 s, HFS+'s 1 s).
    static let racyWindowNanoseconds: Int64 = 2_000_000_000

    /// Where a blob lives: which of `buffers`, and its byte range there.
    struct BlobReference: Sendable {
        var buffer: Int
        var range: Range<Int>
    }

    /// The loaded file, then (for a base with a delta) the delta file.
    let buffers: [[UInt8]]
    let files: [String: CachedFileEntry]
    let facts: [UInt64: BlobReference]
    /// What a reader made of a manifest or project: `ManifestLoading.cacheKey`, `ProjectLoading.Job.cacheKey`.
    let readings: [UInt64: BlobReference]
    /// XXH64 of the payload of the file this cache was read from (of the base, for a merged cache): a delta names
    /// the base it extends by it.
    let checksum: UInt64
    /// For a base merged with a delta: the base alone (what a new delta is computed against).
    let base: ScanCache?

    static let empty = ScanCache(buffers: [], files: [:], facts: [:], readings: [:], checksum: 0, base: nil)

    private init(
        buffers: [[UInt8]], files: [String: CachedFileEntry], facts: [UInt64: BlobReference],
        readings: [UInt64: BlobReference], checksum: UInt64, base: ScanCache?
    ) {
        self.buffers = buffers
        self.files = files
        self.facts = facts
        self.readings = readings
        self.checksum = checksum
        self.base = base
    }

    /// Parses and verifies `bytes`; throws when they are not a complete cache written under `key`.
    convenience init(bytes: [UInt8], expectedKey: String) throws(CacheFormatError) {
        let parsed = try bytes.withUnsafeBytes { buffer in
            Result { () throws(CacheFormatError) in try Self.parse(buffer, expectedKey: expectedKey) }
        }.get()
        self.init(
            buffers: [bytes], files: parsed.files, facts: parsed.facts.mapValues { BlobReference(buffer: 0, range: $0) },
            readings: parsed.readings.mapValues { BlobReference(buffer: 0, range: $0) }, checksum: parsed.checksum,
            base: nil)
    }

    /// The key a delta over the base with this checksum is written under.
    static func deltaKey(_ key: String, baseChecksum: UInt64) -> String {
        key + "|delta of " + baseChecksum.paddedHex
    }

    /// `base` with `delta`'s rows and blobs laid over it (the delta wins).
    convenience init(base: ScanCache, delta: ScanCache) {
        precondition(base.buffers.count == 1 && delta.buffers.count == 1)
        self.init(
            buffers: base.buffers + delta.buffers,
            files: base.files.merging(delta.files) { _, new in new },
            facts: base.facts.merging(delta.facts.mapValues { BlobReference(buffer: 1, range: $0.range) }) { _, new in new },
            readings: base.readings.merging(delta.readings.mapValues { BlobReference(buffer: 1, range: $0.range) }) { _, new in new },
            checksum: base.checksum, base: base)
    }

    private static func parse(
        _ buffer: UnsafeRawBufferPointer, expectedKey: String
    ) throws(CacheFormatError) -> (
        files: [String: CachedFileEntry], facts: [UInt64: Range<Int>], readings: [UInt64: Range<Int>], checksum: UInt64
    ) {
        guard buffer.count >= headerSize else { throw .truncated }
        guard Array(buffer[0..<8]) == magic else { throw .wrongMagic }
        var header = ByteReader(buffer, offset: 8)
        let length = try header.readFixed()
        let checksum = try header.readFixed()
        guard length == UInt64(buffer.count - headerSize) else { throw .truncated }
        let payload = UnsafeRawBufferPointer(rebasing: buffer[headerSize...])
        guard XXHash64.hash(payload) == checksum else { throw .checksumMismatch }

        var reader = ByteReader(buffer, offset: headerSize)
        guard try reader.readString() == expectedKey else { throw .staleKey }
        var files: [String: CachedFileEntry] = [:]
        let fileCount = try reader.readLength()
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let path = try reader.readString()
            let statKey = StatKey(
                size: try reader.readSigned(), inode: try reader.readVarint(),
                modificationSeconds: try reader.readSigned(), modificationNanoseconds: try reader.readSigned(),
                changeSeconds: try reader.readSigned(), changeNanoseconds: try reader.readSigned())
            let isRacy = try reader.readByte() != 0
            files[path] = CachedFileEntry(statKey: statKey, isRacy: isRacy, contentHash: try reader.readFixed())
        }
        var facts: [UInt64: Range<Int>] = [:]
        let factsCount = try reader.readLength()
        facts.reserveCapacity(factsCount)
        for _ in 0..<factsCount {
            let hash = try reader.readFixed()
            facts[hash] = try reader.readBlobRange()
        }
        var readings: [UInt64: Range<Int>] = [:]
        for _ in 0..<(try reader.readLength()) {
            let key = try reader.readFixed()
            readings[key] = try reader.readBlobRange()
        }
        guard reader.isAtEnd else { throw .malformed }
        return (files, facts, readings, checksum)
    }

    func factsBlob(_ contentHash: UInt64) -> ArraySlice<UInt8>? {
        facts[contentHash].map { buffers[$0.buffer][$0.range] }
    }

    func readingBlob(_ key: UInt64) -> ArraySlice<UInt8>? {
        readings[key].map { buffers[$0.buffer][$0.range] }
    }

    /// The cached reading of this content, with `path` set; nil when absent or undecodable.
    func fileReading(contentHash: UInt64, path: String) -> FileReading? {
        guard let blob = factsBlob(contentHash) else { return nil }
        var reading = blob.withUnsafeBytes { try? CompactBinaryCoder.decode(FileReading.self, from: $0) }
        reading?.facts.path = path
        return reading
    }

    func manifestFacts(key: UInt64, path: String) -> ManifestFacts? {
        reading(ManifestFacts.self, key: key)?.relocated(to: path)
    }

    /// The reading stored under `key`; nil when absent or undecodable.
    func reading<Reading: Decodable>(_ type: Reading.Type, key: UInt64) -> Reading? {
        guard let blob = readingBlob(key) else { return nil }
        return blob.withUnsafeBytes { try? CompactBinaryCoder.decode(type, from: $0) }
    }

    // MARK: Writing

    struct FileRow {
        var path: String
        var entry: CachedFileEntry
    }

    /// Serialises a complete cache file.
    static func serialize(
        key: String, files: [FileRow], facts: [(UInt64, ArraySlice<UInt8>)], readings: [(UInt64, ArraySlice<UInt8>)]
    ) -> [UInt8] {
        var payload = ByteWriter(capacity: facts.reduce(4096) { $0 + $1.1.count + 16 } + files.count * 64)
        payload.write(key)
        payload.write(varint: UInt64(files.count))
        for row in files {
            payload.write(row.path)
            payload.write(row.entry.statKey)
            payload.write(row.entry.isRacy ? 1 : 0)
            payload.write(fixed: row.entry.contentHash)
        }
        payload.write(varint: UInt64(facts.count))
        for (hash, blob) in facts {
            payload.write(fixed: hash)
            payload.write(bytes: blob)
        }
        payload.write(varint: UInt64(readings.count))
        for (key, blob) in readings {
            payload.write(fixed: key)
            payload.write(bytes: blob)
        }
        var file = ByteWriter(capacity: payload.bytes.count + headerSize)
        file.bytes.append(contentsOf: magic)
        file.write(fixed: UInt64(payload.bytes.count))
        file.write(fixed: payload.bytes.withUnsafeBytes { XXHash64.hash($0) })
        file.bytes.append(contentsOf: payload.bytes)
        return file.bytes
    }
}
