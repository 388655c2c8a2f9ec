import ArchlintModel
import Foundation
import Testing
@testable import Manifests

@Suite struct DumpPackageReaderTests {
    static var swiftIsAvailable: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/swift")
        }
    }

    static let json = """
    {"name": "Probe",
     "products": [{"name": "A", "targets": ["A"], "type": {"library": ["dynamic"]}},
                  {"name": "P", "targets": ["P"], "type": {"plugin": null}},
                  {"name": "E", "targets": ["E"], "type": {"executable": null}}],
     "dependencies": [
       {"fileSystem": [{"identity": "other", "nameForTargetDependencyResolutionOnly": "Named", "path": "/work/Other"}]},
       {"sourceControl": [{"identity": "foo-bar", "location": {"remote": [{"urlString": "https://github.com/x/Foo-Bar.git"}]},
                           "requirement": {"range": [{"lowerBound": "1.0.0", "upperBound": "2.0.0"}]}}]},
       {"sourceControl": [{"identity": "baz", "location": {"remote": [{"urlString": "git@github.com:x/baz.git"}]},
                           "requirement": {"branch": ["main"]}}]},
       {"registry": [{"identity": "mona.LinkedList", "requirement": {"exact": ["1.0.0"]}}]}],
     "targets": [
       {"name": "A", "type": "regular", "path": "src/a", "exclude": ["x.md"], "sources": ["one.swift"],
        "dependencies": [{"byName": ["B", null]}, {"target": ["C", {"platformNames": ["linux", "macos"]}]},
                         {"product": ["X", "Foo-Bar", {"X": "Y"}, {"platformNames": [], "config": "debug"}]}]},
       {"name": "E", "type": "executable", "dependencies": [], "exclude": []},
       {"name": "T", "type": "test", "dependencies": [], "exclude": []},
       {"name": "M", "type": "macro", "dependencies": [], "exclude": []},
       {"name": "P", "type": "plugin", "dependencies": [], "exclude": []},
       {"name": "S", "type": "system", "dependencies": [], "exclude": []},
       {"name": "Bin", "type": "binary", "dependencies": [], "exclude": [], "url": "https://x/y.zip"}]}
    """

    @Test func convertsDumpPackageJSON() throws {
        let facts = try DumpPackageReader.convert(json: Data(Self.json.utf8), manifestPath: "Probe/Package.swift",
                                                  packageDirectory: "/work/Probe", staticFacts: nil)
        #expect(facts.path == "Probe/Package.swift")
        #expect(facts.packageName == "Probe")
        #expect(facts.products.map { "\($0.name):\($0.kind.rawValue)" } == ["A:library", "P:plugin", "E:executable"])
        #expect(facts.dependencies.map { "\($0.kind.rawValue) \($0.identity) \($0.location) \($0.requirement ?? "-")" } == [
            "path Named ../Other -",
            "url foo-bar https://github.com/x/Foo-Bar.git \"1.0.0\"..<\"2.0.0\"",
            "url baz git@github.com:x/baz.git branch: \"main\"",
            "registry mona.LinkedList mona.LinkedList exact: \"1.0.0\"",
        ])
        #expect(facts.targets.map { "\($0.name):\($0.kind.rawValue)" } == [
            "A:regular", "E:executable", "T:test", "M:macro", "P:plugin", "S:system-library", "Bin:binary",
        ])
        let a = try #require(facts.target("A"))
        #expect(a.path == "src/a")
        #expect(a.exclude == ["x.md"])
        #expect(a.sources == ["one.swift"])
        #expect(a.dependencies == [
            TargetDependencyDecl(kind: .byName, name: "B", line: 1, column: 1),
            TargetDependencyDecl(kind: .target, name: "C", condition: ".when(platforms: [.linux, .macOS])", line: 1, column: 1),
            TargetDependencyDecl(kind: .product, name: "X", package: "Foo-Bar", condition: ".when(configuration: .debug)",
                                 line: 1, column: 1),
        ])
        #expect(facts.unresolved == [])
    }

    @Test func takesLocationsFromAStaticRead() throws {
        let source = """
        let package = Package(name: "Probe", targets: [
            .target(name: "A", dependencies: ["B"]),
        ])
        """
        let facts = try DumpPackageReader.convert(json: Data(Self.json.utf8), manifestPath: "Package.swift",
                                                  packageDirectory: "/work/Probe", staticFacts: readManifest(source))
        #expect(facts.target("A")?.location == at(".target", in: source))
        #expect(facts.target("A")?.dependencies.first?.location == at("\"B\"", in: source))
        #expect(facts.target("E")?.location == "1:1")
    }

    @Test func rejectsOutputThatIsNotJSON() {
        #expect(throws: DumpPackageReader.Failure.self) {
            try DumpPackageReader.convert(json: Data("warning: something\n".utf8), manifestPath: "Package.swift",
                                          packageDirectory: "/tmp", staticFacts: nil)
        }
    }

    @Test(.enabled(if: swiftIsAvailable))
    func reportsABrokenManifestWithSwiftPMsErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: 42)\n"
            .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        do {
            _ = try DumpPackageReader.read(packageDirectory: directory.path, manifestPath: "Package.swift")
            Issue.record("expected a failure")
        } catch let failure as DumpPackageReader.Failure {
            guard case .dumpFailed(let status, let stderr) = failure else {
                Issue.record("unexpected \(failure)")
                return
            }
            #expect(status != 0)
            #expect(stderr.contains("error"))
            #expect(failure.description.hasPrefix("`swift package dump-package` failed"))
        }
    }

    @Test func reportsAMissingSwiftDriver() {
        do {
            _ = try DumpPackageReader.read(packageDirectory: "/tmp", manifestPath: "Package.swift",
                                           swiftExecutable: "archlint-no-such-swift")
            Issue.record("expected a failure")
        } catch {
            #expect("\(error)".contains("dump-package"))
        }
    }

    @Test func relativePathsForLocalDependencies() {
        #expect(DumpPackageReader.relativePath("/work/Other", from: "/work/Probe") == "../Other")
        #expect(DumpPackageReader.relativePath("/work/Probe/Vendor/Kit", from: "/work/Probe") == "Vendor/Kit")
        #expect(DumpPackageReader.relativePath("../Kit", from: "/work/Probe") == "../Kit")
    }
}
