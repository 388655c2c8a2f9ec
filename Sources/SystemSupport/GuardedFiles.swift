#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way archlint writes files, and reads the files it prints or renders from a repository (templates, the
/// file `generate needle --check` compares): every command that writes goes through it.
///
/// - A path is resolved to where it really lands (every symlink followed, through its deepest existing ancestor);
///   one outside the resolved root is refused unless `allowsOutside` (`--allow-outside-root`). What a refused
///   symlink points to is never read, and never named.
/// - An existing file is replaced only when it is of the writer's own kind (`FileKind`) or with `force`.
/// - A `FileTransaction` writes every temporary file first, then renames them, edited files last, with the
///   termination signals held back: a failure or a signal leaves nothing half applied. A file it edits is locked
///   (`flock`) from the read the edit is made from to the rename. Temporaries are removed on every exit path,
///   a signal or a crash included (`TemporaryFiles`); those of a run killed with SIGKILL are removed by the next.
public struct FileGuard: Sendable {
    /// The root as given, absolute.
    public let root: String
    /// The root with every symlink resolved.
    public let realRoot: String
    /// Writes and reads may land outside the root (the user said so).
    public let allowsOutside: Bool

    public init(root: String, allowsOutside: Bool = false) {
        self.root = Self.absolute(root)
        self.realRoot = Self.realPath(root)
        self.allowsOutside = allowsOutside
    }

    /// Anywhere: for paths the caller chose itself (tests, archlint's own documentation).
    public static let unconfined = FileGuard(root: "/", allowsOutside: true)

    /// For a path the user named: confined to `root` when the path as given lies inside it (a repository can
    /// plant symlinks there), unconfined when it names a place outside (`--report-dir /tmp/report`), which the
    /// repository doesn't control.
    public static func forOutput(_ path: String, root: String, allowsOutside: Bool) -> FileGuard {
        let guardRoot = FileGuard(root: root, allowsOutside: allowsOutside)
        return guardRoot.isInside(absolute(path), guardRoot.root) ? guardRoot : FileGuard(root: root, allowsOutside: true)
    }

    /// Why a read or a write was refused or failed; `reason` is a phrase for after "cannot write PATH: ".
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path as the caller gave it.
        public var path: String
        public var reason: String
        /// The `errno`, when a system call failed.
        public var code: Int32?
        /// Refused: the path leads outside the root.
        public var isOutsideRoot = false

        public init(path: String, reason: String, code: Int32? = nil) {
            self.path = path
            self.reason = reason
            self.code = code
        }

        public var description: String { reason }

        public var isMissing: Bool { code == ENOENT }

