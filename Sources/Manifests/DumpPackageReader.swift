import ArchlintModel
import ChildProcesses
import Foundation
import SystemSupport

/// The opt-in exact mode (`--manifests dump`): runs `swift package dump-package`, which compiles and EXECUTES
/// the manifest, and converts its JSON to `ManifestFacts`. Lines and columns come from matching names against a
/// static read of the same manifest (best effort; line 1, column 1 where nothing matches).
public enum DumpPackageReader {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// `swift` could not be started.
        case launchFailed(String)
        /// `swift package dump-package` exited with a non-zero status.
        case dumpFailed(status: Int32, stderr: String)
        /// Its output was not the JSON archlint expects.
        case invalidOutput(String)

        public var description: String {
            switch self {
            case .launchFailed(let reason):
                return "could not run `swift package dump-package`: \(reason)"
            case .dumpFailed(let status, let stderr):
                let detail = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                return "`swift package dump-package` failed (exit \(status))" + (detail.isEmpty ? "" : ":\n\(detail)")
            case .invalidOutput(let reason):
                return "`swift package dump-package` printed something archlint can't read: \(reason)"
            }
        }
    }

    /// - Parameters:
    ///   - packageDirectory: the directory holding `Package.swift` (absolute, or relative to the working directory).
    ///   - manifestPath: the manifest's path relative to the scanned root, recorded in the facts.
    ///   - swiftExecutable: the `swift` driver to run (found on `PATH` by default).
    public static func read(packageDirectory: String, manifestPath: String, swiftExecutable: String = "swift") throws -> ManifestFacts {
        let output = try runDumpPackage(packageDirectory: packageDirectory, swiftExecutable: swiftExecutable)
        let manifestFile = URL(fileURLWithPath: packageDirectory).appendingPathComponent("Package.swift")
        let staticFacts = (try? String(contentsOf: manifestFile, encoding: .utf8))
            .map { ManifestReader.read(source: $0, path: manifestPath) }
        return try convert(json: output, manifestPath: manifestPath, packageDirectory: packageDirectory, staticFacts: staticFacts)
    }

    // MARK: Running

    /// Seconds before a `dump-package` run is killed (it compiles and runs the manifest).
    static let timeoutSeconds = 300

    static func runDumpPackage(packageDirectory: String, swiftExecutable: String) throws -> Data {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(ChildProcess.Request(
                executable: swiftExecutable, arguments: ["package", "--package-path", packageDirectory, "dump-package"],
                timeoutSeconds: timeoutSeconds, outputLimit: 64 << 20))
        } catch {
            throw Failure.launchFailed(error.description)
        }
        guard outcome.succeeded else {
            let status: Int32 = switch outcome.termination {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
            throw Failure.dumpFailed(status: status, stderr: outcome.standardError)
        }
        return Data(outcome.standardOutput)
    }

    // MARK: Converting

    /// Converts `dump-package` JSON. `staticFacts` (a static read of the same manifest) supplies lines and columns.
    static func convert(json: Data, manifestPath: String, packageDirectory: String, staticFacts: ManifestFacts?) throws -> ManifestFacts {
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
                throw Failure.invalidOutput("the top level is not an object")
            }
            root = object
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.invalidOutput(FoundationErrorText.describe(error))
        }
        let locations = StaticLocations(staticFacts)
        var facts = ManifestFacts(path: manifestPath, packageName: root["name"] as? String)
        facts.products = (root["products"] as? [[String: Any]] ?? []).compactMap { product(from: $0, locations: locations) }
        facts.dependencies = (root["dependencies"] as? [[String: Any]] ?? []).compactMap {
            packageDependency(from: $0, packageDirectory: packageDirectory, locations: locations)
        }
        facts.targets = (root["targets"] as? [[String: Any]] ?? []).compactMap { target(from: $0, locations: locations) }
        return facts
    }

    private static func product(from object: [String: Any], locations: StaticLocations) -> ProductDecl? {
        guard let name = object["name"] as? String else { return nil }
        let type = (object["type"] as? [String: Any])?.keys.first ?? "library"
        let kind: ProductDecl.Kind = switch type {
        case "executable": .executable
        case "plugin": .plugin
        default: .library
        }
        let (line, column) = locations.product[name] ?? (1, 1)
        return ProductDecl(name: name, kind: kind, targets: object["targets"] as? [String] ?? [], line: line, column: column)
    }

    private static func packageDependency(from object: [String: Any], packageDirectory: String, locations: StaticLocations) -> PackageDependencyDecl? {
        guard let (flavour, payload) = object.first, let details = (payload as? [Any])?.first as? [String: Any] else { return nil }
        let explicitName = details["nameForTargetDependencyResolutionOnly"] as? String
        let kind: PackageDependencyDecl.Kind
        let location: String
        switch flavour {
        case "sourceControl":
            let place = details["location"] as? [String: Any]
            if let remote = (place?["remote"] as? [Any])?.first as? [String: Any], let url = remote["urlString"] as? String {
                kind = .url
                location = url
            } else if let local = (place?["local"] as? [Any])?.first as? String {
                kind = .path
                location = relativePath(local, from: packageDirectory)
            } else {
                return nil
            }
        case "fileSystem":
            kind = .path
            location = relativePath(details["path"] as? String ?? "", from: packageDirectory)
        case "registry":
            kind = .registry
            location = details["identity"] as? String ?? ""
        default:
            return nil
        }
        let identity = explicitName ?? (details["identity"] as? String) ?? PackageIdentity.identity(of: location, kind: kind)
        let (line, column) = locations.dependency[identity.lowercased()] ?? locations.dependency[location] ?? (1, 1)
        return PackageDependencyDecl(kind: kind, location: location, identity: identity,
                                     requirement: requirementText(details["requirement"]), line: line, column: column)
    }

    private static func target(from object: [String: Any], locations: StaticLocations) -> TargetDecl? {
        guard let name = object["name"] as? String else { return nil }
        let kind: TargetKind = switch object["type"] as? String {
        case "executable": .executable
        case "test": .test
        case "macro": .macro
        case "plugin": .plugin
        case "system": .systemLibrary
        case "binary": .binary
        default: .regular
        }
        let (line, column) = locations.target[name] ?? (1, 1)
        let dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> TargetDependencyDecl? in
            guard let (flavour, payload) = dependency.first, let values = payload as? [Any],
                  let dependencyName = values.first as? String else { return nil }
            let position = locations.targetDependency["\(name)\u{0}\(dependencyName)"] ?? (line, column)
            switch flavour {
            case "product":
                return TargetDependencyDecl(
                    kind: .product, name: dependencyName, package: values.count > 1 ? values[1] as? String : nil,
                    condition: conditionText(values.last), line: position.0, column: position.1)
            case "target":
                return TargetDependencyDecl(kind: .target, name: dependencyName, condition: conditionText(values.last),
                                            line: position.0, column: position.1)
            default:
                return TargetDependencyDecl(kind: .byName, name: dependencyName, condition: conditionText(values.last),
                                            line: position.0, column: position.1)
            }
        }
        return TargetDecl(
            name: name, kind: kind, dependencies: dependencies, path: object["path"] as? String,
            exclude: object["exclude"] as? [String] ?? [], sources: object["sources"] as? [String],
            line: line, column: column)
    }

    // MARK: Text

    private static let platformSpellings: [String: String] = [
        "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
        "maccatalyst": "macCatalyst", "driverkit": "driverKit",
    ]

    /// `{"platformNames": ["linux"], "config": …}` → `.when(platforms: [.linux], configuration: …)`.
    static func conditionText(_ value: Any?) -> String? {
        guard let condition = value as? [String: Any] else { return nil }
        var parts: [String] = []
        if let platforms = condition["platformNames"] as? [String], !platforms.isEmpty {
            parts.append("platforms: [" + platforms.map { "." + (platformSpellings[$0] ?? $0) }.joined(separator: ", ") + "]")
        }
        if let configuration = condition["config"] as? String {
            parts.append("configuration: .\(configuration)")
        }
        if let traits = condition["traits"] as? [String], !traits.isEmpty {
            parts.append("traits: [" + traits.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        return parts.isEmpty ? nil : ".when(\(parts.joined(separator: ", ")))"
    }

    /// `{"range": [{"lowerBound": "1.0.0", "upperBound": "2.0.0"}]}` → `"1.0.0"..<"2.0.0"`.
    static func requirementText(_ value: Any?) -> String? {
        guard let requirement = value as? [String: Any], let (kind, payload) = requirement.first else { return nil }
        let first = (payload as? [Any])?.first
        switch kind {
        case "range":
            guard let range = first as? [String: Any], let lower = range["lowerBound"] as? String,
                  let upper = range["upperBound"] as? String else { return nil }
            return "\"\(lower)\"..<\"\(upper)\""
        case "exact", "branch", "revision":
            return (first as? String).map { "\(kind): \"\($0)\"" }
        default:
            return kind
        }
    }

    /// `dump-package` prints local dependencies as absolute paths; the manifest wrote them relative to itself.
    static func relativePath(_ path: String, from directory: String) -> String {
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        guard path.hasPrefix("/") else { return path }
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let rest = Array(target[common...])
        let components = ups + rest
        return components.isEmpty ? "." : components.joined(separator: "/")
    }
}

/// Where a static read found each named declaration.
private struct StaticLocations {
    var target: [String: (Int, Int)] = [:]
    var product: [String: (Int, Int)] = [:]
    var dependency: [String: (Int, Int)] = [:]
    /// By `target\0dependency`.
    var targetDependency: [String: (Int, Int)] = [:]

    init(_ facts: ManifestFacts?) {
        guard let facts else { return }
        for target in facts.targets where self.target[target.name] == nil {
            self.target[target.name] = (target.line, target.column)
            for dependency in target.dependencies where targetDependency["\(target.name)\u{0}\(dependency.name)"] == nil {
                targetDependency["\(target.name)\u{0}\(dependency.name)"] = (dependency.line, dependency.column)
            }
        }
        for product in facts.products where self.product[product.name] == nil {
            self.product[product.name] = (product.line, product.column)
        }
        for dependency in facts.dependencies {
            if self.dependency[dependency.identity.lowercased()] == nil {
                self.dependency[dependency.identity.lowercased()] = (dependency.line, dependency.column)
            }
            let derived = PackageIdentity.identity(of: dependency.location, kind: dependency.kind).lowercased()
            if self.dependency[derived] == nil { self.dependency[derived] = (dependency.line, dependency.column) }
        }
    }
}
