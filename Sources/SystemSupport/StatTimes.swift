#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `stat`'s modification and change times, which Darwin names `st_mtimespec`/`st_ctimespec` and Glibc and Musl
/// `st_mtim`/`st_ctim`. The one place that names them.
extension stat {
    public var modificationTime: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }

    public var changeTime: timespec {
        #if canImport(Darwin)
        st_ctimespec
        #else
        st_ctim
        #endif
    }
}
