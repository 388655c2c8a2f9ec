import ArchlintModel
import Foundation
import Manifests

/// Reads which needle (uber/needle, NeedleFoundation) the apps build with, statically: the version a lockfile
/// resolved (`Podfile.lock`, `Package.resolved` in the v1, v2 and v3 formats wherever SwiftPM, Xcode and Tuist keep
/// it, `Cartfile.resolved`) and the versions a manifest allows (`Package.swift`, Tuist's `Dependencies.swift` and
/// `Package.swift`). A lockfile that mentions needle but can't be read is an `unreadable-file` warning at the file;
/// archlint then knows no version from it.
struct NeedleVersions {
    let fileSystem: WalkedFileSystem

    struct Result {
        var readings: [NeedleVersionReading] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Lockfile names the walk lists as project inputs (`DirectoryWalker.isProjectFile`).
    static let lockfileNames: Set<String> = ["Podfile.lock", "Package.resolved", "Cartfile.resolved"]

    /// - Parameter packages: the scanned Package.swift projects; their `dependencies:` give requirements.
    func read(packages: [ProjectFacts]) -> Result {
        var result = Result()
        for path in fileSystem.files(under: "") {
            let name = RelativePath.lastComponent(path)
            let isTuistManifest = (name == "Dependencies.swift" || name == "Package.swift")
                && TuistFolder.matches(RelativePath.lastComponent(RelativePath.parent(path)))
            guard Self.lockfileNames.contains(name) || isTuistManifest,
                  let bytes = try? fileSystem.read(path).get() else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let directory = Self.directory(of: path)
            let outcome: Outcome
            switch name {
            case "Podfile.lock": outcome = Self.podfileLock(text)
            case "Package.resolved": outcome = Self.packageResolved(text)
            case "Cartfile.resolved": outcome = Self.cartfileResolved(text)
            default: outcome = Self.requirementsInText(text)
            }
            switch outcome {
            case .none: continue
            case .found(let found):
                result.readings += found.map { reading in
                    NeedleVersionReading(
                        kind: isTuistManifest ? .requirement : .lockfile, file: path, line: reading.line,
                        directory: directory, lower: reading.lower, upper: reading.upper, written: reading.written)
                }
            case .malformed(let reason, let line):
                var diagnostic = PipelineDiagnostics.unreadable(
                    path, "\(path) mentions needle but \(reason); archlint read no needle version from it and assumes "
                        + "needle 0.24 or later for the apps it speaks for. Fix the file (or let its tool rewrite it).")
                diagnostic.location.line = max(line, 1)
                result.diagnostics.append(diagnostic)
            }
        }
        for package in packages where package.source == .swiftpm {
            for dependency in package.packages where Self.isNeedle(dependency.identity ?? "") || Self.isNeedleURL(dependency.location) {
                let range = Self.range(ofRequirement: dependency.requirement ?? "")
                result.readings.append(NeedleVersionReading(
                    kind: .requirement, file: package.path, line: dependency.line ?? 1, directory: package.directory,
                    lower: range.lower, upper: range.upper, written: dependency.requirement ?? "(no version)"))
            }
        }
        result.readings.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return result
    }

    // MARK: - Where a file speaks for

    /// The directory whose projects a lockfile or Tuist manifest speaks for: the folder holding the `.xcodeproj`,
    /// `.xcworkspace` or `Tuist/` folder it sits in, else its own folder.
    static func directory(of path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        if let bundle = components.lastIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
            // `App.xcodeproj/project.xcworkspace/…`: the first bundle of the run is the one in the app's folder.
            var first = bundle
            while first > 0, components[first - 1].hasSuffix(".xcodeproj") || components[first - 1].hasSuffix(".xcworkspace") {
                first -= 1
            }
            return components[..<first].joined(separator: "/")
        }
        if let tuist = components.dropLast().lastIndex(where: TuistFolder.matches) {
            return components[..<tuist].joined(separator: "/")
        }
        return RelativePath.parent(path)
    }

    // MARK: - Formats

    struct Found: Equatable {
        var line: Int
        var lower: NeedleVersion?
        var upper: NeedleVersion?
        var written: String
    }

