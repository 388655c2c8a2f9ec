import ArchlintModel

/// Reads an XcodeGen spec (`project.yml` and its `include:` files) statically, as XcodeGen would before it
/// writes the project: includes merged (mappings by key, lists concatenated, `key:REPLACE`), target templates
/// applied, multi-platform targets expanded, and each target's Swift sources listed from its `sources:` paths
/// with their `excludes`/`includes` globs. Never runs xcodegen; what it can't follow is an issue at its line.
public enum XcodeGenSpecReader {
    /// Include chains deeper than this are reported, not followed.
    public static let maximumIncludeDepth = 32

    public static func read(specPath: String, fileSystem: any ProjectFileSystem) -> ProjectFacts {
        var reader = SpecReading(specPath: specPath, fileSystem: fileSystem)
        return reader.read()
    }
}

private struct SpecReading {
    let specPath: String
    let fileSystem: any ProjectFileSystem
    var facts: ProjectFacts

    init(specPath: String, fileSystem: any ProjectFileSystem) {
        self.specPath = specPath
        self.fileSystem = fileSystem
        self.facts = ProjectFacts(path: specPath, source: .xcodegen)
    }

    mutating func read() -> ProjectFacts {
        guard let spec = load(specPath, chain: []) else { return facts }
        // XcodeGen names the project (and so its module ids) by `name:`; the folder's name only without one.
        if let name = spec["name"]?.string, !name.isEmpty { facts.name = name }
        let packages = readPackages(spec["packages"])
        facts.packages = packages.values.sorted { ($0.kind.rawValue, $0.location) < ($1.kind.rawValue, $1.location) }
        let templates = spec["targetTemplates"]
        for (name, node) in expandPlatforms(spec["targets"]?.mapping ?? []) {
            let target = applyTemplates(to: node, name: name, templates: templates)
            facts.targets.append(readTarget(name: name, node: target, packages: packages))
        }
        // Aggregate targets compile nothing; they are listed so both readers name the same targets.
        for (name, node) in spec["aggregateTargets"]?.mapping ?? [] {
            facts.targets.append(ProjectTarget(
                name: name, productTypeIdentifier: nil, file: node.file, line: node.line, column: node.column))
        }
        return facts
    }

    // MARK: Loading and includes

