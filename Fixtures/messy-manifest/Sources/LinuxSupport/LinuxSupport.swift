#if os(Linux)
import Glibc
#endif

public enum LinuxSupport {}
