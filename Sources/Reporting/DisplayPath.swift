/// Paths as printed by the human-facing formats (text, github, checkstyle, junit, markdown): the root as the user
/// gave it joined with the root-relative path, so `archlint lint some/dir` prints `some/dir/Sources/A.swift`, which
/// is clickable (Xcode, terminals, GitHub annotations) from the directory archlint ran in. `.` adds nothing.
public enum DisplayPath {
    public static func join(root: String, _ file: String) -> String {
        guard !file.isEmpty else { return normalizedRoot(root) ?? "." }
        guard let prefix = normalizedRoot(root) else { return file }
        return prefix == "/" ? "/" + file : prefix + "/" + file
    }

    /// nil when the root adds nothing to a relative path (`.`, `./`, empty).
    static func normalizedRoot(_ root: String) -> String? {
        var trimmed = Substring(root)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        while trimmed.hasSuffix("/.") { trimmed = trimmed.dropLast(2) }
        if trimmed.isEmpty, root.hasPrefix("/") { return "/" }
        if trimmed.isEmpty || trimmed == "." { return nil }
        return String(trimmed)
    }
}
