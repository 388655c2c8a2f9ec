import ArchlintModel

/// Reads an XcodeGen spec (`project.yml` and its `include:` files) statically, as XcodeGen would before it
/// writes the project: includes merged (mappings by key, lists concatenated, `key:REPLACE`), target templates
/// applied, multi-platform targets expanded, and each target's Swift sources listed from its `sources:` paths
/// with their `excludes`/`includes` globs. Never runs xcodegen; what it can't follow is an issue at its line.
public enum XcodeGenSpecReader {
    /// Include chains deeper than this are reported, not followed.
    public static let maximumIncludeDepth = 32
    /// Values (mapping entries, list items, scalars) that includes, templates and platforms may produce in all;
    /// past it, what would grow the spec further is an issue, not read.
    public static let maximumNodes = 1_000_000
    /// Targets read per spec (after platforms are expanded); more are one issue.
    public static let maximumTargets = 10_000
    /// Platforms of one multi-platform target (XcodeGen knows six).
    public static let maximumPlatforms = 16
    /// Characters one template or platform substitution may produce.
    public static let maximumSubstitutedLength = 64 * 1024

    public static func read(specPath: String, fileSystem: any ProjectFileSystem) -> ProjectFacts {
        var reader = SpecReading(specPath: specPath, fileSystem: fileSystem)
        return reader.read()
    }
}

private struct SpecReading {
    let specPath: String
    let fileSystem: any ProjectFileSystem
    var facts: ProjectFacts
    /// Each spec file loaded once, with its includes merged (nil: it could not be read).
    private var loaded: [String: SpecNode?] = [:]
    /// Values produced by includes, templates and platforms so far (`maximumNodes`).
    private var produced = 0
    /// The issue saying `maximumNodes` ran out, once it has.
    private var exhausted: ProjectIssue?
    /// Each template's size (`count(upTo:)`), by name.
    private var templateSizes: [String: Int] = [:]
    /// Each source entry's Swift files, by its path and globs, found once.
    private var sourceFiles: [String: [String]] = [:]
    /// Sources reported missing, by position (a template's source is one source, whatever number of targets use it).
    private var reportedMissing: Set<String> = []
    private var xcconfigs: XCConfigFiles
    /// The spec's top level, for the build settings every target inherits.
    private var spec: SpecNode?
    private var reportedXCConfigIssues = 0
    /// What targets' build settings say about test hosts.
    private var testHosts = TestHosts()
    /// The folder the project is generated in, which its build settings' paths start from (`projectRoot(of:at:)`).
    private var projectFolder = ""

    init(specPath: String, fileSystem: any ProjectFileSystem) {
        self.specPath = specPath
        self.fileSystem = fileSystem
        self.facts = ProjectFacts(path: specPath, source: .xcodegen)
        self.xcconfigs = XCConfigFiles(fileSystem: fileSystem)
    }

    mutating func read() -> ProjectFacts {
        guard let spec = load(specPath, chain: []) else { return facts }
        self.spec = spec
        // XcodeGen names the project (and so its module ids) by `name:`; the folder's name only without one.
        if let name = spec["name"]?.string, !name.isEmpty { facts.name = name }
        let packages = readPackages(spec["packages"])
        facts.packages = packages.values.sorted { ($0.kind.rawValue, $0.location) < ($1.kind.rawValue, $1.location) }
        let templates = spec["targetTemplates"]
        // As XcodeGen: platforms, then templates, then platforms a template brought; each target read before the
        // next is expanded, so a budget that runs out leaves the first targets whole.
        var seen: Set<String> = []
        expansion: for (name, node) in expandPlatforms(spec["targets"]?.mapping ?? []) {
            let (target, unread) = applyTemplates(to: node, name: name, templates: templates)
            for (platformName, platformNode) in expandPlatforms([(name, target)]) where seen.insert(platformName).inserted {
                if facts.targets.count >= XcodeGenSpecReader.maximumTargets {
                    facts.unreadTargets.append(issue(at: platformNode, "the spec declares more than "
                        + "\(XcodeGenSpecReader.maximumTargets) targets; archlint reads the first "
                        + "\(XcodeGenSpecReader.maximumTargets) (findings that depend on the others are withheld)"))
                    break expansion
                }
                var read = readTarget(name: platformName, node: platformNode, packages: packages)
                if let unread = unread ?? exhausted { read.unreadDependencies.append(unread) }
                facts.targets.append(read)
            }
        }
        if let exhausted, !facts.unreadTargets.contains(exhausted) { facts.unreadTargets.append(exhausted) }
        testHosts.assignWithImplicitHosts(in: &facts.targets)
        // Aggregate targets compile nothing; they are listed so both readers name the same targets.
        for (name, node) in spec["aggregateTargets"]?.mapping ?? [] {
            facts.targets.append(ProjectTarget(
                name: name, productTypeIdentifier: nil, file: node.file, line: node.line, column: node.column))
        }
        return facts
    }