    enum Outcome: Equatable {
        /// The file says nothing about needle.
        case none
        case found([Found])
        case malformed(String, line: Int)
    }

    static func isNeedle(_ identity: String) -> Bool {
        identity.lowercased() == "needle" || identity.lowercased() == "needlefoundation"
    }

    static func isNeedleURL(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.contains("uber/needle") || PackageCheckouts.folderName(ofURL: lowered) == "needle"
    }

    /// The commits uber/needle tagged as releases, 0.17.0 on: a branch or commit pin at one of them builds that
    /// release (a tag's commit never changes).
    static let releaseRevisions: [String: NeedleVersion] = [
        "a45fb8f4571cab3fe0a57b03f271ba6d10e62cc1": NeedleVersion(0, 17, 0),
        "3ac31475379b5a6c18a31436c15d072189e8f5f1": NeedleVersion(0, 17, 1),
        "6a2d5e25cd3c77ddfa57835e991469db791c4744": NeedleVersion(0, 17, 2),
        "32b816e7e10cdb094abe10d1824d354d6e279e80": NeedleVersion(0, 18, 0),
        "bf2d46c461476fec7398f3b6a7bb70556e6925f0": NeedleVersion(0, 18, 1),
        "9d15211866bd307c7bfef789fe77ce1e97aeb978": NeedleVersion(0, 19, 0),
        "91424b78d4a739bcea16f05d6c2f7a7ae5a0c83a": NeedleVersion(0, 20, 0),
        "e2ad104ba2f6fec81b1c4497e1b84cda123a94c6": NeedleVersion(0, 21, 0),
        "d3eaf696ad2e4c3e25618cfa3643402fdd237f7a": NeedleVersion(0, 22, 0),
        "2f2856d4fbe8f8828ebda86e69960007f5577f37": NeedleVersion(0, 23, 0),
        "6db73ae873952794b94fd6bb5111554e23c160af": NeedleVersion(0, 24, 0),
        "23cdde0471ee7f2360cd5fde626d0526f2d17924": NeedleVersion(0, 25, 0),
        "69f7a889d2736f2621c6083ac29e0a75d158f249": NeedleVersion(0, 25, 1),
    ]

    private static func exact(_ version: NeedleVersion, line: Int, written: String) -> Found {
        Found(line: line, lower: version, upper: version.nextPatch, written: written)
    }