    /// The spec at `path` with its includes merged under it, and every path property made relative to the root.
    private mutating func load(_ path: String, chain: [String]) -> SpecNode? {
        guard let bytes = fileSystem.contents(of: path) else {
            if chain.isEmpty { issue(in: path, "the XcodeGen spec can't be read", line: 1, column: 1) }
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let parsed: SpecNode?
        do {
            parsed = try SpecYAML.parse(text, file: path)
        } catch {
            issue(in: path, "\(error.message); the targets this spec declares are not known until it is fixed",
                  line: error.line, column: error.column)
            return nil
        }
        guard let parsed, parsed.mapping != nil else {
            issue(in: path, "an XcodeGen spec must be a mapping (name:, targets:, …)", line: parsed?.line ?? 1,
                  column: parsed?.column ?? 1)
            return nil
        }
        let directory = PathText.parent(of: path)
        var spec = resolvePaths(in: parsed, relativeTo: directory)
        var merged: SpecNode?
        for include in includes(of: parsed) {
            let target = PathText.join(directory, include.path)
            if chain.contains(target) || target == path {
                issue(in: path, "`include: \(include.path)` includes itself (an include cycle); remove it",
                      line: include.node.line, column: include.node.column)
                continue
            }
            if chain.count >= XcodeGenSpecReader.maximumIncludeDepth {
                issue(in: path, "includes nest deeper than \(XcodeGenSpecReader.maximumIncludeDepth) files; "
                      + "`\(include.path)` is not read", line: include.node.line, column: include.node.column)
                continue
            }
            guard fileSystem.contents(of: target) != nil else {
                issue(in: path, "`include: \(include.path)` names no readable file (looked for \(target)); "
                      + "XcodeGen would stop here too", line: include.node.line, column: include.node.column)
                continue
            }
            guard let included = load(target, chain: chain + [path]) else { continue }
            merged = merged.map { included.merged(onto: $0) } ?? included
        }
        spec = spec.with(.mapping((spec.mapping ?? []).filter { $0.key != "include" }))
        return merged.map { spec.merged(onto: $0) } ?? spec
    }

    private func includes(of spec: SpecNode) -> [(path: String, node: SpecNode)] {
        guard let include = spec["include"] else { return [] }
        let entries = include.sequence ?? [include]
        return entries.compactMap { entry in
            if let path = entry.string { return (path, entry) }
            guard let path = entry["path"]?.string, entry["enable"]?.bool != false else { return nil }
            return (path, entry)
        }
    }

    /// Makes the path-valued properties archlint reads (target sources, local package paths) relative to the
    /// root, as XcodeGen resolves them relative to the file that wrote them.
    private func resolvePaths(in spec: SpecNode, relativeTo directory: String) -> SpecNode {
        guard let entries = spec.mapping else { return spec }
        func rebase(_ node: SpecNode) -> SpecNode {
            node.mapScalarsInPlace { PathText.join(directory, $0) }
        }
        let resolved: [(key: String, value: SpecNode)] = entries.map { key, value in
            switch key {
            case "targets", "targetTemplates":
                let targets = (value.mapping ?? []).map { name, target -> (key: String, value: SpecNode) in
                    (name, target.updating("sources") { sources in
                        sources.with(.sequence((sources.sequence ?? [sources]).map { source in
                            source.string != nil ? rebase(source) : source.updating("path", rebase)
                        }))
                    })
                }
                return (key, value.with(.mapping(targets)))
            case "packages":
                let packages = (value.mapping ?? []).map { name, package -> (key: String, value: SpecNode) in
                    (name, package.updating("path", rebase))
                }
                return (key, value.with(.mapping(packages)))
            default:
                return (key, value)
            }
        }
        return spec.with(.mapping(resolved))
    }

    // MARK: Targets

    /// `platform: [iOS, tvOS]` makes one target per platform, `Name_iOS`, with `$platform` substituted.
    private func expandPlatforms(_ targets: [(key: String, value: SpecNode)]) -> [(String, SpecNode)] {
        targets.flatMap { name, node -> [(String, SpecNode)] in
            guard let platforms = node["platform"]?.sequence?.compactMap(\.string), !platforms.isEmpty else {
                return [(name, node)]
            }
            return platforms.map { platform in
                let substituted = node.mapScalars {
                    $0.replacingAll("${platform}", with: platform).replacingAll("$platform", with: platform)
                }
                return ("\(name)_\(platform)", substituted)
            }
        }
    }

    private mutating func applyTemplates(to target: SpecNode, name: String, templates: SpecNode?) -> SpecNode {
        guard let names = target["templates"]?.sequence, !names.isEmpty else { return target }
        var base: SpecNode?
        // `templateAttributes: {testTarget: Tasks}` fills `${testTarget}` in the templates, as `${target_name}`.
        let attributes = (target["templateAttributes"]?.mapping ?? []).compactMap { entry in
            entry.value.string.map { ("${\(entry.key)}", $0) }
        }
        for reference in names {
            guard let templateName = reference.string, let template = templates?[templateName] else {
                issue(at: reference, "target `\(name)` uses template `\(reference.string ?? "?")`, which no "
                      + "`targetTemplates:` entry defines")
                continue
            }
            let filled = template.mapScalars { scalar in
                attributes.reduce(scalar.replacingAll("${target_name}", with: name).replacingAll("$target_name", with: name)) {
                    $0.replacingAll($1.0, with: $1.1)
                }
            }
            base = base.map { filled.merged(onto: $0) } ?? filled
        }
        return base.map { target.merged(onto: $0) } ?? target
    }

    private mutating func readTarget(name: String, node: SpecNode, packages: [String: ProjectPackageReference])
        -> ProjectTarget
    {
        let type = node["type"]?.string
        var decl = ProjectTarget(
            name: name, productTypeIdentifier: type.map { "com.apple.product-type." + $0 },
            productName: node["productName"]?.string, file: node.file, line: node.line, column: node.column)
        if node["legacy"] != nil { decl.productTypeIdentifier = nil; decl.type = .other }
        decl.swiftSources = swiftSources(of: node, target: name)
        decl.dependencies = dependencies(of: node, target: name, packages: packages)
        return decl
    }

    private mutating func swiftSources(of target: SpecNode, target name: String) -> [String] {
        guard let sources = target["sources"] else { return [] }
        var result: Set<String> = []
        for source in sources.sequence ?? [sources] {
            guard let path = source.string ?? source["path"]?.string else {
                issue(at: source, "a source of target `\(name)` has no `path`")
                continue
            }
            let type = source["type"]?.string
            let phase = source["buildPhase"]?.string ?? source["buildPhase"].flatMap { $0.mapping?.first?.key }
            if type == "folder" || (phase != nil && phase != "sources") { continue }
            if fileSystem.isDirectory(path) {
                let excludes = globs(source["excludes"], under: path, target: name)
                let includes = globs(source["includes"], under: path, target: name)
                for file in fileSystem.files(under: path) where file.hasSuffix(".swift") {
                    if Self.insideBundle(file, below: path) { continue }
                    if Self.matches(excludes, file, below: path) { continue }
                    if !includes.isEmpty, !Self.matches(includes, file, below: path) { continue }
                    result.insert(file)
                }
            } else if fileSystem.contents(of: path) != nil {
                if path.hasSuffix(".swift") { result.insert(path) }
            } else if source["optional"]?.bool != true {
                issue(at: source, "source `\(path)` of target `\(name)` doesn't exist; XcodeGen would stop here "
                      + "(mark it `optional: true` if it is generated later)")
            }
        }
        return result.sorted()
    }

    private mutating func globs(_ node: SpecNode?, under directory: String, target: String) -> [Glob] {
        guard let node else { return [] }
        return (node.sequence ?? [node]).compactMap { pattern in
            guard let text = pattern.string else { return nil }
            do {
                return try Glob(PathText.join(directory, text))
            } catch {
                issue(at: pattern, "glob `\(text)` of target `\(target)`: \(error)")
                return nil
            }
        }
    }

    /// Whether a glob matches the file or one of its folders below the source's folder (excluding a folder
    /// excludes what it holds, as in XcodeGen).
    private static func matches(_ globs: [Glob], _ file: String, below root: String) -> Bool {
        guard !globs.isEmpty else { return false }
        var candidate = Substring(file)
        while candidate.count > root.count {
            if globs.contains(where: { $0.matches(String(candidate)) }) { return true }
            guard let slash = candidate.lastIndex(of: "/") else { break }
            candidate = candidate[..<slash]
        }
        return false
    }

    /// Xcode treats these folders as single resources: Swift files inside them are never compiled.
    private static func insideBundle(_ file: String, below root: String) -> Bool {
        let relative = file.dropFirst(root.count)
        let bundles = [".xcassets/", ".bundle/", ".framework/", ".xcframework/", ".docc/", ".playground/",
                       ".xcdatamodeld/", ".lproj/"]
        return bundles.contains { relative.contains($0) }
    }

    private mutating func dependencies(
        of target: SpecNode, target name: String, packages: [String: ProjectPackageReference]
    ) -> [ProjectTargetDependency] {
        var result: [ProjectTargetDependency] = []
        for entry in target["dependencies"]?.sequence ?? [] {
            let line = entry.line, column = entry.column
            if let other = entry["target"]?.string {
                // `Project/Target` names a target of a `projectReferences` project.
                let parts = other.split(separator: "/", maxSplits: 1).map(String.init)
                result.append(ProjectTargetDependency(
                    kind: .target, name: parts.last ?? other, project: parts.count == 2 ? parts[0] : nil, line: line,
                    column: column))
            } else if let package = entry["package"]?.string {
                let products = entry["products"]?.sequence?.compactMap(\.string) ?? [entry["product"]?.string ?? package]
                for product in products {
                    result.append(ProjectTargetDependency(
                        kind: .packageProduct, name: product, package: packages[package], line: line, column: column))
                }
                if packages[package] == nil {
                    issue(at: entry, "target `\(name)` depends on package `\(package)`, which `packages:` doesn't "
                          + "declare")
                }
            } else if let framework = entry["framework"]?.string ?? entry["carthage"]?.string {
                let file = framework.split(separator: "/").last.map(String.init) ?? framework
                let product = file.hasSuffix(".framework") || file.hasSuffix(".xcframework")
                    ? String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)]) : file
                result.append(ProjectTargetDependency(kind: .linkedProduct, name: product, line: line, column: column))
            } else if entry["sdk"] != nil || entry["bundle"] != nil {
                continue  // system frameworks and resource bundles are not modules of the repository
            } else {
                issue(at: entry, "a dependency of target `\(name)` is none of target, package, framework, carthage, "
                      + "sdk or bundle")
            }
        }
        return result
    }

    private func readPackages(_ node: SpecNode?) -> [String: ProjectPackageReference] {
        var packages: [String: ProjectPackageReference] = [:]
        for (name, package) in node?.mapping ?? [] {
            if let path = package["path"]?.string {
                packages[name] = ProjectPackageReference(kind: .local, location: path)
            } else if let url = package["url"]?.string {
                packages[name] = ProjectPackageReference(kind: .remote, location: url)
            } else if let github = package["github"]?.string {
                packages[name] = ProjectPackageReference(kind: .remote, location: "https://github.com/\(github)")
            }
        }
        return packages
    }

    private mutating func issue(at node: SpecNode, _ message: String) {
        issue(in: node.file, message, line: node.line, column: node.column)
    }

    private mutating func issue(in file: String, _ message: String, line: Int, column: Int) {
        facts.issues.append(ProjectIssue(file: file, message: message, line: line, column: column))
    }
}

private extension SpecNode {
    /// This mapping with the value at `key` transformed (unchanged when absent or not a mapping).
    func updating(_ key: String, _ transform: (SpecNode) -> SpecNode) -> SpecNode {
        guard let entries = mapping, entries.contains(where: { $0.key == key }) else { return self }
        return with(.mapping(entries.map { $0.key == key ? ($0.key, transform($0.value)) : $0 }))
    }

    /// A scalar transformed; any other value unchanged.
    func mapScalarsInPlace(_ transform: (String) -> String) -> SpecNode {
        guard let text = string else { return self }
        return with(.scalar(transform(text)))
    }
}

private extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
