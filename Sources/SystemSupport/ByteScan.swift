#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding one byte in a large buffer with `memchr`: a project file of tens of megabytes is scanned at memory
/// speed in every build (a generic `firstIndex(of:)` costs seconds on 30 MB in a debug build).
public enum ByteScan {
    /// The index of the first `byte` in `bytes` at or after `start`.
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress,
                  let found = memchr(base + start, Int32(byte), buffer.count - start)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }
}
