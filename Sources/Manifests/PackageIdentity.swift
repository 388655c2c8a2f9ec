import ArchlintModel

/// SwiftPM's package identity for a dependency location (see SwiftPM's `PackageIdentity`): the last path component
/// of the URL or path, without a trailing `/` or `.git`, lowercased; a registry id (`scope.name`) as written
/// (that is how `swift package dump-package` spells it).
/// An explicit `name:` (the pre-5.5 `.package(name:url:…)` form) is used as written instead, because that is the
/// name `.product(name:package:)` refers to.
enum PackageIdentity {
    static func identity(of location: String, kind: PackageDependencyDecl.Kind) -> String {
        if kind == .registry { return location }
        var trimmed = Substring(location)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        // scp-style git URLs: `git@github.com:owner/name.git`.
        let separators: Set<Character> = kind == .url ? ["/", ":"] : ["/"]
        var last = trimmed.split(whereSeparator: { separators.contains($0) }).last.map(String.init) ?? String(trimmed)
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}
