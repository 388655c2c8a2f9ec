import ArchlintModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that asks whether the volume holding a root tells names apart by case. Darwin says so through
/// `pathconf(_PC_CASE_SENSITIVE)`; elsewhere (and where Darwin's volume doesn't answer) a probe decides.
enum VolumeCase {
    static func of(_ root: String) -> PathCase {
        #if canImport(Darwin)
        switch pathconf(root, _PC_CASE_SENSITIVE) {
        case 0: return .insensitive
        case 1: return .sensitive
        default: break  // -1: this volume doesn't say
        }
        #endif
        return probe(root)
    }

    /// The root's real path with the case of its last component that has letters flipped: when that names the
    /// same directory (device and inode), the volume ignores case. A path without letters, or one that can't be
    /// resolved, is taken as case-sensitive (paths then match only as spelled).
    static func probe(_ root: String) -> PathCase {
        guard let real = DirectoryWalker.realPath(root) else { return .sensitive }
        var components = real.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let index = components.indices.last(where: { flipped(components[$0]) != components[$0] }) else {
            return .sensitive
        }
        let original = components[...index].joined(separator: "/")
        components[index] = flipped(components[index])
        let probe = components[...index].joined(separator: "/")
        guard case .success(let expected) = FileStatus.of(original), case .success(let found) = FileStatus.of(probe)
        else { return .sensitive }
        return (expected.device, expected.inode) == (found.device, found.inode) ? .insensitive : .sensitive
    }

    private static func flipped(_ name: String) -> String {
        let upper = name.uppercased()
        return upper != name ? upper : name.lowercased()
    }
}
