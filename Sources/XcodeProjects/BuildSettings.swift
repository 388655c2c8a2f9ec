import ArchlintModel

/// A target's build settings for one configuration as Xcode layers them, highest precedence first: the target's
/// own settings, the target's xcconfig, the project's settings, the project's xcconfig, then Xcode's defaults
/// (`PRODUCT_NAME = $(TARGET_NAME)`, `PRODUCT_MODULE_NAME = $(PRODUCT_NAME:c99extidentifier)`). Only what a
/// module name needs is evaluated: `$(VAR)`/`${VAR}` (nested too), `$(inherited)`, and the modifiers
/// `c99extidentifier`, `identifier`, `rfc1034identifier`, `lower`, `upper` and `default=`; conditional keys
/// (`KEY[sdk=…]`) are not read.
public struct BuildSettingStack {
    public struct Level {
        var values: [String: String]
        /// An xcconfig file (or a manifest's settings expression, `Project.swift:12`) that could not be read: what it
        /// sets is unknown.
        var unreadFile: String?

        public init(_ values: [String: String], unreadFile: String? = nil) {
            self.values = values
            self.unreadFile = unreadFile
        }

        /// Whether this level is an unread file that may set `key`.
        func mayUnreadablySet(_ key: String) -> Bool {
            guard let unreadFile else { return false }
            return !CocoaPods.isGeneratedXCConfig(unreadFile) || !BuildSettingStack.untouchedByCocoaPods.contains(key)
        }
    }

    /// Highest precedence first; the defaults come after them.
    var levels: [Level]
    var targetName: String
    var projectName: String
    var configuration: String

    public init(levels: [Level], targetName: String, projectName: String, configuration: String) {
        self.levels = levels
        self.targetName = targetName
        self.projectName = projectName
        self.configuration = configuration
    }

    /// The module name, or why it can't be known (a variable set nowhere archlint reads, an xcconfig it could not
    /// read that may set `PRODUCT_NAME`, a reference cycle).
    func moduleName() -> Result<String, BuildSettingProblem> {
        var evaluator = BuildSettingEvaluator(stack: self)
        let name = evaluator.value(of: "PRODUCT_MODULE_NAME", from: 0, depth: 0)
        if let problem = evaluator.problem { return .failure(problem) }
        guard !name.isEmpty else {
            return .failure(BuildSettingProblem(reason: "`PRODUCT_MODULE_NAME` evaluates to an empty name"))
        }
        return .success(name)
    }

    /// The Swift settings (`SWIFT_VERSION`, `SWIFT_DEFAULT_ACTOR_ISOLATION`, `SWIFT_STRICT_CONCURRENCY`, and
    /// `-swift-version`, `-default-isolation`, `-strict-concurrency=` in `OTHER_SWIFT_FLAGS`, which Xcode passes after
    /// the settings' own flags, so they win) as the same lookup evaluates them; a setting no level sets, or whose
    /// value rests on what can't be read, is nil, and `unread` says what archlint couldn't read.
    public func swiftSettings(source: String) -> SwiftLanguageSettings {
        var unread: String?
        func read(_ key: String) -> String? {
            let result = evaluated(key)
            if case .failure(let problem) = result { unread = unread ?? problem.reason }
            return try? result?.get()
        }
        let flags = read("OTHER_SWIFT_FLAGS").map(Self.flagWords) ?? []
        var settings = SwiftLanguageSettings(
            languageMode: Self.flag("-swift-version", in: flags).flatMap(SwiftLanguageSettings.languageMode)
                ?? read("SWIFT_VERSION").flatMap(SwiftLanguageSettings.languageMode),
            defaultIsolation: Self.flag("-default-isolation", in: flags).flatMap(SwiftLanguageSettings.isolation)
                ?? read("SWIFT_DEFAULT_ACTOR_ISOLATION").flatMap(SwiftLanguageSettings.isolation),
            strictConcurrency: Self.flag("-strict-concurrency", in: flags).flatMap(SwiftLanguageSettings.strictConcurrency)
                ?? read("SWIFT_STRICT_CONCURRENCY").flatMap(SwiftLanguageSettings.strictConcurrency),
            source: source)
        settings.unread = unread
        return settings
    }

    /// `-a b "-c d"` as the words a shell would give (quotes removed, no escapes).
    static func flagWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var started = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started || !word.isEmpty { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        return words
    }