        /// "PATH is a directory, not a regular file": the reason with its subject (`it`) replaced by the path.
        public var sentence: String {
            reason.hasPrefix("it ") ? path + reason.dropFirst(2) : "cannot write \(path): \(reason)"
        }
    }

    // MARK: Paths

    /// `path` made absolute against the current directory, `.` and `..` removed (lexically).
    public static func absolute(_ path: String) -> String {
        var base: String
        if path.hasPrefix("/") {
            base = ""
        } else {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            base = getcwd(&buffer, buffer.count) == nil ? "" : String(cString: buffer)
        }
        var components: [Substring] = []
        for component in (base + "/" + path).split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Where `path` really is: each component's symlink followed as the kernel follows it (a dangling link to
    /// its target), up to the deepest existing ancestor; the missing rest appended.
    public static func realPath(_ path: String) -> String {
        var pending = Array(absolute(path).split(separator: "/").map(String.init).reversed())
        var current: [String] = []
        var links = 0
        while let component = pending.popLast() {
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                _ = current.popLast()
                continue
            }
            let candidate = "/" + (current + [component]).joined(separator: "/")
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                // Missing: the rest can't be a link yet.
                current.append(component)
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK, links < 40, let target = readLink(candidate) else {
                current.append(component)
                continue
            }
            links += 1
            if target.hasPrefix("/") { current = [] }
            pending += target.split(separator: "/").map(String.init).reversed()
        }
        return "/" + current.joined(separator: "/")
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder of an absolute path (`/` for a top-level one).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    func isInside(_ path: String, _ directory: String) -> Bool {
        directory == "/" || path == directory || path.hasPrefix(directory + "/")
    }

    /// Whether `path` really lies inside the root (every symlink followed): the one answer to "is this inside the
    /// repository", for writes, guarded reads and configuration files (`extends:`).
    public func encloses(_ path: String) -> Bool {
        isInside(Self.realPath(path), realRoot)
    }

    /// The real path of `path`, when it may be read or written.
    public func resolve(_ path: String, reading: Bool = false) -> Result<String, Failure> {
        let real = Self.realPath(path)
        if !allowsOutside && !isInside(real, realRoot) {
            let verb = reading ? "reads" : "writes"
            var failure = Failure(
                path: path,
                reason: "it leads outside \(root) through a symlink; archlint \(verb) only inside the repository "
                    + "(--allow-outside-root lets it)")
            failure.isOutsideRoot = true
            return .failure(failure)
        }
        return .success(real)
    }

    // MARK: Reading

    /// The file, when it lies inside the root (symlinks resolved) and is a regular file of at most `limit` bytes.
    public func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let real: String
        switch resolve(path, reading: true) {
        case .success(let value): real = value
        case .failure(let failure): return .failure(failure)
        }
        return RegularFile.read(real, limit: limit).mapError { Failure(path: path, reason: $0.reason, code: $0.code) }
    }

    /// The names in a directory inside the root (symlinks resolved); nil when it isn't one.
    public func directoryEntries(_ path: String) -> Result<[String]?, Failure> {
        let real: String
        switch resolve(path, reading: true) {
        case .success(let value): real = value
        case .failure(let failure): return .failure(failure)
        }
        guard let stream = opendir(real) else { return .success(nil) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    // MARK: Writing

    /// Writes one file (see `FileTransaction`).
    public func write(_ bytes: [UInt8], to path: String, kind: FileKind = .any, force: Bool = false) throws(Failure) {
        let transaction = FileTransaction(self)
        transaction.stage(bytes, at: path, kind: kind, force: force)
        try transaction.commit()
    }

    /// Removes a file archlint wrote earlier (a report's old picture): inside the root only, and only when it is
    /// of `kind`.
    public func remove(_ path: String, kind: FileKind) {
        guard case .success(let real) = resolve(path) else { return }
        var info = stat()
        guard lstat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              case .success(let bytes) = RegularFile.read(real, limit: 64 << 20), kind.recognizes(bytes)
        else { return }
        unlink(real)
    }
}

/// What a writer may replace without `--force`: its own kind of file (or an empty one).
public struct FileKind: Sendable {
    /// "a generated Needle file", "an archlint baseline".
    public var name: String
    public var recognizes: @Sendable ([UInt8]) -> Bool

    public init(name: String, recognizes: @escaping @Sendable ([UInt8]) -> Bool) {
        self.name = name
        self.recognizes = recognizes
    }

    /// Reports, caches, pictures: whatever is there is replaced.
    public static let any = FileKind(name: "any file") { _ in true }
    /// Only a file that doesn't exist yet (or `--force`).
    public static let newFile = FileKind(name: "a new file") { _ in false }

    /// needle's generated file: what needle's generator always writes.
    public static let needleGenerated = FileKind(name: "a generated Needle file") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("needleDependenciesHash") && text.contains("registerProviderFactories")
    }
}

/// Files written together: each into a temporary file first, then renamed into place, files being edited last,
/// so a failure (a file in the way, a full disk) or a signal leaves nothing half applied.
public final class FileTransaction: @unchecked Sendable {
    public let fileGuard: FileGuard

    private struct Staged {
        var path: String
        var bytes: [UInt8]
        var kind: FileKind
        var force: Bool
    }

    /// A file being edited: locked from its read to the rename of its new content.
    private struct Edit {
        var descriptor: Int32
        var real: String
        var original: [UInt8]
        var device: UInt64
        var inode: UInt64
    }

    private var staged: [Staged] = []
    private var edits: [String: Edit] = [:]

    public init(_ fileGuard: FileGuard) {
        self.fileGuard = fileGuard
    }

    deinit { releaseLocks() }

