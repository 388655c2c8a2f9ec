import Foundation

/// Locations of the package's own files and built products, for tests.
public enum FixturePaths {
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// Every fixture directory that has golden expectations.
    public static var goldenFixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/expected").path)
        }.sorted()
    }

    /// Every fixture directory.
    public static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// A new temporary directory holding the benchmark's generated corpus at a tenth of its size (seed 7): about
    /// 480 Swift files shaped like an app monorepo. Needs `archlint-bench` built beside the tests.
    public static func generatedCorpus() throws -> URL {
        let bench = archlintExecutable.deletingLastPathComponent().appendingPathComponent("archlint-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            throw Failure(message: "build archlint-bench first (swift build --build-tests)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-corpus-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["--scale", "0.1", "--seed", "7", "--generate-only", directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(message: "archlint-bench exited with \(process.terminationStatus)") }
        return directory
    }

    /// Why a generated corpus could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String { message }
        let message: String
    }

    /// The built `archlint` executable: next to the test bundle, else in `.build/debug`.
    public static var archlintExecutable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("archlint")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/archlint")
    }
}

/// Runs the built archlint binary and captures its output.
public struct ProcessResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Standard output as written (binary pictures).
    public var stdoutData = Data()
    /// Killed by a signal (then `status` is the signal number).
    public var uncaughtSignal = false

    public static func archlint(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        try run(FixturePaths.archlintExecutable.path, arguments, in: directory, environment: environment)
    }

    /// Runs any executable (`/usr/bin/env` with `swiftc …`) and captures its output.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutData: outData,
            uncaughtSignal: process.terminationReason == .uncaughtSignal)
    }
}