    /// The value of the last `name value` or `name=value` among `words` (the compiler takes the last one).
    static func flag(_ name: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == name, index + 1 < words.count { found = words[index + 1] }
            if word.hasPrefix(name + "=") { found = String(word.dropFirst(name.count + 1)) }
        }
        return found
    }

    /// A setting's value, or why it can't be known; nil when no level sets it (and nothing unread may).
    private func evaluated(_ key: String) -> Result<String, BuildSettingProblem>? {
        guard levels.contains(where: { $0.values[key] != nil || $0.mayUnreadablySet(key) }) else { return nil }
        var evaluator = BuildSettingEvaluator(stack: self)
        let value = evaluator.value(of: key, from: 0, depth: 0)
        if let problem = evaluator.problem { return .failure(problem) }
        return .success(value)
    }

    /// A setting's value; nil when no level sets it or it can't be evaluated.
    func value(of key: String) -> String? {
        guard levels.contains(where: { $0.values[key] != nil }) else { return nil }
        var evaluator = BuildSettingEvaluator(stack: self)
        let value = evaluator.value(of: key, from: 0, depth: 0)
        return evaluator.problem == nil ? value : nil
    }

    /// Whether a level sets `key` (whatever its value).
    func sets(_ key: String) -> Bool { levels.contains { $0.values[key] != nil } }

    /// The app a test bundle runs in (`TEST_HOST`, else `BUNDLE_LOADER`, which Xcode and XcodeGen write as
    /// `$(TEST_HOST)`), as the app bundle's name: `My App` for `$(BUILT_PRODUCTS_DIR)/My App.app/My App` (or
    /// `…/My App.app/Contents/MacOS/My App`); nil when neither is set, can't be evaluated, or names no `.app`.
    func testHostBundle() -> String? {
        for key in ["TEST_HOST", "BUNDLE_LOADER"] {
            guard let path = value(of: key) else { continue }
            if let bundle = path.split(separator: "/").last(where: { $0.hasSuffix(".app") && $0.count > 4 }) {
                return String(bundle.dropLast(4))
            }
        }
        return nil
    }

    /// The one platform `SDKROOT` names, when `SUPPORTED_PLATFORMS` (if set) names no other; nil when neither
    /// says, either can't be evaluated, or they name several (a multiplatform target, `SDKROOT = auto`).
    func platform() -> ApplePlatform? {
        guard case .success(let sdk)? = evaluated("SDKROOT"), let platform = ApplePlatform(sdk: sdk) else { return nil }
        switch evaluated("SUPPORTED_PLATFORMS") {
        case nil:
            return platform
        case .success(let list)?:
            let named = Self.flagWords(list).map { ApplePlatform(sdk: $0) }
            return named.allSatisfy({ $0 == platform }) ? platform : nil
        case .failure?:
            return nil
        }
    }

    /// The product's name (`PRODUCT_NAME`, whose default is the target's name); nil when it can't be evaluated.
    func productName() -> String? {
        var evaluator = BuildSettingEvaluator(stack: self)
        let name = evaluator.value(of: "PRODUCT_NAME", from: 0, depth: 0)
        return evaluator.problem == nil && !name.isEmpty ? name : nil
    }

    /// Settings CocoaPods' generated xcconfigs (`Pods/Target Support Files/…`) never set: they write search paths,
    /// linker flags and `PODS_*` variables. `pod install` writes them, so a clone without `Pods/` can't read
    /// them, yet these stay known.
    static let untouchedByCocoaPods: Set<String> = ["SDKROOT", "SUPPORTED_PLATFORMS"]

    static let defaults: [String: String] = [
        "PRODUCT_NAME": "$(TARGET_NAME)",
        "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
    ]
}

struct BuildSettingProblem: Error, Equatable {
    var reason: String
}

private struct BuildSettingEvaluator {
    static let maximumDepth = 32
    static let maximumLength = 4096

    let stack: BuildSettingStack
    private(set) var problem: BuildSettingProblem?

    init(stack: BuildSettingStack) {
        self.stack = stack
    }

    private var builtins: [String: String] {
        // `BUILT_PRODUCTS_DIR` and `BUNDLE_EXECUTABLE_FOLDER_PATH` only locate a test host's app inside a path
        // (`testHostBundle` reads the `.app` component): any folder will do.
        ["TARGET_NAME": stack.targetName, "PROJECT_NAME": stack.projectName, "CONFIGURATION": stack.configuration,
         "BUILT_PRODUCTS_DIR": "BUILT_PRODUCTS_DIR", "BUNDLE_EXECUTABLE_FOLDER_PATH": "Contents/MacOS"]
    }

