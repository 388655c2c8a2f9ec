/// Little-endian, varint-based byte writing for the cache format.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func write(_ byte: UInt8) { bytes.append(byte) }

    /// A count in 4 bytes, little-endian (an unkeyed container's, patched as its elements are written).
    mutating func write(fixedCount count: Int) {
        let value = UInt32(truncatingIfNeeded: count)
        for shift in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }

    mutating func write(varint value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Zigzag-encoded, so small negative numbers stay small.
    mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func write(fixed value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            write(varint: UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Size, inode, mtime and ctime (what `ScanCache.parse` reads back).
    mutating func write(_ key: StatKey) {
        write(signed: key.size)
        write(varint: key.inode)
        write(signed: key.modificationSeconds)
        write(signed: key.modificationNanoseconds)
        write(signed: key.changeSeconds)
        write(signed: key.changeNanoseconds)
    }

    mutating func write(bytes other: some Collection<UInt8>) {
        write(varint: UInt64(other.count))
        bytes.append(contentsOf: other)
    }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked and throws `CacheFormatError` on bad data.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func readByte() throws(CacheFormatError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readVarint() throws(CacheFormatError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw .malformed }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    mutating func readSigned() throws(CacheFormatError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func readLength() throws(CacheFormatError) -> Int {
        let value = try readVarint()
        guard value <= UInt64(bytes.count - offset) else { throw .truncated }
        return Int(value)
    }

    mutating func readFixed() throws(CacheFormatError) -> UInt64 {
        guard offset + 8 <= bytes.count else { throw .truncated }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func readString() throws(CacheFormatError) -> String {
        let count = try readLength()
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    /// The range of a length-prefixed blob, skipping over it.
    mutating func readBlobRange() throws(CacheFormatError) -> Range<Int> {
        let count = try readLength()
        defer { offset += count }
        return offset..<offset + count
    }
}

enum CacheFormatError: Error, Equatable {
    case truncated
    case malformed
    case wrongMagic
    case checksumMismatch
    case staleKey
    case unsupported(String)
}