    /// Locks `path` (an exclusive `flock`, waiting for another archlint editing it) and reads it. The lock is
    /// held until `commit` (or until the transaction is dropped): the edit is made from these bytes.
    public func edit(_ path: String, limit: Int) throws(FileGuard.Failure) -> [UInt8] {
        let real = try fileGuard.resolve(path).get()
        for _ in 0..<1000 {
            let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw FileGuard.Failure(path: path, reason: RegularFile.describe(errno: errno)) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw FileGuard.Failure(path: path, reason: "it is \(RegularFile.kind(of: info.st_mode)), not a regular file")
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = RegularFile.describe(errno: errno)
                    close(descriptor)
                    throw FileGuard.Failure(path: path, reason: "cannot lock it: \(reason)")
                }
            }
            // Another run may have renamed a new file over the one locked: lock that one instead.
            var now = stat()
            guard stat(real, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino else {
                close(descriptor)
                continue
            }
            switch RegularFile.read(descriptor: descriptor, limit: limit) {
            case .success(let bytes):
                edits[real] = Edit(
                    descriptor: descriptor, real: real, original: bytes, device: UInt64(now.st_dev),
                    inode: UInt64(now.st_ino))
                return bytes
            case .failure(let failure):
                close(descriptor)
                throw FileGuard.Failure(path: path, reason: failure.reason)
            }
        }
        throw FileGuard.Failure(path: path, reason: "it kept being replaced while archlint tried to lock it")
    }

    /// Adds a file to write: new, or replacing one of `kind` (anything with `force`), or the new content of a file
    /// `edit` read.
    public func stage(_ bytes: [UInt8], at path: String, kind: FileKind = .any, force: Bool = false) {
        staged.append(Staged(path: path, bytes: bytes, kind: kind, force: force))
    }

    /// Test hook: `ARCHLINT_TEST_WRITE_INTERRUPT=signal` sends the run SIGTERM once its temporaries are written,
    /// `=fail` makes writing the last temporary fail as a full disk would.
    static let testInterrupt: String? = {
        guard let value = getenv("ARCHLINT_TEST_WRITE_INTERRUPT") else { return nil }
        return String(cString: value)
    }()

    /// Writes everything, or nothing.
    public func commit() throws(FileGuard.Failure) {
        defer { releaseLocks() }
        struct Planned {
            var staged: Staged
            var real: String
            var edit: Edit?
            /// The existing file's stat, when one is replaced.
            var existing: stat?
            var temporary: String = ""
            var slot: Int?
            var backup: String?
            var placed = false
        }
        // Edited files last: the parent's edit is what makes the new files reachable.
        let ordered = staged.enumerated().sorted { lhs, rhs in
            let left = edits[FileGuard.realPath(lhs.element.path)] != nil ? 1 : 0
            let right = edits[FileGuard.realPath(rhs.element.path)] != nil ? 1 : 0
            return (left, lhs.offset) < (right, rhs.offset)
        }.map(\.element)

        var planned: [Planned] = []
        for item in ordered {
            let real = try fileGuard.resolve(item.path).get()
            var entry = Planned(staged: item, real: real, edit: edits[real])
            var info = stat()
            if lstat(real, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw FileGuard.Failure(path: item.path, reason: "it is \(RegularFile.kind(of: info.st_mode)), not a regular file")
                }
                if entry.edit == nil && !item.force {
                    let bytes = (try? RegularFile.read(real, limit: 64 << 20).get()) ?? [0]
                    guard bytes.isEmpty || item.kind.recognizes(bytes) else {
                        throw FileGuard.Failure(
                            path: item.path,
                            reason: "it exists and is not \(item.kind.name); archlint replaces only its own files (--force replaces it)")
                    }
                }
                entry.existing = info
            } else if errno != ENOENT && errno != ENOTDIR {
                // ENOTDIR: a file where a folder goes, which the folders' step below reports.
                throw FileGuard.Failure(path: item.path, reason: RegularFile.describe(errno: errno))
            }
            planned.append(entry)
        }

        var createdDirectories: [(path: String, slot: Int?)] = []
        func removeCreatedDirectories() {
            for directory in createdDirectories.reversed() {
                rmdir(directory.path)
                if let slot = directory.slot { TemporaryFiles.unregister(slot) }
            }
            createdDirectories = []
        }
        // Until the commit ends, a signal removes the folders it created too.
        defer {
            for directory in createdDirectories {
                if let slot = directory.slot { TemporaryFiles.unregister(slot) }
            }
        }
        func removeTemporaries() {
            for entry in planned where !entry.temporary.isEmpty {
                unlink(entry.temporary)
                if let slot = entry.slot { TemporaryFiles.unregister(slot) }
            }
        }

        // Folders first: a file in the way fails here, before anything is written.
        for entry in planned {
            let directory = FileGuard.parent(entry.real)
            var missing: [String] = []
            var cursor = directory
            var info = stat()
            while !cursor.isEmpty && cursor != "/" && lstat(cursor, &info) != 0 {
                missing.append(cursor)
                cursor = FileGuard.parent(cursor)
            }
            if !cursor.isEmpty && cursor != "/" && info.st_mode & S_IFMT != S_IFDIR {
                removeCreatedDirectories()
                throw FileGuard.Failure(
                    path: entry.staged.path,
                    reason: "\(display(cursor)) is \(RegularFile.kind(of: info.st_mode)), not a folder; move it out of the way")
            }
            for folder in missing.reversed() {
                let slot = TemporaryFiles.register(folder)
                guard mkdir(folder, 0o777) == 0 else {
                    let reason = RegularFile.describe(errno: errno)
                    if let slot { TemporaryFiles.unregister(slot) }
                    removeCreatedDirectories()
                    throw FileGuard.Failure(path: entry.staged.path, reason: "cannot create the folder \(display(folder)): \(reason)")
                }
                createdDirectories.append((folder, slot))
            }
        }

        // Then every temporary file.
        for directory in Set(planned.map { FileGuard.parent($0.real) }) {
            TemporaryFiles.removeAbandoned(in: directory)
        }
        for index in planned.indices {
            let entry = planned[index]
            let temporary = TemporaryFiles.name(for: entry.real)
            planned[index].slot = TemporaryFiles.register(temporary)
            planned[index].temporary = temporary
            let failsForTesting = Self.testInterrupt == "fail" && index == planned.count - 1
            if let reason = writeTemporary(entry.staged.bytes, to: temporary, existing: entry.existing, failing: failsForTesting) {
                removeTemporaries()
                removeCreatedDirectories()
                throw FileGuard.Failure(path: entry.staged.path, reason: reason)
            }
        }
        if Self.testInterrupt == "signal" {
            // As in a shell, where SIGTERM isn't ignored (a test runner's children may inherit it ignored).
            signal(SIGTERM, SIG_DFL)
            TemporaryFiles.installHandlers(again: true)
            var terminate = sigset_t()
            sigemptyset(&terminate)
            sigaddset(&terminate, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &terminate, nil)
            raise(SIGTERM)
        }

        // Then the renames, with the termination signals held back until all are done.
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for signal in TemporaryFiles.terminationSignals { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        func rollBack() {
            for entry in planned.reversed() where entry.placed {
                if let backup = entry.backup {
                    rename(backup, entry.real)
                } else {
                    unlink(entry.real)
                }
            }
            for entry in planned {
                if let backup = entry.backup, !entry.placed { unlink(backup) }
            }
            removeTemporaries()
            removeCreatedDirectories()
        }

        for index in planned.indices {
            let entry = planned[index]
            if let edit = entry.edit {
                // Locked against other archlint runs; an editor may still have saved it meanwhile.
                var now = stat()
                let same = stat(entry.real, &now) == 0 && UInt64(now.st_dev) == edit.device && UInt64(now.st_ino) == edit.inode
                    && (try? RegularFile.read(entry.real, limit: edit.original.count + 1).get()) == edit.original
                guard same else {
                    rollBack()
                    throw FileGuard.Failure(
                        path: entry.staged.path, reason: "it changed since it was read; nothing was written. Run the command again.")
                }
            }
            if entry.existing == nil {
                // `link` never replaces: a file that appeared since the check is refused, not overwritten.
                if link(entry.temporary, entry.real) != 0 {
                    let code = errno
                    guard code != EEXIST else {
                        rollBack()
                        throw FileGuard.Failure(path: entry.staged.path, reason: "it appeared since the check; not replaced (--force replaces it)")
                    }
                    // File systems without hard links.
                    var info = stat()
                    guard lstat(entry.real, &info) != 0, rename(entry.temporary, entry.real) == 0 else {
                        rollBack()
                        throw FileGuard.Failure(path: entry.staged.path, reason: RegularFile.describe(errno: code))
                    }
                } else {
                    unlink(entry.temporary)
                }
            } else {
                let backup = TemporaryFiles.name(for: entry.real)
                if link(entry.real, backup) == 0 { planned[index].backup = backup }
                guard rename(entry.temporary, entry.real) == 0 else {
                    let reason = RegularFile.describe(errno: errno)
                    rollBack()
                    throw FileGuard.Failure(path: entry.staged.path, reason: reason)
                }
            }
            planned[index].placed = true
            if let slot = entry.slot { TemporaryFiles.unregister(slot) }
        }
        for entry in planned {
            if let backup = entry.backup { unlink(backup) }
        }
    }

    private func releaseLocks() {
        for edit in edits.values { close(edit.descriptor) }
        edits = [:]
    }

    /// A path for messages: relative to the root when inside it.
    private func display(_ real: String) -> String {
        let prefix = fileGuard.realRoot == "/" ? "/" : fileGuard.realRoot + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : real
    }

    /// nil when written; else why not.
    private func writeTemporary(_ bytes: [UInt8], to temporary: String, existing: stat?, failing: Bool) -> String? {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else { return RegularFile.describe(errno: errno) }
        var failure: String?
        if failing {
            failure = RegularFile.describe(errno: ENOSPC)
        } else if !RegularFile.writeAll(descriptor, bytes) {
            failure = RegularFile.describe(errno: errno)
        } else if let existing {
            // A replaced file keeps its permission bits and, where allowed, its owner.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { failure = RegularFile.describe(errno: errno) }
        }
        if failure == nil && fsync(descriptor) != 0 && errno != EINVAL { failure = RegularFile.describe(errno: errno) }
        if close(descriptor) != 0 && failure == nil { failure = RegularFile.describe(errno: errno) }
        return failure
    }
}

