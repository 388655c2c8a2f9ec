import ArchlintModel
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the cache for one root lives, and reading/writing it safely.
struct CacheStore: Sendable {
    static let fileName = "scan.cache"

    /// `scan.cache` for every demand but `.everything` (whose scans `graph` and `metrics` run), which keeps its
    /// own `scan-full.cache`: running one command never throws away the other's cache.
    static func fileName(for demand: ScanDemand) -> String {
        demand.isEverything ? "scan-full.cache" : fileName
    }

    /// `<base>/<XXH64 of the root's absolute real path>/scan.cache`.
    let filePath: String

    /// nil when no base directory can be determined (no override, no `XDG_CACHE_HOME`, no `HOME`).
    init?(
        baseDirectory override: String?, absoluteRoot: String, fileName: String = Self.fileName,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard let base = override ?? Self.defaultBaseDirectory(environment) else { return nil }
        filePath = base + "/" + XXHash64.hash(absoluteRoot).paddedHex + "/" + fileName
    }

    private init(filePath: String) {
        self.filePath = filePath
    }

    /// The delta file laid over this cache (see `ScanCache.deltaKey`).
    var delta: CacheStore { CacheStore(filePath: filePath + ".delta") }

    func remove() {
        unlink(filePath)
    }

    /// `$XDG_CACHE_HOME/archlint`, else `~/.cache/archlint`.
    static func defaultBaseDirectory(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/archlint" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/archlint" }
        return nil
    }

    /// The largest cache file archlint reads (a real one for 100,000 files is well below): a sparse or planted
    /// file can't make a run read gigabytes.
    static let maximumFileSize = 1 << 30

    /// What reading the cache file gave.
    enum ReadOutcome {
        case bytes([UInt8])
        /// No cache yet.
        case missing
        /// Something is there that isn't a readable regular file (a FIFO, a symlink, a device, too large): it is
        /// ignored and replaced on the next write.
        case unusable(String)
    }

    /// The file's bytes, or nil when it doesn't exist or can't be read.
    func read() -> [UInt8]? {
        if case .bytes(let bytes) = readOutcome() { return bytes }
        return nil
    }

    /// Opens the cache only when it is a regular file (never follows a symlink, never blocks on a FIFO) of at most
    /// `maximumFileSize` bytes.
    func readOutcome() -> ReadOutcome {
        switch RegularFile.read(filePath, limit: Self.maximumFileSize, followSymlinks: false) {
        case .success(let bytes): return .bytes(bytes)
        case .failure(let failure) where failure.isMissing: return .missing
        case .failure(let failure): return .unusable(failure.reason)
        }
    }

    /// Writes the cache through `FileGuard` (a temporary file next to it renamed over it, so a concurrent reader
    /// sees the old file or the new one, never a mix; temporaries a killed run left behind are deleted first).
    /// Returns false when anything fails (the cache is then just not saved). Whatever sits at the cache path is
    /// replaced, a symlink included (the link itself, never its target).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        let directory = RelativePath.parent(filePath)
        var info = stat()
        if lstat(filePath, &info) == 0, info.st_mode & S_IFMT != S_IFREG { unlink(filePath) }
        do {
            try FileGuard(root: directory).write(bytes, to: filePath)
            return true
        } catch {
            return false
        }
    }
}

/// Reads a whole file descriptor; nil on a read error.
func readAll(_ descriptor: Int32, sizeHint: Int = 0) -> [UInt8]? {
    var info = stat()
    let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : sizeHint
    var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
    var count = 0
    while true {
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
        let result = bytes.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
        if result < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if result == 0 { break }
        count += result
    }
    bytes.removeSubrange(count...)
    return bytes
}