    /// `  - NeedleFoundation (0.17.2)` under `PODS:`.
    static func podfileLock(_ text: String) -> Outcome {
        guard text.contains("NeedleFoundation") else { return .none }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- NeedleFoundation (") || trimmed.hasPrefix("- \"NeedleFoundation (") else { continue }
            guard let open = trimmed.firstIndex(of: "("), let close = trimmed[open...].firstIndex(of: ")") else {
                return .malformed("its `NeedleFoundation` pod has no version in parentheses", line: index + 1)
            }
            let written = String(trimmed[trimmed.index(after: open)..<close])
            guard let version = NeedleVersion(written) else {
                return .malformed("`\(written)` is not a version", line: index + 1)
            }
            return .found([exact(version, line: index + 1, written: written)])
        }
        return .none
    }

    /// `github "uber/needle" "v0.17.2"`.
    static func cartfileResolved(_ text: String) -> Outcome {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: "\"", omittingEmptySubsequences: false)
            guard fields.count >= 4, isNeedleURL(String(fields[1])) else { continue }
            let written = String(fields[3])
            if let version = NeedleVersion(written) { return .found([exact(version, line: index + 1, written: written)]) }
            if let release = releaseRevisions[written.lowercased()] {
                return .found([exact(release, line: index + 1, written: "commit \(written), release \(release)'s")])
            }
            // A commit pin at no release: any needle.
            return .found([Found(line: index + 1, lower: nil, upper: nil, written: written)])
        }
        return text.lowercased().contains("uber/needle") ? .malformed("no line reads `github \"uber/needle\" \"VERSION\"`", line: 1) : .none
    }

    /// v1: `{"object": {"pins": [{"package": "needle", "repositoryURL": …, "state": {"version": …}}]}}`;
    /// v2 and v3: `{"pins": [{"identity": "needle", "location": …, "state": {"version": …}}]}`.
    static func packageResolved(_ text: String) -> Outcome {
        guard text.lowercased().contains("needle") else { return .none }
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .malformed("it is not a JSON object", line: 1)
        }
        let pins = (object["pins"] as? [Any]) ?? ((object["object"] as? [String: Any])?["pins"] as? [Any])
        guard let pins else { return .malformed("it has no `pins` list", line: 1) }
        var found: [Found] = []
        for case let pin as [String: Any] in pins {
            let identity = (pin["identity"] as? String) ?? (pin["package"] as? String) ?? ""
            let location = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String) ?? ""
            guard isNeedle(identity) || (identity.isEmpty && isNeedleURL(location)) else { continue }
            let line = lineOfPin(identity.isEmpty ? location : identity, in: text)
            let state = pin["state"] as? [String: Any]
            if let written = state?["version"] as? String {
                guard let version = NeedleVersion(written) else {
                    return .malformed("the needle pin's version `\(written)` is not a version", line: line)
                }
                found.append(exact(version, line: line, written: written))
            } else {
                let written = (state?["branch"] as? String).map { "branch \($0)" } ?? "a revision"
                if let revision = state?["revision"] as? String, let release = releaseRevisions[revision.lowercased()] {
                    found.append(exact(release, line: line, written: "\(written), at release \(release)'s commit"))
                } else {
                    // A branch or revision pin at no release: any needle.
                    found.append(Found(line: line, lower: nil, upper: nil, written: written))
                }
            }
        }
        return found.isEmpty ? .none : .found(found)
    }

    private static func lineOfPin(_ name: String, in text: String) -> Int {
        guard let range = text.range(of: "\"\(name)\"") else { return 1 }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// Tuist's `Dependencies.swift` and `Package.swift`: each dependency whose URL is needle's, with its requirement
    /// (`.exact("0.22.0")`, `.upToNextMajor(from: "0.19.0")`, `from: "0.24.0"`, …) read from the text that follows.
    static func requirementsInText(_ text: String) -> Outcome {
        var found: [Found] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let lowered = line.lowercased()
            guard lowered.contains("uber/needle"), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
            // The requirement follows the URL, on its line or the next ones, before the dependency's closing `)`.
            let tail = lines[index...].prefix(4).joined(separator: "\n")
            guard let url = tail.range(of: "uber/needle", options: .caseInsensitive),
                  let closingQuote = tail[url.upperBound...].firstIndex(of: "\"") else { continue }
            let afterURL = String(tail[tail.index(after: closingQuote)...])
            let requirement = dependencyTail(afterURL)
            let range = range(ofRequirement: requirement)
            found.append(Found(line: index + 1, lower: range.lower, upper: range.upper, written: requirement))
        }
        return found.isEmpty ? .none : .found(found)
    }

    /// The text of a dependency after its URL, up to the `)` that closes the dependency.
    private static func dependencyTail(_ text: String) -> String {
        var depth = 0
        var result = ""
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            result.append(character)
        }
        return result.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ", \""))
    }

    /// The versions a SwiftPM or Tuist requirement allows: `exact:`/`.exact(`, `from:`/`.upToNextMajor(from:`,
    /// `.upToNextMinor(from:`, `"a"..<"b"`, `"a"..."b"`; anything else (a branch, a revision) allows any version.
    static func range(ofRequirement text: String) -> (lower: NeedleVersion?, upper: NeedleVersion?) {
        let versions = quoted(text).compactMap(NeedleVersion.init)
        guard let first = versions.first else { return (nil, nil) }
        if text.contains("..<"), versions.count >= 2 { return (first, versions[1]) }
        if text.contains("..."), versions.count >= 2 { return (first, versions[1].nextPatch) }
        if text.contains("exact") { return (first, first.nextPatch) }
        if text.contains("upToNextMinor") { return (first, NeedleVersion(first.major, first.minor + 1, 0)) }
        if text.contains("from") { return (first, NeedleVersion(first.major + 1, 0, 0)) }
        if text.contains("branch") || text.contains("revision") { return (nil, nil) }
        // `.package(url: …, "0.24.0")`: SwiftPM's shorthand for `from:`.
        return (first, NeedleVersion(first.major + 1, 0, 0))
    }

    private static func quoted(_ text: String) -> [String] {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }
}
