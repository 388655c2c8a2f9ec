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
                Glibc_read(descriptor, buffer.baseAddress! + count, buffer.count - count)
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

    /// Replaces the file at `path` atomically (a temporary file in the same directory renamed over it), so a reader
    /// sees the old bytes or the new ones. When `path` is a symlink, its target is replaced and the link stays; an
    /// existing file keeps its permission bits (a read-only baseline stays read-only) and, where allowed, its owner.
    /// A new file gets 0666 less the umask. Refuses to replace anything but a regular file.
    public static func write(_ bytes: [UInt8], to path: String) -> Result<Void, Failure> {
        let target = resolvedTarget(path)
        var existing = stat()
        var mode: mode_t? = nil
        if stat(target, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFREG else {
                return .failure(Failure(reason: "it is \(kind(of: existing.st_mode)), not a regular file"))
            }
            mode = existing.st_mode & 0o7777
        } else if errno != ENOENT {
            return .failure(Failure(errno: errno))
        }
        let temporary = temporaryName(for: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { return .failure(Failure(errno: errno)) }
        var failure: Failure?
        if !writeAll(descriptor, bytes) {
            failure = Failure(errno: errno)
        } else if let mode {
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            if fchmod(descriptor, mode) != 0 { failure = Failure(errno: errno) }
        }
        if failure == nil && fsync(descriptor) != 0 && errno != EINVAL { failure = Failure(errno: errno) }
        if close(descriptor) != 0 && failure == nil { failure = Failure(errno: errno) }
        if failure == nil && rename(temporary, target) != 0 { failure = Failure(errno: errno) }
        if let failure {
            unlink(temporary)
            return .failure(failure)
        }
        return .success(())
    }

    /// `<path>.tmp-<pid>-<random>`: the names `removeStaleTemporaries` cleans up.
    public static func temporaryName(for path: String) -> String {
        path + temporaryMarker + "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    static let temporaryMarker = ".tmp-"

    /// Deletes temporary files (see `temporaryName`) in `directory` last changed more than `age` seconds ago: left
    /// behind by a run that was killed between writing and renaming. A live run renames its file within seconds.
    public static func removeStaleTemporaries(in directory: String, olderThan age: Int = 600) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name.contains(temporaryMarker) else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
            let modified = Int(info.st_mtimespec.tv_sec)
            #else
            let modified = Int(info.st_mtim.tv_sec)
            #endif
            if Int(now.tv_sec) - modified > age { unlink(path) }
        }
    }

    /// Where a write to `path` lands: the final target of a symlink chain (even a dangling one), else `path`.
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
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

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = Glibc_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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
private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
