#if canImport(Glibc)
import Glibc

@_silgen_name("setfsuid")
private func setfsuid(_ uid: UInt32) -> Int32

/// Runs `body` with file-system permission checks enforced even when the tests run as root.
///
/// As root, `chmod 000` doesn't stop reads (CAP_DAC_OVERRIDE). Linux's `setfsuid` is per-thread and, when moving
/// the file-system uid away from 0, drops the DAC override capabilities from that thread only; `body` runs
/// synchronously on this thread, so it sees the permissions an ordinary user would. The uid is restored after.
func withoutRootPrivileges<T>(_ body: () throws -> T) rethrows -> T {
    guard geteuid() == 0 else { return try body() }
    _ = setfsuid(65534)
    defer { _ = setfsuid(0) }
    return try body()
}
#else
/// Elsewhere the tests are expected to run unprivileged, where `chmod 000` already blocks reads.
func withoutRootPrivileges<T>(_ body: () throws -> T) rethrows -> T { try body() }
#endif
