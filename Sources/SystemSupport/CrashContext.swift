#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What archlint is doing right now, kept where a crash handler can read it without allocating: the pipeline phase
/// and, per thread, the file being scanned. The CLI's crash handler turns it into one line ("archlint: crashed
/// while scanning Sources/X.swift — …"); everything here is preallocated memory written with plain stores.
public enum CrashContext {
    /// Longest phase name or path kept, in bytes (longer ones are cut).
    public static let capacity = 1024
    /// Threads that can record a file at once; more threads than this simply aren't named.
    static let slotCount = 256

    /// Preallocated, never freed: the phase text and one (thread, file) slot per scanning thread.
    nonisolated(unsafe) static let phaseBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 1)
    nonisolated(unsafe) static let slotThreads = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount)
    nonisolated(unsafe) static let slotFiles = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * (capacity + 1))
    nonisolated(unsafe) static var slotsClaimed = 0
    nonisolated(unsafe) static var claimLock = pthread_mutex_t()
    nonisolated(unsafe) static var slotKey: pthread_key_t = {
        phaseBuffer.initialize(repeating: 0, count: capacity + 1)
        slotThreads.initialize(repeating: 0, count: slotCount)
        slotFiles.initialize(repeating: 0, count: slotCount * (capacity + 1))
        pthread_mutex_init(&claimLock, nil)
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Set by the CLI when it installs its handler: without one, recording costs nothing.
    nonisolated(unsafe) public static var isEnabled = false

    /// Called once per thread that records a file: gives it an alternate signal stack, so a stack overflow on a
    /// scanning thread still reaches the crash handler. Set by the CLI.
    nonisolated(unsafe) public static var prepareThread: (@Sendable () -> Void)?

    /// Records the current phase ("walk", "files", "rules", …) for the crash handler.
    public static func setPhase(_ phase: String) {
        guard isEnabled else { return }
        _ = slotKey
        store(phase, into: phaseBuffer)
        if let testCrashPhase, phase == testCrashPhase { crashForTesting() }
    }

    /// Runs `body` with `file` recorded as what this thread is scanning.
    public static func scanning<T>(_ file: String, _ body: () -> T) -> T {
        guard isEnabled, let slot = currentSlot() else { return body() }
        let buffer = slotFiles + slot * (capacity + 1)
        store(file, into: buffer)
        if let testCrashFile, file.hasSuffix(testCrashFile) { crashForTesting() }
        defer { buffer[0] = 0 }
        return body()
    }

    /// For the CLI's crash tests only: `ARCHLINT_TEST_CRASH_FILE=A.swift` crashes while that file is being
    /// scanned, `ARCHLINT_TEST_CRASH_PHASE=rules` when that phase starts.
    static let testCrashFile = testSetting("ARCHLINT_TEST_CRASH_FILE")
    static let testCrashPhase = testSetting("ARCHLINT_TEST_CRASH_PHASE")

    private static func testSetting(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    @inline(never)
    static func crashForTesting() {
        // A real trap, as a failed precondition in the scanner would raise.
        let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
        pointer.pointee = 1
    }

    // MARK: For the crash handler (async-signal-safe: plain loads)

    /// The phase as bytes (NUL-terminated).
    public static var phasePointer: UnsafePointer<UInt8> { UnsafePointer(phaseBuffer) }

    /// The file the calling thread is scanning (NUL-terminated), or nil.
    public static func fileOfCurrentThread() -> UnsafePointer<UInt8>? {
        let thread = currentThread()
        // A thread id can be reused by a later thread: take the slot of this id that holds a file.
        for slot in 0..<slotCount where slotThreads[slot] == thread {
            let buffer = slotFiles + slot * (capacity + 1)
            if buffer[0] != 0 { return UnsafePointer(buffer) }
        }
        return nil
    }

    // MARK: Private

    private static func currentSlot() -> Int? {
        let key = slotKey
        if let value = pthread_getspecific(key) { return Int(bitPattern: value) - 1 }
        pthread_mutex_lock(&claimLock)
        defer { pthread_mutex_unlock(&claimLock) }
        guard slotsClaimed < slotCount else { return nil }
        let slot = slotsClaimed
        slotsClaimed += 1
        slotThreads[slot] = currentThread()
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: slot + 1))
        prepareThread?()
        return slot
    }

    private static func currentThread() -> UInt {
        unsafeBitCast(pthread_self(), to: UInt.self)
    }

    private static func store(_ text: String, into buffer: UnsafeMutablePointer<UInt8>) {
        var count = 0
        for byte in text.utf8 {
            guard count < capacity else { break }
            buffer[count] = byte == 0 ? UInt8(ascii: "?") : byte
            count += 1
        }
        buffer[count] = 0
    }
}
