#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The handler union of `struct sigaction`, which each C library spells differently: Darwin's
/// `__sigaction_u.__sa_handler`/`__sa_sigaction`, Glibc's `__sigaction_handler.sa_handler`/`sa_sigaction`, Musl's
/// `__sa_handler.sa_handler`/`sa_sigaction` (the C headers hide all three behind `sa_handler` macros, which Swift
/// doesn't import). The one place that names them.
extension sigaction {
    public typealias PlainHandler = @convention(c) (Int32) -> Void
    public typealias InfoHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// `sa_handler`: called with the signal only (`SIG_DFL` is nil).
    public var plainHandler: PlainHandler? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler
            #elseif canImport(Glibc)
            __sigaction_handler.sa_handler
            #else
            __sa_handler.sa_handler
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler = newValue
            #elseif canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #else
            __sa_handler.sa_handler = newValue
            #endif
        }
    }

    /// `sa_sigaction`: called with the signal, its `siginfo_t` and the context (with `SA_SIGINFO` in `sa_flags`).
    public var infoHandler: InfoHandler? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_sigaction
            #elseif canImport(Glibc)
            __sigaction_handler.sa_sigaction
            #else
            __sa_handler.sa_sigaction
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_sigaction = newValue
            #elseif canImport(Glibc)
            __sigaction_handler.sa_sigaction = newValue
            #else
            __sa_handler.sa_sigaction = newValue
            #endif
        }
    }
}