    /// Spends `nodes` of `maximumNodes`; false once it is gone (the first time with an issue at `node`). Once it
    /// is gone, `nodes` isn't even counted: a large template on thousands of targets costs nothing more.
    private mutating func produce(_ nodes: @autoclosure () -> Int, at node: SpecNode, what: String) -> Bool {
        guard exhausted == nil else { return false }
        produced += nodes()
        guard produced > XcodeGenSpecReader.maximumNodes else { return true }
        if exhausted == nil {
            exhausted = issue(at: node, "\(what) is not read: includes, templates and platforms expand the spec to "
                + "more than \(XcodeGenSpecReader.maximumNodes) values (an include or template listed over and over?); "
                + "findings that depend on what it declares are withheld")
        }
        return false
    }

    // MARK: Loading and includes

    /// The spec at `path` with its includes merged under it, and every path property made relative to the root.
    /// `base`: the folder an include's paths start from when its entry says `relativePaths: false` (the including
    /// spec's); nil for the included file's own folder.
    private mutating func load(_ path: String, chain: [String], base: String? = nil) -> SpecNode? {
        let key = base.map { path + "\u{0}" + $0 } ?? path
        if let known = loaded[key] { return known }
        let spec = loadOnce(path, chain: chain, base: base)
        loaded[key] = .some(spec)
        return spec
    }

