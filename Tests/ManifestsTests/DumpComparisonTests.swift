import ArchlintModel
import Foundation
import Testing
@testable import Manifests

/// Issue 2's "done when": on real multi-target packages (from the offline mirror, extracted at test time, never
/// committed), the static reader finds the same targets, kinds and dependency names as `swift package
/// dump-package`, or the difference is covered by a `manifest-unresolved` issue.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: DumpComparison.mirror)), .serialized)
struct DumpComparisonTests {
    @Test(arguments: [
        "apple/swift-nio@2.101.3",
        "swiftlang/swift-syntax@603.0.1",
        "vapor/vapor@4.122.3",
        "grpc/grpc-swift-2@2.4.3",
        "hummingbird-project/hummingbird@2.28.1",
        "apple/swift-crypto@4.5.2",
    ])
    func staticReadMatchesDumpPackage(_ package: String) throws {
        let comparison = try DumpComparison(package)
        #expect(comparison.dumped.targets.count > 3, "\(package): expected a multi-target package")
        #expect(comparison.differences == [], "\(package)")
        print("dump comparison \(package): \(comparison.summary)")
    }
}

struct DumpComparison {
    static let mirror = "/opt/swift-packages"

    let staticFacts: ManifestFacts
    let dumped: ManifestFacts
    private(set) var differences: [String] = []
    private(set) var covered: [String] = []

    init(_ spec: String) throws {
        let parts = spec.split(separator: "@").map(String.init)
        let (repository, tag) = (parts[0], parts[1])
        let source = try Self.git(["-C", "\(Self.mirror)/\(repository).git", "show", "\(tag):Package.swift"])
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("archlint-compare-\(UUID().uuidString)")
            .appendingPathComponent(repository.split(separator: "/").last.map(String.init) ?? "package")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try source.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        staticFacts = ManifestReader.read(source: source, path: "Package.swift")
        dumped = try DumpPackageReader.read(packageDirectory: directory.path, manifestPath: "Package.swift")
        compare()
    }

    var summary: String {
        let dependencies = dumped.targets.reduce(0) { $0 + $1.dependencies.count }
        return "\(dumped.targets.count) targets, \(dependencies) target dependencies; "
            + "\(differences.isEmpty ? "all matched" : "\(differences.count) differences")"
            + (covered.isEmpty ? "" : "; \(covered.count) covered by manifest-unresolved (first: \(covered[0]))")
            + "; static-only (conditional): \(staticOnly.joined(separator: ", "))"
            + "; manifest-unresolved: " + staticFacts.unresolved.map { "\($0.line):\($0.column) \($0.message)" }.joined(separator: " | ")
    }

    private var staticOnly: [String] {
        let dumpedNames = Set(dumped.targets.map(\.name))
        return staticFacts.targets.filter { !dumpedNames.contains($0.name) }.map { "\($0.name) [\($0.condition ?? "")]" }
    }

    private mutating func compare() {
        if staticFacts.packageName != dumped.packageName {
            differences.append("package name \(staticFacts.packageName ?? "nil") != \(dumped.packageName ?? "nil")")
        }
        for target in dumped.targets {
            guard let found = staticFacts.targets.first(where: { $0.name == target.name }) else {
                record("target \(target.name) missing", coveredBy: staticFacts.unresolved.first)
                continue
            }
            if found.kind != target.kind {
                differences.append("target \(target.name): kind \(found.kind) != \(target.kind)")
            }
            let staticNames = Set(found.dependencies.map(\.name))
            let dumpedNames = Set(target.dependencies.map(\.name))
            for missing in dumpedNames.subtracting(staticNames).sorted() {
                record("target \(target.name): dependency \(missing) missing", coveredBy: issueInside(found))
            }
            for extra in found.dependencies where !dumpedNames.contains(extra.name) && extra.condition == nil && found.condition == nil {
                differences.append("target \(target.name): unconditional dependency \(extra.name) not in dump-package")
            }
        }
        let dumpedNames = Set(dumped.targets.map(\.name))
        for extra in staticFacts.targets where !dumpedNames.contains(extra.name) && extra.condition == nil {
            differences.append("unconditional target \(extra.name) not in dump-package")
        }
    }

    private mutating func record(_ difference: String, coveredBy issue: ProjectIssue?) {
        if let issue {
            covered.append("\(difference) (\(issue.line):\(issue.column))")
        } else {
            differences.append(difference)
        }
    }

    /// An unresolved issue between the target's declaration and the next declaration after it.
    private func issueInside(_ target: TargetDecl) -> ProjectIssue? {
        let next = staticFacts.targets.map(\.line).filter { $0 > target.line }.min() ?? Int.max
        return staticFacts.unresolved.first { $0.line >= target.line && $0.line < next }
    }

    private static func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return String(decoding: data, as: UTF8.self)
    }
}
