/// XXH64 (seed 0): a fast non-cryptographic 64-bit hash, used for file content keys, cache checksums and the
/// per-root cache directory name. Collisions are possible in principle (≈ n²/2⁶⁵ for n distinct contents: about
/// 4·10⁻¹³ for 4,000 files) and nothing here defends against adversarial inputs; it guards against accidents only.
public enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var offset = 0
        var result: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while offset + 32 <= count {
                v1 = round(v1, word(bytes, offset))
                v2 = round(v2, word(bytes, offset + 8))
                v3 = round(v3, word(bytes, offset + 16))
                v4 = round(v4, word(bytes, offset + 24))
                offset += 32
            }
            result = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            result = merge(result, v1)
            result = merge(result, v2)
            result = merge(result, v3)
            result = merge(result, v4)
        } else {
            result = seed &+ prime5
        }
        result = result &+ UInt64(count)
        while offset + 8 <= count {
            result ^= round(0, word(bytes, offset))
            result = rotate(result, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            result ^= half &* prime1
            result = rotate(result, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            result ^= UInt64(bytes[offset]) &* prime5
            result = rotate(result, 11) &* prime1
            offset += 1
        }
        result ^= result >> 33
        result = result &* prime2
        result ^= result >> 29
        result = result &* prime3
        result ^= result >> 32
        return result
    }

    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        let array = Array(bytes)
        return array.withUnsafeBytes { hash($0) }
    }

    public static func hash(_ string: String) -> UInt64 {
        var copy = string
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always) private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always) private static func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }

    @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always) private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
        (accumulator ^ round(0, value)) &* prime1 &+ prime4
    }
}

extension UInt64 {
    /// 16 lowercase hex digits.
    var paddedHex: String {
        let hex = String(self, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