/// The temporary files of the writes under way, kept where a signal handler can read them without allocating:
/// a termination signal or a crash removes them before the process ends.
public enum TemporaryFiles {
    static let slotCount = 256
    static let slotSize = Int(PATH_MAX) + 1
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        buffer.initialize(repeating: 0, count: slotCount * slotSize)
        return buffer
    }()
    nonisolated(unsafe) static var lock = pthread_mutex_t()
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    static let setUp: Void = {
        pthread_mutex_init(&lock, nil)
        _ = slots
    }()

    /// `<folder>/.<name>.tmp-<pid>-<random>`: hidden, and named so the next run can tell a dead run's leftovers.
    static func name(for path: String) -> String {
        let folder = FileGuard.parent(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (folder.isEmpty ? "" : folder + "/") + "." + name + marker
            + "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    static let marker = ".tmp-"

    /// Registers a temporary file; returns its slot (nil when every slot is taken or the path is too long).
    static func register(_ path: String) -> Int? {
        _ = setUp
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !installed { installHandlers() }
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, !bytes.contains(0) else { return nil }
        for slot in 0..<slotCount where slots[slot * slotSize] == 0 {
            let base = slots + slot * slotSize
            for (offset, byte) in bytes.enumerated() { base[offset] = CChar(bitPattern: byte) }
            base[bytes.count] = 0
            // Written last: the handler sees a slot only once its path is complete.
            base[0] = CChar(bitPattern: bytes[0])
            return slot
        }
        return nil
    }

    static func unregister(_ slot: Int) {
        pthread_mutex_lock(&lock)
        slots[slot * slotSize] = 0
        pthread_mutex_unlock(&lock)
    }

    /// Removes every registered temporary file, then the folders a write created (empty by then, deepest first).
    /// Async-signal-safe: plain loads, `unlink` and `rmdir`.
    public static func removeAll() {
        for slot in 0..<slotCount where slots[slot * slotSize] != 0 {
            unlink(slots + slot * slotSize)
        }
        for _ in 0..<8 {
            for slot in (0..<slotCount).reversed() where slots[slot * slotSize] != 0 {
                rmdir(slots + slot * slotSize)
            }
        }
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporaries, then end the process as they would have.
    /// A signal the process ignores (`nohup`) stays ignored.
    static func installHandlers(again: Bool = false) {
        guard !installed || again else { return }
        installed = true
        for signal in terminationSignals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            let isDefault = current.plainHandler == nil && current.sa_flags & SA_SIGINFO == 0
            guard isDefault else { continue }
            var action = sigaction()
            action.plainHandler = handleTermination
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    private static let handleTermination: @convention(c) (Int32) -> Void = { signal in
        TemporaryFiles.removeAll()
        var action = sigaction()
        action.plainHandler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }

    /// Removes temporaries (`name(for:)`) in `directory` whose run has ended (SIGKILL, a power cut): its process
    /// is gone, or the file is over ten minutes old.
    public static func removeAbandoned(in directory: String, olderThan age: Int = 600) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            let scalars = Array(name.utf8)
            let pattern = Array(marker.utf8)
            guard scalars.count > pattern.count,
                  let start = (0...(scalars.count - pattern.count)).reversed().first(where: {
                      Array(scalars[$0..<($0 + pattern.count)]) == pattern
                  })
            else { continue }
            let fields = String(decoding: scalars[(start + pattern.count)...], as: UTF8.self).split(separator: "-")
            guard fields.count == 2, let pid = Int32(fields[0]), UInt64(fields[1], radix: 16) != nil else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Int(info.modificationTime.tv_sec)
            let ended = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            if ended || Int(now.tv_sec) - modified > age { unlink(path) }
        }
    }
}
