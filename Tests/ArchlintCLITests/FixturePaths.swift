import Foundation

/// Locations of the package's own files and built products, for tests.
enum FixturePaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// Every fixture directory that has golden expectations.
    static var goldenFixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/expected").path)
        }.sorted()
    }

    /// Every fixture directory.
    static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The built `archlint` executable: next to the test bundle, else in `.build/debug`.
    static var archlintExecutable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("archlint")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/archlint")
    }
}

/// Runs the built archlint binary and captures its output.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Killed by a signal (then `status` is the signal number).
    var uncaughtSignal = false

    static func archlint(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = FixturePaths.archlintExecutable
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
            uncaughtSignal: process.terminationReason == .uncaughtSignal)
    }
}
