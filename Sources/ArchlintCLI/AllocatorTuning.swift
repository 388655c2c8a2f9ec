#if os(Linux) && canImport(Glibc)
/// glibc's `mallopt` (`<malloc.h>`, which the Glibc module doesn't export) and the two parameters used.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let mTopPad: Int32 = -2  // M_TOP_PAD
private let mMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
#endif

extension ArchlintCommand {
    /// A run allocates tens of megabytes in small pieces and exits: glibc's defaults (grow the heap 128 KiB at a
    /// time, map every block over 128 KiB on its own) make it fault in fresh pages thousands of times. Growing the
    /// heap 64 MiB at a time and keeping large blocks in it cut a one-edit lint's page faults and wall time
    /// (`archlint-bench`, row (d)); the memory is reserved, and only what is touched is resident.
    public static func tuneAllocator() {
        #if os(Linux) && canImport(Glibc)
        _ = mallopt(mTopPad, 64 << 20)
        _ = mallopt(mMmapThreshold, 256 << 20)
        #endif
    }
}
