import Core
import DesignSystem
#if os(Linux)
import LinuxSupport
#else
import Analytics
#endif

public struct HomeView {
    public init() {}
}