    /// The value of `key` looked up from level `start` down (the defaults last).
    mutating func value(of key: String, from start: Int, depth: Int) -> String {
        guard problem == nil else { return "" }
        if start == 0, let builtin = builtins[key] { return builtin }
        var unread: [String] = []
        for index in start..<stack.levels.count {
            let level = stack.levels[index]
            if let file = level.unreadFile {
                if level.mayUnreadablySet(key) { unread.append(file) }
                continue
            }
            if let raw = level.values[key] { return expand(raw, key: key, level: index, depth: depth) }
        }
        // Not set anywhere archlint read. An unread xcconfig may set it, except the module name itself, which
        // almost no project sets and every project that does also sets elsewhere what archlint reads.
        if !unread.isEmpty, key != "PRODUCT_MODULE_NAME" {
            fail("`\(key)` may be set in \(unread.map { "`\($0)`" }.joined(separator: ", ")), which can't be read")
            return ""
        }
        if let fallback = BuildSettingStack.defaults[key] {
            return expand(fallback, key: key, level: stack.levels.count, depth: depth)
        }
        fail("`$(\(key))` is set nowhere in the build settings archlint reads (the project's and targets' settings "
             + "and their xcconfig files)")
        return ""
    }

    private mutating func fail(_ reason: String) {
        if problem == nil { problem = BuildSettingProblem(reason: reason) }
    }

