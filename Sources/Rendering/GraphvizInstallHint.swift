import Foundation

/// How to install Graphviz on this system, in one sentence: the one answer every message about a missing or
/// unusable Graphviz gives.
public enum GraphvizInstallHint {
    public enum System: Equatable, Sendable {
        case macOS
        /// A Linux distribution, by its os-release `ID` and `ID_LIKE` words.
        case linux(ids: [String])
        case other
    }

    /// This machine.
    public static var current: System {
        #if os(macOS)
        return .macOS
        #elseif os(Linux)
        let text = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        return .linux(ids: osReleaseIDs(text))
        #else
        return .other
        #endif
    }

    /// The `ID` and `ID_LIKE` words of an os-release file ("ubuntu", "debian").
    static func osReleaseIDs(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line -> [String] in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0] == "ID" || parts[0] == "ID_LIKE" else { return [] }
            return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).split(separator: " ").map { $0.lowercased() }
        }
    }

    /// The install command for `system`; nil when archlint doesn't know its package manager.
    public static func command(for system: System) -> String? {
        switch system {
        case .macOS:
            return "brew install graphviz"
        case .linux(let ids):
            let managers: [(ids: Set<String>, command: String)] = [
                (["debian", "ubuntu"], "sudo apt-get install graphviz"),
                (["fedora", "rhel", "centos"], "sudo dnf install graphviz"),
                (["arch"], "sudo pacman -S graphviz"),
                (["opensuse", "suse"], "sudo zypper install graphviz"),
                (["alpine"], "sudo apk add graphviz"),
            ]
            for id in ids {
                if let manager = managers.first(where: { $0.ids.contains(id) || $0.ids.contains { id.hasPrefix($0) } }) {
                    return manager.command
                }
            }
            return nil
        case .other:
            return nil
        }
    }

    /// "Install Graphviz with `brew install graphviz`, or point ARCHLINT_GRAPHVIZ_LIB at a libgvc."
    public static func line(for system: System = current) -> String {
        let how = command(for: system).map { "Install Graphviz with `\($0)`" } ?? "Install Graphviz (https://graphviz.org/download/)"
        return how + ", or point \(GraphvizLibrary.environmentVariable) at its libgvc."
    }
}
