#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and replacing files that must be regular files (caches, baselines, reports), with the reason in words
/// when they aren't: a FIFO would block a plain `open` forever, `/dev/zero` would be read until memory runs out.
public enum RegularFile {
    /// Why a file couldn't be read or written, as a phrase: "it is a FIFO, not a regular file",
    /// "no such file or directory", "permission denied".
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        /// The `errno`, when a system call failed.
        public var code: Int32?

        public init(reason: String, code: Int32? = nil) {
            self.reason = reason
            self.code = code
        }

        public init(errno code: Int32) {
            self.init(reason: RegularFile.describe(errno: code), code: code)
        }

        public var description: String { reason }

        public var isMissing: Bool { code == ENOENT }
    }

    /// The whole file, when it is a regular file of at most `limit` bytes. Never blocks on a FIFO and never reads
    /// a device. Without `followSymlinks` a symlink is refused (a cache planted as a link to `/dev/zero`, say).
    public static func read(_ path: String, limit: Int, followSymlinks: Bool = true) -> Result<[UInt8], Failure> {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if !followSymlinks { flags |= O_NOFOLLOW }
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP && !followSymlinks { return .failure(Failure(reason: "it is a symlink, not a regular file", code: code)) }
            return .failure(Failure(errno: code))
        }
        defer { close(descriptor) }
        return read(descriptor: descriptor, limit: limit)
    }

    /// The whole of an open file from its start, when it is a regular file of at most `limit` bytes.
    public static func read(descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(reason: "it is \(kind(of: info.st_mode)), not a regular file"))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(Failure(reason: "it is \(byteCount(Int(info.st_size))), more than the \(byteCount(limit)) archlint reads"))
        }
        // Read one byte past the limit: a file growing while read is still bounded.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else {
                    return .failure(Failure(reason: "it grew past the \(byteCount(limit)) archlint reads while being read"))
                }
                let grown = min(bytes.count * 2 + 4096, limit + 1)
                bytes.append(contentsOf: repeatElement(0, count: grown - bytes.count))
            }
            let result = bytes.withUnsafeMutableBytes { buffer in
                posixPread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(count))
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(errno: errno))
            }
            if result == 0 { break }
            count += result
        }
        guard count <= limit else {
            return .failure(Failure(reason: "it grew past the \(byteCount(limit)) archlint reads while being read"))
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// "a FIFO", "a directory", … for a `st_mode`.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symlink"
        default: "not a regular file"
        }
    }

    /// `strerror` in lower case ("permission denied"), for use after a colon.
    public static func describe(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func byteCount(_ value: Int) -> String {
        value >= 1 << 20 ? "\(value >> 20) MiB" : "\(value) bytes"
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
    }
}

// The system calls, named apart from the functions above.
private func posixPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, buffer, count, offset)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
