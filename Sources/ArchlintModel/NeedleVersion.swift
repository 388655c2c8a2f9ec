/// A release of uber/needle, `major.minor.patch` (`v0.17.2`, `0.24` read as `0.24.0`).
public struct NeedleVersion: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// nil unless the text is a version: an optional `v`, then one to three dot-separated numbers.
    public init?(_ text: String) {
        var text = Substring(text)
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    public static func < (lhs: NeedleVersion, rhs: NeedleVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    /// The next release after this one (the exclusive upper bound of an exact pin).
    public var nextPatch: NeedleVersion { NeedleVersion(major, minor, patch + 1) }
}

/// What one file says about the needle an app builds with: a lockfile's resolved version, or a manifest's
/// requirement (a range; `from:` bounds it below only up to the next major release).
public struct NeedleVersionReading: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Podfile.lock, Package.resolved, Cartfile.resolved: the version that was resolved.
        case lockfile
        /// Package.swift, Tuist's Dependencies.swift or Package.swift: the versions the manifest allows.
        case requirement
        /// A committed NeedleGenerated.swift: the versions whose output has its layout. Read only where no lockfile
        /// pins a release (a branch pin, no lockfile): the needle that wrote the file is the best word left.
        case generatedFile
    }

    public var kind: Kind
    public var file: String
    public var line: Int
    /// The directory whose projects and packages the file speaks for (`App/` for
    /// `App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved` or `App/Tuist/Package.resolved`).
    public var directory: String
    /// The lowest version allowed, inclusive; nil when the file allows any (a branch or revision pin).
    public var lower: NeedleVersion?
    /// The first version not allowed; nil when unbounded above.
    public var upper: NeedleVersion?
    /// As written: `0.17.2`, `from: "0.19.0"`, `branch: "main"`.
    public var written: String

    public init(
        kind: Kind, file: String, line: Int, directory: String, lower: NeedleVersion?, upper: NeedleVersion?, written: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.directory = directory
        self.lower = lower
        self.upper = upper
        self.written = written
    }

    /// `Podfile.lock:11`.
    public var place: String { "\(file):\(line)" }

    /// Whether the file speaks for a project or package in `directory` (its own directory or one below it).
    public func governs(_ directory: String) -> Bool {
        self.directory.isEmpty || directory == self.directory || directory.hasPrefix(self.directory + "/")
    }
}

/// The needle version a generated file's layout looks like, from what each release changed in its output.
public enum NeedleLayout {
    /// `nil` for needle 0.25.1's own layout; else the versions whose output looks like this.
    public static func olderVersion(of text: String) -> String? {
        versions(of: text)?.written
    }

    /// The releases whose output looks like `text`: `written` is nil for needle 0.25.1's own layout, and the whole
    /// answer nil for a layout no release writes.
    static func versions(of text: String) -> (lower: NeedleVersion?, upper: NeedleVersion?, written: String?)? {
        if text.contains("registerDependencyProviderFactory(for: \"") && !text.contains("registerProviderFactory(\"") {
            return (nil, NeedleVersion(0, 18, 0), "0.17 or earlier")
        }
        if !text.contains("NEEDLE_DYNAMIC") { return (NeedleVersion(0, 18, 0), NeedleVersion(0, 19, 0), "0.18") }
        if !text.contains("@inline(never)") && text.contains("registerProviderFactory(\"") {
            return (NeedleVersion(0, 19, 0), NeedleVersion(0, 20, 0), "0.19")
        }
        if text.contains(": NeedleFoundation.Registration {") { return (NeedleVersion(0, 25, 1), nil, nil) }
        let hasLocalTable = text.contains("localTable[\"")
        if hasLocalTable && !text.contains("[unowned self] in") {
            return (NeedleVersion(0, 20, 0), NeedleVersion(0, 22, 0), "0.20 or 0.21")
        }
        if text.contains(": Registration {") {
            return hasLocalTable ? (NeedleVersion(0, 22, 0), NeedleVersion(0, 25, 1), "0.22 to 0.25.0")
                : (NeedleVersion(0, 20, 0), NeedleVersion(0, 25, 1), "0.20 to 0.25.0")
        }
        return nil
    }

    /// What a committed generated file says about the needle that wrote it, for apps whose lockfiles pin no
    /// release (`NeedleProviderRule`).
    public static func reading(of file: ScannedFile) -> NeedleVersionReading? {
        guard file.facts.isNeedleGenerated, let text = file.facts.generatedText, let layout = versions(of: text) else { return nil }
        return NeedleVersionReading(
            kind: .generatedFile, file: file.path, line: 1, directory: "", lower: layout.lower, upper: layout.upper,
            written: "needle \(layout.written ?? "0.25.1")'s layout")
    }
}
