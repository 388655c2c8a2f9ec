/// Where a project's file sits, and paths relative to it.
extension ProjectFacts {
    /// The folder holding the project's file, relative to the scanned root (`""` for the root itself): a
    /// package's directory.
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The project a `.target` dependency's `project` names (`ProjectTargetDependency.project`): by its path, else
    /// by its name (XcodeGen's `OtherProject/Target`); nil when archlint read no such project.
    public static func referenced(_ reference: String, in projectsByPath: [String: ProjectFacts]) -> ProjectFacts? {
        projectsByPath[reference] ?? projectsByPath.values.filter { $0.name == reference }.min { $0.path < $1.path }
    }

    /// `base` joined with a relative `path`, with `.` and `..` resolved; `..` above the root is kept.
    public static func normalizedPath(joining base: String, _ path: String) -> String {
        let combined = path.hasPrefix("/") ? path : (base.isEmpty ? path : base + "/" + path)
        var components: [String] = []
        for component in combined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." { components.removeLast() } else { components.append("..") }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
