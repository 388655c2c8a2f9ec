import ArchlintKit
import Foundation
@testable import NeedleCodegen
import Testing
import Workspace

/// The Swift 6 output compiles: for each fixture, its sources and the file `generate needle` writes for it
/// type-check with `swiftc -swift-version 6 -strict-concurrency=complete`, with and without
/// `-default-isolation MainActor`, against a NeedleFoundation stand-in (Resources/NeedleFoundationStandIn.swift:
/// NeedleFoundation 0.25.1's public declarations, compiled in Swift 5 mode as needle's package builds them).
@Suite(.serialized) struct NeedleCompileTests {
    static let fixtures = [
        "needle-swift6-main-actor", "needle-swift6-sendable", "needle-swift6-pluginized", "needle-swift6-default-main-actor",
    ]
    static let isolations = ["nonisolated", "MainActor"]

    static let standIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/NeedleFoundationStandIn.swift")

    struct Compilation {
        var status: Int32
        var output: String
    }

    /// `swiftc ARGUMENTS` through the PATH, in `directory`.
    static func swiftc(_ arguments: [String], in directory: URL) throws -> Compilation {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Compilation(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The stand-in compiled as the module NeedleFoundation, once per run.
    static let module: Result<URL, CompileFailure> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("needle-standin-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let result = try swiftc([
                "-parse-as-library", "-emit-module", "-module-name", "NeedleFoundation", "-swift-version", "5",
                "-emit-module-path", directory.appendingPathComponent("NeedleFoundation.swiftmodule").path, standIn.path,
            ], in: directory)
            guard result.status == 0 else { return .failure(CompileFailure(text: "the stand-in doesn't compile:\n\(result.output)")) }
            return .success(directory)
        } catch {
            return .failure(CompileFailure(text: "swiftc can't be run: \(error)"))
        }
    }()

    struct CompileFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    @Test(arguments: fixtures, isolations)
    func generatedFileTypeChecksInSwift6(fixture: String, isolation: String) throws {
        let help = try Self.swiftc(["-help"], in: FileManager.default.temporaryDirectory)
        try #require(help.output.contains("-default-isolation"), "this swiftc has no -default-isolation (Swift 6.2 or later needed)")
        let moduleDirectory = try Self.module.get()
        let (root, cache) = try NeedleGenerationTests.copy(fixture)
        var request = NeedleGenerationRequest(
            root: root.path, output: root.appendingPathComponent("Sources/App/NeedleGenerated.swift").path,
            mode: .standardOutput, analyzer: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache)))
        request.defaultIsolation = isolation
        let generated = NeedleGeneration.run(request)
        try #require(generated.exitCode == 0, "\(generated.standardError)")
        #expect(generated.standardOutput.contains("nonisolated private func parent1"), "not the Swift 6 output")

        let sources = root.appendingPathComponent("Sources/App")
        let generatedFile = sources.appendingPathComponent("NeedleGenerated.swift")
        try Data(generated.standardOutput.utf8).write(to: generatedFile)
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        let result = try Self.swiftc([
            "-typecheck", "-swift-version", "6", "-strict-concurrency=complete", "-default-isolation", isolation,
            "-I", moduleDirectory.path,
        ] + files.map { sources.appendingPathComponent($0).path }, in: sources)
        #expect(result.status == 0, "\(fixture) with -default-isolation \(isolation):\n\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
    }

    /// needle 0.25.1's text does not compile for a Sendable dependency in Swift 6 mode: the compile test can fail.
    @Test func needlesTextFailsForASendableDependency() throws {
        let moduleDirectory = try Self.module.get()
        let (root, cache) = try NeedleGenerationTests.copy("needle-swift6-sendable")
        var request = NeedleGenerationRequest(
            root: root.path, output: root.appendingPathComponent("Sources/App/NeedleGenerated.swift").path,
            mode: .standardOutput, analyzer: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache)))
        request.swiftVersion = 5
        let generated = NeedleGeneration.run(request)
        try #require(generated.exitCode == 0, "\(generated.standardError)")
        #expect(!generated.standardOutput.contains("nonisolated"))
        let sources = root.appendingPathComponent("Sources/App")
        try Data(generated.standardOutput.utf8).write(to: sources.appendingPathComponent("NeedleGenerated.swift"))
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        let result = try Self.swiftc([
            "-typecheck", "-swift-version", "6", "-strict-concurrency=complete", "-I", moduleDirectory.path,
        ] + files.map { sources.appendingPathComponent($0).path }, in: sources)
        #expect(result.status != 0)
        #expect(result.output.contains("non-final class 'FeedDependencydb8fd4a3ca682ca00545Provider' cannot conform to the 'Sendable' protocol"))
    }
}