    /// `text` with every `$(…)`/`${…}` replaced; `$(inherited)` is `key` from the level below `level`.
    private mutating func expand(_ text: String, key: String, level: Int, depth: Int) -> String {
        guard depth < Self.maximumDepth else {
            fail("`\(key)` refers to itself through \(Self.maximumDepth) references (a cycle)")
            return ""
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count, problem == nil {
            let scalar = scalars[index]
            guard scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" || scalars[index + 1] == "{",
                  let close = Self.closing(scalars, from: index + 1) else {
                result.append(scalar)
                index += 1
                continue
            }
            let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
            let reference = expand(inner, key: key, level: level, depth: depth + 1)
            var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst()
            var value = name == "inherited"
                ? (mayBeSet(key, from: level + 1) ? value(of: key, from: level + 1, depth: depth + 1) : "")
                : value(of: name, from: 0, depth: depth + 1)
            for modifier in parts { value = apply(modifier, to: value) }
            result.append(contentsOf: value.unicodeScalars)
            if result.count > Self.maximumLength {
                fail("`\(key)` expands to more than \(Self.maximumLength) characters")
                return ""
            }
            index = close + 1
        }
        return String(result)
    }

    /// Whether a level from `start` down, an unread one or a default may set `key` (`$(inherited)` is empty where
    /// nothing is).
    private func mayBeSet(_ key: String, from start: Int) -> Bool {
        guard start < stack.levels.count else { return BuildSettingStack.defaults[key] != nil }
        return stack.levels[start...].contains { $0.values[key] != nil || $0.unreadFile != nil }
            || BuildSettingStack.defaults[key] != nil
    }

    /// The index of the `)` or `}` closing the one opened at `open`, nesting counted.
    private static func closing(_ scalars: [Unicode.Scalar], from open: Int) -> Int? {
        let opener = scalars[open]
        let closer: Unicode.Scalar = opener == "(" ? ")" : "}"
        var depth = 0
        for index in open..<scalars.count {
            if scalars[index] == opener { depth += 1 }
            if scalars[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private mutating func apply(_ modifier: String, to value: String) -> String {
        if modifier.hasPrefix("default=") { return value.isEmpty ? String(modifier.dropFirst("default=".count)) : value }
        switch modifier {
        case "c99extidentifier", "identifier": return ModuleNaming.c99Identifier(value)
        case "rfc1034identifier":
            return String(String.UnicodeScalarView(value.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." ? $0 : "-"
            }))
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default:
            fail("the modifier `:\(modifier)` is not one archlint evaluates")
            return value
        }
    }
}

/// Reads xcconfig files with their `#include`s (`#include?` optional), each file once per reader, bounded in
/// depth and in files, never outside the scanned root (the file system refuses those reads).
public struct XCConfigFiles {
    static let maximumIncludeDepth = 16
    static let maximumFiles = 256

    public struct Flattened {
        /// Unconditional settings in the order assignments override each other.
        public var values: [String: String]
        /// False when the file itself can't be read.
        public var readable: Bool
        /// Included files that `pod install` generates and the tree lacks (`CocoaPods.isGeneratedXCConfig`): what
        /// they set is unknown, as for an unread base configuration, and no fault of the file.
        public var unreadIncludes: [String] = []

        /// The file's levels in a target's stack: its settings, then what its unread includes may set; or, unread,
        /// the file itself.
        public func levels(path: String) -> [BuildSettingStack.Level] {
            guard readable else { return [BuildSettingStack.Level([:], unreadFile: path)] }
            return [BuildSettingStack.Level(values)] + unreadIncludes.map { BuildSettingStack.Level([:], unreadFile: $0) }
        }
    }

    let fileSystem: any ProjectFileSystem
    /// The folder of the Xcode project the files configure: an `#include` found nowhere beside its file is looked
    /// for there, as Xcode does (element-ios' `Riot/Common.xcconfig` includes the root's `Config/AppVersion.xcconfig`).
    public var projectFolder: String?
    private var cache: [String: Flattened] = [:]
    public private(set) var issues: [ProjectIssue] = []
    private var filesRead = 0

    public init(fileSystem: any ProjectFileSystem, projectFolder: String? = nil) {
        self.fileSystem = fileSystem
        self.projectFolder = projectFolder
    }

    /// The settings of the xcconfig at `path` (relative to the root), its includes merged in place.
    public mutating func settings(of path: String) -> Flattened {
        if let cached = cache[path] { return cached }
        let result = read(path, chain: [])
        cache[path] = result
        return result
    }

    private mutating func read(_ path: String, chain: [String]) -> Flattened {
        if let cached = cache[path] { return cached }
        guard filesRead < Self.maximumFiles, let bytes = fileSystem.contents(of: path)
        else {
            return Flattened(values: [:], readable: false)
        }
        filesRead += 1
        var values: [String: String] = [:]
        var unreadIncludes: [String] = []
        var lineNumber = 0
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if let comment = Self.commentStart(in: line) { line = line[..<comment] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                include(line, in: path, line: lineNumber, chain: chain + [path], into: &values, unread: &unreadIncludes)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmed(of: " \t")
            guard !key.isEmpty, !key.contains("[") else { continue }
            var value = line[line.index(after: equals)...].trimmed(of: " \t\r")
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmed(of: " \t") }
            // `$(inherited)` after an include that set the key means the included value.
            if let earlier = values[key], value.contains("$(inherited)") {
                value = value.replacingAll("$(inherited)", with: earlier)
            }
            values[key] = value
        }
        let result = Flattened(values: values, readable: true, unreadIncludes: unreadIncludes)
        cache[path] = result
        return result
    }

    /// Where a `//` comment starts.
    private static func commentStart(in line: Substring) -> Substring.Index? {
        var previousWasSlash = false
        for index in line.indices {
            if line[index] == "/" {
                if previousWasSlash { return line.index(before: index) }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
        }
        return nil
    }

    private mutating func include(
        _ line: Substring, in path: String, line lineNumber: Int, chain: [String], into values: inout [String: String],
        unread: inout [String]
    ) {
        let optional = line.hasPrefix("#include?")
        let rest = line.dropFirst(optional ? "#include?".count : "#include".count).trimmed(of: " \t\r")
        guard rest.hasPrefix("\""), rest.count >= 2, rest.hasSuffix("\"") else {
            // `<…>` names a file of the developer directory, never of the repository.
            if !rest.hasPrefix("<") { issue(in: path, "an `#include` archlint can't read: \(rest)", line: lineNumber) }
            return
        }
        let target = String(rest.dropFirst().dropLast())
        var resolved = PathText.join(PathText.parent(of: path), target)
        if target.hasPrefix("/") || resolved.hasPrefix("..") {
            issue(in: path, "`#include \"\(target)\"` leads outside the scanned root; archlint doesn't read it", line: lineNumber)
            return
        }
        if chain.contains(resolved) {
            issue(in: path, "`#include \"\(target)\"` includes itself (an include cycle); remove it", line: lineNumber)
            return
        }
        if chain.count >= Self.maximumIncludeDepth {
            issue(in: path, "includes nest deeper than \(Self.maximumIncludeDepth) files; `\(target)` is not read",
                  line: lineNumber)
            return
        }
        var included = read(resolved, chain: chain)
        if !included.readable, let projectFolder {
            let fromProject = PathText.join(projectFolder, target)
            if fromProject != resolved, !fromProject.hasPrefix(".."), !chain.contains(fromProject) {
                let other = read(fromProject, chain: chain)
                if other.readable { (included, resolved) = (other, fromProject) }
            }
        }
        if !included.readable {
            if CocoaPods.isGeneratedXCConfig(resolved) {
                unread.append(resolved)
            } else if !optional {
                issue(in: path, "`#include \"\(target)\"` names no readable file (looked for \(resolved)"
                      + "\(fileSystem.caseHint(resolved))); settings it sets are unknown to archlint", line: lineNumber)
            }
            return
        }
        for (key, value) in included.values { values[key] = value }
        unread += included.unreadIncludes
    }

    private mutating func issue(in file: String, _ message: String, line: Int) {
        issues.append(ProjectIssue(file: file, message: message, line: line, column: 1))
    }
}

private extension StringProtocol {
    func trimmed(of characters: String) -> String {
        let set = Set(characters)
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
