#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Limits the CPU time of the calling process: past `seconds`, the kernel sends `SIGXCPU`, which ends it.
/// A wall-clock limit would also stop work that is only waiting for a busy machine's cores.
public enum CPUTimeLimit {
    /// The signal that ends a process over its limit.
    public static let signal = SIGXCPU

    /// Returns false when the limit could not be set. Also restores `SIGXCPU`'s default action on the calling
    /// thread: a parent may have blocked it, and a blocked signal stays blocked across `exec`.
    @discardableResult
    public static func set(seconds: Int) -> Bool {
        var action = sigaction()
        action.plainHandler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        let soft = rlim_t(max(1, seconds))
        // The hard limit (SIGKILL) leaves a few seconds for a process that handles SIGXCPU.
        var limit = rlimit(rlim_cur: soft, rlim_max: soft + 5)
        #if canImport(Glibc)
        return setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit) == 0
        #else
        return setrlimit(RLIMIT_CPU, &limit) == 0
        #endif
    }
}
