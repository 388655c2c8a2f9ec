import ArchlintModel
import SystemSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about one path, reduced to what discovery and the cache need.
struct FileStatus: Hashable, Sendable {
    enum Kind: Sendable { case directory, regular, other }

    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modificationSeconds: Int64
    var modificationNanoseconds: Int64
    var changeSeconds: Int64
    var changeNanoseconds: Int64

    /// `stat` (follows symlinks) or `lstat`; the `errno` on failure.
    static func of(_ path: String, followingSymlinks: Bool = true) -> Result<FileStatus, SystemError> {
        var info = stat()
        let status = followingSymlinks ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileStatus(info))
    }

    /// `fstatat` of `name` in an open directory (follows symlinks): no walk of the whole path again.
    static func of(_ name: String, inDirectory descriptor: Int32) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard fstatat(descriptor, name, &info, 0) == 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileStatus(info))
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFREG: kind = .regular
        default: kind = .other
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modificationSeconds = Int64(info.modificationTime.tv_sec)
        modificationNanoseconds = Int64(info.modificationTime.tv_nsec)
        changeSeconds = Int64(info.changeTime.tv_sec)
        changeNanoseconds = Int64(info.changeTime.tv_nsec)
    }

    /// The cache's cheap identity of a file version: size, inode, mtime and ctime (nanoseconds).
    var cacheKey: StatKey {
        StatKey(
            size: size, inode: inode,
            modificationSeconds: modificationSeconds, modificationNanoseconds: modificationNanoseconds,
            changeSeconds: changeSeconds, changeNanoseconds: changeNanoseconds)
    }

    /// The later of mtime and ctime, in nanoseconds since the epoch.
    var lastChangeNanoseconds: Int64 {
        max(modificationSeconds &* 1_000_000_000 &+ modificationNanoseconds,
            changeSeconds &* 1_000_000_000 &+ changeNanoseconds)
    }
}

/// See `FileStatus.cacheKey`.
struct StatKey: Hashable, Sendable {
    var size: Int64
    var inode: UInt64
    var modificationSeconds: Int64
    var modificationNanoseconds: Int64
    var changeSeconds: Int64
    var changeNanoseconds: Int64
}

/// An `errno` with its text.
struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    var code: Int32

    var description: String { String(cString: strerror(code)) }
}

/// Wall-clock time in nanoseconds since the epoch.
func currentTimeNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
}