    private mutating func loadOnce(_ path: String, chain: [String], base: String?) -> SpecNode? {
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
        // An included file of comments only (a `packages:` list kept commented out) adds nothing, as in XcodeGen.
        if parsed == nil, !chain.isEmpty {
            return SpecNode(value: .mapping([]), file: path, line: 1, column: 1)
        }
        guard let parsed, parsed.mapping != nil else {
            issue(in: path, "an XcodeGen spec must be a mapping (name:, targets:, …)", line: parsed?.line ?? 1,
                  column: parsed?.column ?? 1)
            return nil
        }
        let directory = chain.isEmpty ? projectRoot(of: parsed, at: path) : base ?? PathText.parent(of: path)
        if chain.isEmpty {
            projectFolder = directory
            xcconfigs.projectFolder = directory
        }
        var spec = resolvePaths(in: parsed, relativeTo: directory)
        var merged: SpecNode?
        var included: Set<String> = []
        for include in includes(of: parsed) {
            let target = PathText.join(directory, include.path)
            // XcodeGen would merge a file listed twice twice, doubling its lists; once says the same.
            guard included.insert(target).inserted else { continue }
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
                issue(in: path, "`include: \(include.path)` names no readable file (looked for \(target)"
                      + "\(fileSystem.caseHint(target))); XcodeGen would stop here too",
                      line: include.node.line, column: include.node.column)
                continue
            }
            guard let spec = load(target, chain: chain + [path], base: include.relativePaths ? nil : directory) else { continue }
            guard produce(spec.count(upTo: XcodeGenSpecReader.maximumNodes + 1), at: include.node,
                          what: "`include: \(include.path)`") else { continue }
            merged = merged.map { spec.merged(onto: $0) } ?? spec
        }
        spec = spec.with(.mapping((spec.mapping ?? []).filter { $0.key != "include" }))
        return merged.map { spec.merged(onto: $0) } ?? spec
    }

    /// The folder the spec's own paths start from. XcodeGen takes the spec's folder unless run with
    /// `--project-root`; some repositories keep one spec per app in `Apps/X/project.yml` and generate from the
    /// root (`xcodegen --spec Apps/X/project.yml --project-root .`, or by copying the spec there). So when some of
    /// the spec's includes and sources are missing from its folder, all of them are found from an enclosing
    /// folder, and one of them reaches back into the spec's folder from there (`sources: [Apps/X]`), that folder is
    /// the root.
    private func projectRoot(of spec: SpecNode, at path: String) -> String {
        let folder = PathText.parent(of: path)
        // Resources (`Assets.xcassets`) aren't walked, so only includes and what may hold Swift are looked for.
        let sources = (spec["targets"]?.mapping ?? []).flatMap { _, target in
            (target["sources"].map { $0.sequence ?? [$0] } ?? []).compactMap { $0.string ?? $0["path"]?.string }
        }.filter(Self.mayHoldSwift)
        let paths = (includes(of: spec).map(\.path) + sources).filter { !$0.hasPrefix("/") && !$0.contains("$") }
        func exists(_ path: String) -> Bool { fileSystem.isDirectory(path) || fileSystem.contents(of: path) != nil }
        guard !folder.isEmpty, !paths.allSatisfy({ exists(PathText.join(folder, $0)) }) else { return folder }
        var base = folder
        while !base.isEmpty {
            base = PathText.parent(of: base)
            let joined = paths.map { PathText.join(base, $0) }
            if joined.allSatisfy(exists), joined.contains(where: { $0 == folder || $0.hasPrefix(folder + "/") }) {
                return base
            }
        }
        return folder
    }

    /// `relativePaths: false`: the included file's paths start from the including spec's folder.
    private func includes(of spec: SpecNode) -> [(path: String, node: SpecNode, relativePaths: Bool)] {
        guard let include = spec["include"] else { return [] }
        let entries = include.sequence ?? [include]
        return entries.compactMap { entry in
            if let path = entry.string { return (path, entry, true) }
            guard let path = entry["path"]?.string, entry["enable"]?.bool != false else { return nil }
            return (path, entry, entry["relativePaths"]?.bool != false)
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
                    (name, target.updating("info") { $0.updating("path", rebase) }.updating("sources") { sources in
                        sources.with(.sequence((sources.sequence ?? [sources]).map { source in
                            source.string != nil ? rebase(source) : source.updating("path", rebase)
                        }))
                    }.updating("configFiles") { $0.mapValues(rebase) })
                }
                return (key, value.with(.mapping(targets)))
            case "configFiles":
                return (key, value.mapValues(rebase))
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

    /// `platform: [iOS, tvOS]` makes one target per platform, `Name_iOS` (`platformPrefix`/`platformSuffix`),
    /// with `${platform}` substituted and `PRODUCT_NAME` the name without the platform, as XcodeGen does.
    private mutating func expandPlatforms(_ targets: [(key: String, value: SpecNode)]) -> [(String, SpecNode)] {
        var result: [(String, SpecNode)] = []
        for (name, node) in targets {
            guard let list = node["platform"]?.sequence else {
                result.append((name, node))
                continue
            }
            var platforms: [String] = []
            for entry in list {
                guard let platform = entry.string, !platforms.contains(platform) else { continue }
                guard platforms.count < XcodeGenSpecReader.maximumPlatforms else {
                    facts.unreadTargets.append(issue(at: entry, "target `\(name)` lists more than "
                        + "\(XcodeGenSpecReader.maximumPlatforms) platforms; archlint reads the first "
                        + "\(XcodeGenSpecReader.maximumPlatforms)"))
                    break
                }
                platforms.append(platform)
            }
            let size = node.count(upTo: XcodeGenSpecReader.maximumNodes + 1)
            for platform in platforms {
                guard produce(size, at: node, what: "target `\(name)` on \(platform)") else { break }
                var expanded = substitute(in: node, variables: ["platform": platform], target: name)
                let settings = expanded["settings"]
                let isStructured = settings?.mapping?.contains { ["base", "configs", "groups"].contains($0.key) } ?? false
                let productName = node.with(.scalar(name))
                let namedSettings = isStructured
                    ? (settings ?? node.with(.mapping([]))).settingDefault("PRODUCT_NAME", productName, under: "base")
                    : (settings ?? node.with(.mapping([]))).settingDefault("PRODUCT_NAME", productName, under: nil)
                expanded = expanded.setting("settings", namedSettings).setting("platform", node.with(.scalar(platform)))
                let prefix = expanded["platformPrefix"]?.string ?? ""
                let suffix = expanded["platformSuffix"]?.string ?? "_\(platform)"
                result.append((prefix + name + suffix, expanded))
            }
        }
        return result
    }

    /// The target with its templates (and theirs, each once, as XcodeGen collects them) merged under it, and
    /// `${target_name}` and its `templateAttributes` substituted in one pass; the issue when the node budget
    /// left templates unapplied.
    private mutating func applyTemplates(to target: SpecNode, name: String, templates: SpecNode?)
        -> (SpecNode, ProjectIssue?)
    {
        guard let references = target["templates"]?.sequence, !references.isEmpty else { return (target, nil) }
        var names: [String] = []
        var index = 0
        collectTemplates(references, templates: templates, target: name, into: &names, at: &index, depth: 0)
        var base: SpecNode?
        for templateName in names {
            guard let template = templates?[templateName] else { continue }
            if let exhausted { return (target, exhausted) }
            let size = templateSize(templateName, template)
            guard produce(size, at: target,
                          what: "template `\(templateName)` of target `\(name)`") else { return (target, exhausted) }
            base = base.map { template.merged(onto: $0) } ?? template
        }
        let merged = base.map { target.merged(onto: $0) } ?? target
        var variables = ["target_name": name]
        for entry in merged["templateAttributes"]?.mapping ?? [] where variables[entry.key] == nil {
            if let value = entry.value.string { variables[entry.key] = value }
        }
        return (substitute(in: merged, variables: variables, target: name), nil)
    }

    /// A template's values, counted once whatever number of targets use it.
    private mutating func templateSize(_ name: String, _ template: SpecNode) -> Int {
        if let known = templateSizes[name] { return known }
        let size = template.count(upTo: XcodeGenSpecReader.maximumNodes + 1)
        templateSizes[name] = size
        return size
    }

    private mutating func collectTemplates(
        _ references: [SpecNode], templates: SpecNode?, target: String, into names: inout [String], at index: inout Int,
        depth: Int
    ) {
        for reference in references {
            guard let templateName = reference.string, let template = templates?[templateName] else {
                issue(at: reference, "target `\(target)` uses template `\(reference.string ?? "?")`, which no "
                      + "`targetTemplates:` entry defines")
                continue
            }
            guard !names.contains(templateName) else { continue }
            names.insert(templateName, at: index)
            if depth < 16, let nested = template["templates"]?.sequence {
                collectTemplates(nested, templates: templates, target: target, into: &names, at: &index, depth: depth + 1)
            }
            index += 1
        }
    }

    /// Every key and scalar with `${name}` (and the legacy `$target_name`, `$platform`) replaced in one pass:
    /// a substituted value is never substituted again. A scalar that would grow past
    /// `maximumSubstitutedLength` stays as written, with an issue.
    private mutating func substitute(in node: SpecNode, variables: [String: String], target: String) -> SpecNode {
        var tooLong: SpecNode?
        let result = node.mapScalars { text in
            guard text.contains("$") else { return text }
            guard let expanded = Self.substitute(text, variables: variables) else {
                if tooLong == nil { tooLong = node }
                return text
            }
            return expanded
        }
        if let tooLong {
            issue(at: tooLong, "a value of target `\(target)` would grow past \(XcodeGenSpecReader.maximumSubstitutedLength) "
                  + "characters when its template attributes are substituted; archlint leaves it as written")
        }
        return result
    }

    static func substitute(_ text: String, variables: [String: String]) -> String? {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            rest = rest[dollar...]
            var replaced = false
            if rest.dropFirst().first == "{", let close = rest.firstIndex(of: "}"),
               let value = variables[String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
                replaced = true
            } else {
                for legacy in ["target_name", "platform"] where rest.dropFirst().hasPrefix(legacy) {
                    guard let value = variables[legacy] else { continue }
                    result += value
                    rest = rest.dropFirst(1 + legacy.count)
                    replaced = true
                    break
                }
            }
            if !replaced {
                result.append("$")
                rest = rest.dropFirst()
            }
            if result.utf8.count > XcodeGenSpecReader.maximumSubstitutedLength { return nil }
        }
        result += rest
        return result.utf8.count > XcodeGenSpecReader.maximumSubstitutedLength ? nil : result
    }

    private mutating func readTarget(name: String, node: SpecNode, packages: [String: ProjectPackageReference])
        -> ProjectTarget
    {
        let type = node["type"]?.string
        var decl = ProjectTarget(
            name: name, productTypeIdentifier: type.map { "com.apple.product-type." + $0 },
            productName: node["productName"]?.string, file: node.file, line: node.line, column: node.column)
        if node["legacy"] != nil { decl.productTypeIdentifier = nil; decl.type = .other }
        let readModuleName = moduleName(of: node, name: name, decl: &decl)
        decl.moduleName = readModuleName
        decl.swiftSources = swiftSources(of: node, target: name)
        decl.dependencies = dependencies(of: node, target: name, packages: packages)
        return decl
    }

    private mutating func swiftSources(of target: SpecNode, target name: String) -> [String] {
        guard let sources = target["sources"] else { return [] }
        let entries = sources.sequence ?? [sources]
        guard produce(entries.count, at: target, what: "the sources of target `\(name)`") else { return [] }
        var result: Set<String> = []
        for source in entries {
            guard let path = source.string ?? source["path"]?.string else {
                issue(at: source, "a source of target `\(name)` has no `path`")
                continue
            }
            let type = source["type"]?.string
            let phase = source["buildPhase"]?.string ?? source["buildPhase"].flatMap { $0.mapping?.first?.key }
            if type == "folder" || (phase != nil && phase != "sources") { continue }
            let key = [path, Self.text(of: source["excludes"]), Self.text(of: source["includes"])].joined(separator: "\u{0}")
            if let known = sourceFiles[key] {
                result.formUnion(known)
                continue
            }
            var files: [String] = []
            if fileSystem.isDirectory(path) {
                let excludes = globs(source["excludes"], under: path, target: name)
                let includes = globs(source["includes"], under: path, target: name)
                for file in fileSystem.files(under: path) where file.hasSuffix(".swift") {
                    if Self.insideBundle(file, below: path) { continue }
                    if Self.matches(excludes, file, below: path) { continue }
                    if !includes.isEmpty, !Self.matches(includes, file, below: path) { continue }
                    files.append(file)
                }
            } else if path.hasSuffix(".swift"), fileSystem.contents(of: path) != nil {
                files.append(path)
            } else if Self.mayHoldSwift(path), fileSystem.contents(of: path) == nil, source["optional"]?.bool != true,
                      reportedMissing.insert("\(source.file):\(source.line):\(source.column)").inserted {
                issue(at: source, "source `\(path)` of target `\(name)` doesn't exist; XcodeGen would stop here "
                      + "(mark it `optional: true` if it is generated later)")
            }
            sourceFiles[key] = files
            result.formUnion(files)
        }
        return result.sorted()
    }

    /// Whether a source path that isn't a walked folder could add Swift files: a Swift file or a folder. Resources
    /// (`Assets.xcassets`, `Main.xib`, `Settings.bundle`, `Base.lproj`) never do, and discovery doesn't list them.
    private static func mayHoldSwift(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return true }
        return name[name.index(after: dot)...] == "swift"
    }

    /// A glob list as one string, for memoising a source entry.
    private static func text(of node: SpecNode?) -> String {
        guard let node else { return "" }
        return (node.sequence ?? [node]).compactMap(\.string).joined(separator: "\u{1}")
    }

    // MARK: Build settings

    /// The module name the target's settings give it in the default configuration (`options.defaultConfig`, else
    /// the first release configuration), through `settings:` (groups, base, per-configuration) and `configFiles:`,
    /// the target's over the project's; nil (with an issue) when it rests on something archlint can't read.
    private mutating func moduleName(of target: SpecNode, name: String, decl: inout ProjectTarget) -> String? {
        let configuration = defaultConfiguration()
        var levels: [BuildSettingStack.Level] = []
        for owner in [target, spec] {
            levels.append(BuildSettingStack.Level(settings(owner?["settings"], configuration: configuration, depth: 0)))
            if let path = owner?["configFiles"]?[configuration]?.string {
                let file = xcconfigs.settings(of: path)
                levels += file.levels(path: path)
            }
        }
        facts.issues += xcconfigs.issues.dropFirst(reportedXCConfigIssues)
        reportedXCConfigIssues = xcconfigs.issues.count
        let stack = BuildSettingStack(
            levels: levels, targetName: name, projectName: facts.name, configuration: configuration)
        decl.swiftSettings = stack.swiftSettings(source: facts.path)
        decl.platform = Self.platform(of: target, settings: stack)
        // `info: path:` is the spec's (made relative to the root when loaded); `INFOPLIST_FILE` the project folder's.
        if let plist = target["info"]?["path"]?.string ?? stack.value(of: "INFOPLIST_FILE").map({ PathText.join(projectFolder, $0) }) {
            decl.principalClassModules = InfoPlistClasses.modules(inPlistAt: plist, fileSystem: fileSystem)
        }
        testHosts.note(target: name, type: decl.type, settings: stack, productNames: decl.productName.map { [$0] } ?? [])
        switch stack.moduleName() {
        case .success(let moduleName):
            return moduleName
        case .failure(let problem):
            issue(at: target, "the module name of target `\(name)` can't be known (\(problem.reason), in its "
                  + "\(configuration) configuration): archlint takes it to be `\(ModuleNaming.c99Identifier(name))`; "
                  + "imports of it may be misread")
            return nil
        }
    }

    /// `SDKROOT` from the settings, else the target's `platform:` (XcodeGen sets `SDKROOT` from it); nil for a
    /// target with `supportedDestinations` (several platforms) or a platform XcodeGen writes as `auto`.
    private static func platform(of target: SpecNode, settings: BuildSettingStack) -> ApplePlatform? {
        guard target["supportedDestinations"] == nil else { return nil }
        if settings.sets("SDKROOT") || settings.sets("SUPPORTED_PLATFORMS") { return settings.platform() }
        switch target["platform"]?.string {
        case "iOS": return .iOS
        case "macOS": return .macOS
        case "tvOS": return .tvOS
        case "watchOS": return .watchOS
        case "visionOS": return .visionOS
        default: return nil
        }
    }

    /// `options.defaultConfig`, else the first configuration of type release (`configs:`; XcodeGen's default
    /// is `Debug` and `Release`), else the first.
    private func defaultConfiguration() -> String {
        if let name = spec?["options"]?["defaultConfig"]?.string { return name }
        guard let configs = spec?["configs"]?.mapping, !configs.isEmpty else { return "Release" }
        return (configs.first { $0.value.string?.lowercased() == "release" } ?? configs[0]).key
    }

    /// XcodeGen's `settings:`: a plain mapping of settings, or `groups:` (from `settingGroups:`), `base:` and
    /// `configs:` (a key matches every configuration whose name contains it, unless it names another exactly).
    private func settings(_ node: SpecNode?, configuration: String, depth: Int) -> [String: String] {
        guard let node, let entries = node.mapping, depth < 8 else { return [:] }
        guard entries.contains(where: { ["base", "configs", "groups"].contains($0.key) }) else {
            return Self.plainSettings(node)
        }
        var result: [String: String] = [:]
        let groups = spec?["settingGroups"] ?? spec?["settingPresets"]
        for group in node["groups"]?.sequence ?? [] {
            guard let name = group.string else { continue }
            result.merge(settings(groups?[name], configuration: configuration, depth: depth + 1)) { $1 }
        }
        result.merge(Self.plainSettings(node["base"])) { $1 }
        let configNames = spec?["configs"]?.mapping?.map(\.key) ?? ["Debug", "Release"]
        for (variant, variantSettings) in node["configs"]?.mapping ?? [] {
            guard configuration.lowercased().contains(variant.lowercased()) else { continue }
            if configNames.contains(where: { $0 == variant && $0 != configuration }) { continue }
            result.merge(settings(variantSettings, configuration: configuration, depth: depth + 1)) { $1 }
        }
        return result
    }

    private static func plainSettings(_ node: SpecNode?) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in node?.mapping ?? [] where !key.contains("[") {
            if let text = value.string { result[key] = text }
        }
        return result
    }

    private mutating func globs(_ node: SpecNode?, under directory: String, target: String) -> [Glob] {
        guard let node else { return [] }
        return (node.sequence ?? [node]).compactMap { pattern in
            guard let text = pattern.string else { return nil }
            do {
                return try Glob(PathText.join(directory, text), pathCase: fileSystem.pathCase)
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

    @discardableResult
    private mutating func issue(at node: SpecNode, _ message: String) -> ProjectIssue {
        issue(in: node.file, message, line: node.line, column: node.column)
    }

    @discardableResult
    private mutating func issue(in file: String, _ message: String, line: Int, column: Int) -> ProjectIssue {
        let issue = ProjectIssue(file: file, message: message, line: line, column: column)
        facts.issues.append(issue)
        return issue
    }
}

private extension SpecNode {
    /// This mapping with the value at `key` transformed (unchanged when absent or not a mapping).
    func updating(_ key: String, _ transform: (SpecNode) -> SpecNode) -> SpecNode {
        guard let entries = mapping, entries.contains(where: { $0.key == key }) else { return self }
        return with(.mapping(entries.map { $0.key == key ? ($0.key, transform($0.value)) : $0 }))
    }

    /// A mapping with every value transformed (anything else unchanged).
    func mapValues(_ transform: (SpecNode) -> SpecNode) -> SpecNode {
        guard let entries = mapping else { return self }
        return with(.mapping(entries.map { ($0.key, transform($0.value)) }))
    }

    /// This mapping with `key` set to `value` (replaced, or added at the end).
    func setting(_ key: String, _ value: SpecNode) -> SpecNode {
        var entries = (mapping ?? []).filter { $0.key != key }
        entries.append((key, value))
        return with(.mapping(entries))
    }

    /// Settings with `key` set to `value` unless already set, at the top or under `section` (`base`).
    func settingDefault(_ key: String, _ value: SpecNode, under section: String?) -> SpecNode {
        guard let section else { return self[key] == nil ? setting(key, value) : self }
        let inner = self[section] ?? with(.mapping([]))
        return setting(section, inner[key] == nil ? inner.setting(key, value) : inner)
    }

    /// The number of values in this tree, counting no further than `limit`.
    func count(upTo limit: Int) -> Int {
        var total = 0
        var stack = [self]
        while let node = stack.popLast(), total < limit {
            total += 1
            switch node.value {
            case .scalar: break
            case .sequence(let items): stack.append(contentsOf: items)
            case .mapping(let entries): stack.append(contentsOf: entries.map(\.value))
            }
        }
        return total
    }

    /// A scalar transformed; any other value unchanged.
    func mapScalarsInPlace(_ transform: (String) -> String) -> SpecNode {
        guard let text = string else { return self }
        return with(.scalar(transform(text)))
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
