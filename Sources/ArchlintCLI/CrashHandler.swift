import ArchlintModel
import SystemSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a crash into one line of archlint's own on stderr, before anything else is printed:
///
///     archlint: crashed (SIGSEGV) while scanning Sources/X.swift — please report it …; to get past it, add
///     "Sources/X.swift" to `exclude:` in .archlint.yml
///
/// The handler only copies preallocated bytes (`CrashContext`) into a preallocated buffer and calls `write(2)`,
/// then re-raises the signal with the default action, so the exit status still says "killed by SIGSEGV".
/// Swift's own backtrace (16–20 KB) follows only when the user asked for it with `SWIFT_BACKTRACE`.
enum CrashHandler {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE]
    static let alternateStackSize = 64 * 1024
    static let lineCapacity = 4 * CrashContext.capacity + 512

    nonisolated(unsafe) static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineCapacity)
    /// The actions replaced by ours, indexed by signal number.
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    /// Chain to the handlers installed before ours (Swift's backtracer) after printing our line.
    nonisolated(unsafe) static var chainsToPrevious = false
    nonisolated(unsafe) static var crashed: Int32 = 0

    /// Preformatted pieces (NUL-terminated), so the handler never builds a String.
    nonisolated(unsafe) static let crashedPrefix = cString("archlint: crashed (")
    nonisolated(unsafe) static let whileScanning = cString(") while scanning ")
    nonisolated(unsafe) static let fileAdvice = cString(
        " — please report it with that file (reduced to a few lines if you can) and the command line; to get past "
            + "it, add \"")
    nonisolated(unsafe) static let fileAdviceEnd = cString("\" to `exclude:` in .archlint.yml\n")
    nonisolated(unsafe) static let during = cString(") during ")
    nonisolated(unsafe) static let startUp = cString("start-up")
    nonisolated(unsafe) static let phaseAdvice = cString(
        " — please report it with the command line and, if you can, the files involved\n")
    nonisolated(unsafe) static let signalNames: [Int32: UnsafeMutablePointer<UInt8>] = Dictionary(
        uniqueKeysWithValues: [(SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGABRT, "SIGABRT"),
                               (SIGTRAP, "SIGTRAP"), (SIGFPE, "SIGFPE")].map { ($0.0, cString($0.1)) })
    nonisolated(unsafe) static let signalNamePointers: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 65)
        table.initialize(repeating: nil, count: 65)
        for (signal, name) in signalNames where signal < 65 { table[Int(signal)] = name }
        return table
    }()

    /// - Parameter chainsToPrevious: `SWIFT_BACKTRACE` is set: the runtime's own handler runs after this one.
    static func install(chainsToPrevious chains: Bool) {
        line.initialize(repeating: 0, count: lineCapacity)
        previous.initialize(repeating: sigaction(), count: 65)
        // Touch every lazily initialised global now, never for the first time inside the handler.
        _ = (crashedPrefix, whileScanning, fileAdvice, fileAdviceEnd, during, startUp, phaseAdvice, signalNamePointers)
        CrashContext.setPhase("start-up")
        chainsToPrevious = chains
        prepareAlternateStack()
        for signal in signals {
            var action = sigaction()
            action.infoHandler = handle
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
        CrashContext.prepareThread = { prepareAlternateStack() }
        CrashContext.isEnabled = true
        CrashContext.setPhase("start-up")
    }

    /// Gives the calling thread its own stack for signal handlers, so a stack overflow can still be reported.
    static func prepareAlternateStack() {
        var current = stack_t()
        if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0, current.ss_size >= alternateStackSize {
            return
        }
        guard let memory = malloc(alternateStackSize) else { return }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = alternateStackSize
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    private static func cString(_ text: String) -> UnsafeMutablePointer<UInt8> {
        let bytes = Array(text.utf8)
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        pointer.initialize(from: bytes, count: bytes.count)
        pointer[bytes.count] = 0
        return pointer
    }

    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signal, info, context in
        if CrashHandler.crashed == 0 {
            CrashHandler.crashed = signal
            CrashHandler.writeLine(signal: signal)
            // A write under way leaves no temporary file behind.
            TemporaryFiles.removeAll()
        }
        if CrashHandler.chainsToPrevious, signal < 65 {
            var old = CrashHandler.previous[Int(signal)]
            let chained = old.infoHandler
            if old.sa_flags & SA_SIGINFO != 0, let chained {
                sigaction(signal, &old, nil)
                chained(signal, info, context)
                return
            }
        }
        var action = sigaction()
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        action.plainHandler = SIG_DFL
        sigaction(signal, &action, nil)
        raise(signal)
    }

    private static func writeLine(signal: Int32) {
        var count = 0
        func append(_ bytes: UnsafePointer<UInt8>?) {
            guard var cursor = bytes else { return }
            while cursor.pointee != 0 && count < lineCapacity - 1 {
                line[count] = cursor.pointee
                count += 1
                cursor += 1
            }
        }
        append(crashedPrefix)
        append(signal > 0 && signal < 65 ? signalNamePointers[Int(signal)] : nil)
        if let file = CrashContext.fileOfCurrentThread() {
            append(whileScanning)
            append(file)
            append(fileAdvice)
            append(file)
            append(fileAdviceEnd)
        } else {
            append(during)
            append(CrashContext.phasePointer.pointee == 0 ? UnsafePointer(startUp) : CrashContext.phasePointer)
            append(phaseAdvice)
        }
        if count > 0 && line[count - 1] != UInt8(ascii: "\n") { line[count - 1] = UInt8(ascii: "\n") }
        var written = 0
        while written < count {
            let result = write(STDERR_FILENO, line + written, count - written)
            if result <= 0 { break }
            written += result
        }
    }
}
