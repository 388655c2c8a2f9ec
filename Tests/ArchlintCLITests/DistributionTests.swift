import ArchlintTestSupport
import Foundation
import Testing

/// How archlint reaches users: `scripts/install.sh` (a binary with the Swift runtime linked in) and the SwiftPM
/// command plugin. Serialized: each builds archlint once more (into `.build-install`, debug for the plugin into
/// `.build-plugin/consumer/.build`), and two such builds at once would only slow each other down. Both build
/// directories are kept, so a second run only rebuilds what changed. install.sh builds in debug here: what the test
/// checks (static runtime, no PIE, completions, man page, commit) doesn't depend on optimisation, and a release
/// build would triple this suite's share of a clean CI run.
@Suite(.serialized) struct DistributionTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes at once: a build log can fill one while the other is being read.
        let errData = LockedData()
        let errReader = Thread { errData.value = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.done { Thread.sleep(forTimeInterval: 0.01) }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }

    final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var finished = false
        var value: Data {
            get { lock.withLock { data } }
            set { lock.withLock { data = newValue; finished = true } }
        }
        var done: Bool { lock.withLock { finished } }
    }

    static let installScript = FixturePaths.packageRoot.appendingPathComponent("scripts/install.sh").path

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-dist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: install.sh

    @Test func installIntoAnUnwritablePrefixStopsWithOneLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A prefix below a regular file can't be created, even by root.
        let file = directory.appendingPathComponent("not-a-directory")
        try Data().write(to: file)
        let result = try Self.run("/bin/bash", [Self.installScript, "--prefix", file.path + "/prefix"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to \(file.path)/prefix/bin") && result.stderr.contains("--prefix"))
    }

    @Test func anUnknownConfigurationStopsBeforeTheBuild() throws {
        let prefix = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try Self.run("/bin/bash", [Self.installScript, "--prefix", prefix.path, "--configuration", "fast"])
        #expect(result.status == 1)
        #expect(result.stderr == "install.sh: --configuration is release or debug, not 'fast'\n", "\(result.stderr)")
    }

    /// Graphviz is for pictures only: without it install.sh says how to get it and goes on (here to the next check,
    /// a missing Swift toolchain, which does stop it; the build itself is `installedBinaryRunsWithoutTheToolchain`).
    @Test func installWithoutGraphvizSaysHowToDrawAndGoesOn() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A PATH with the script's tools but no swift, and archlint's own override naming a libgvc that isn't there.
        let tools = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        // The package managers too, so the advice is the one this system gets.
        for tool in ["dirname", "mkdir", "mktemp", "rm", "uname", "grep", "sed", "cat", "apt-get", "dnf", "brew"] {
            let found = try Self.run("/usr/bin/env", ["sh", "-c", "command -v \(tool)"])
            let path = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if path.isEmpty { continue }
            try FileManager.default.createSymbolicLink(atPath: tools.appendingPathComponent(tool).path, withDestinationPath: path)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = tools.path
        environment["ARCHLINT_GRAPHVIZ_LIB"] = directory.appendingPathComponent("libgvc.so.6").path
        let result = try Self.run("/bin/bash", [Self.installScript, "--prefix", directory.path], environment: environment)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        // The advice is this system's: apt here (dnf on Fedora, brew on macOS).
        #expect(lines.first?.contains("Graphviz is not installed; archlint works without it but draws no pictures") == true
            && lines.first?.contains("apt-get install graphviz") == true && !result.stderr.contains("brew"), "\(result.stderr)")
        #expect(lines.last?.contains("swift is not on PATH") == true, "\(result.stderr)")
    }

    /// The installed binary runs with an empty environment (no toolchain on PATH or LD_LIBRARY_PATH) and loads no
    /// Swift runtime library: only the system's, and Graphviz's.
    @Test func installedBinaryRunsWithoutTheToolchain() throws {
        let prefix = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let install = try Self.run("/bin/bash", [Self.installScript, "--prefix", prefix.path, "--configuration", "debug"])
        #expect(install.status == 0, "\(install.stderr.suffix(3000))")
        let binary = prefix.appendingPathComponent("bin/archlint").path
        try #require(FileManager.default.isExecutableFile(atPath: binary))

        let version = try Self.run("/usr/bin/env", ["-i", binary, "--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("0.1.0 (commit "), "\(version.stdout)")
        if FileManager.default.fileExists(atPath: FixturePaths.packageRoot.appendingPathComponent(".git").path) {
            #expect(!version.stdout.contains("unknown"), "install.sh records the commit of a git checkout")
        }

        let demo = FixturePaths.fixtures.appendingPathComponent("demo").path
        let lint = try Self.run("/usr/bin/env", ["-i", binary, "lint", demo, "--report-dir", prefix.path + "/report"])
        #expect(lint.status == 1, "\(lint.stderr)")
        #expect(lint.stdout.contains("[module-cycle]") && lint.stdout.contains("[missing-dependency]"))
        #expect(FileManager.default.fileExists(atPath: prefix.path + "/report/modules.svg"), "Graphviz rendered")

        let ldd = try Self.run("/usr/bin/env", ["-i", "/usr/bin/ldd", binary])
        #expect(ldd.status == 0)
        for runtime in ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "not found"] {
            #expect(!ldd.stdout.contains(runtime), "the installed binary loads \(runtime):\n\(ldd.stdout)")
        }
        // libgvc is loaded at run time (GraphvizLibrary), never linked: the report above was drawn without it.
        #expect(!ldd.stdout.contains("libgvc.so"), "\(ldd.stdout)")
        // Position-dependent (ELF type EXEC, not DYN): nothing for the loader to relocate at each start.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: binary))
        defer { try? handle.close() }
        let header = Array(try handle.read(upToCount: 18) ?? Data())
        #expect(header.count == 18 && header[16] == 2 && header[17] == 0, "ELF type \(header.suffix(2))")

        for file in ["share/bash-completion/completions/archlint", "share/zsh/site-functions/_archlint",
                     "share/fish/vendor_completions.d/archlint.fish", "share/man/man1/archlint.1"] {
            let text = (try? String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(text.contains("archlint"), "\(file) missing or empty")
        }
    }

    // MARK: The command plugin

    /// Fixtures/plugin-consumer, copied to `.build-plugin/consumer` (kept between runs) with its archlint
    /// dependency pointing at this checkout.
    static func consumerPackage() throws -> URL {
        let fileManager = FileManager.default
        let consumer = FixturePaths.packageRoot.appendingPathComponent(".build-plugin/consumer")
        try fileManager.createDirectory(at: consumer, withIntermediateDirectories: true)
        for name in ["Package.swift", "Sources", ".archlint-baseline.json"] {
            try? fileManager.removeItem(at: consumer.appendingPathComponent(name))
        }
        let fixture = FixturePaths.fixtures.appendingPathComponent("plugin-consumer")
        try fileManager.copyItem(at: fixture.appendingPathComponent("Sources"), to: consumer.appendingPathComponent("Sources"))
        let manifest = try String(contentsOf: fixture.appendingPathComponent("Package.swift"), encoding: .utf8)
            .replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(FixturePaths.packageRoot.path)\"")
        try manifest.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return consumer
    }

    static func swiftPackage(_ arguments: [String], in directory: URL) throws -> Run {
        try run("/usr/bin/env", ["swift", "package"] + arguments, in: directory)
    }

    @Test func pluginLintsTheDependentPackage() throws {
        let consumer = try Self.consumerPackage()
        let result = try Self.swiftPackage(["archlint", "lint"], in: consumer)
        // SwiftPM forwards the plugin's output; archlint's exit code 1 (errors found) becomes the command's.
        let output = result.stdout + result.stderr
        #expect(result.status == 1, "errors found:\n\(output.suffix(3000))")
        // One finding per fact: the manifest's declaration, with the import as its related location.
        #expect(output.contains("Package.swift:13:53: error: 'HomeFeature' declares a dependency on 'ProfileFeature'"), "\(output.suffix(3000))")
        #expect(output.contains("Sources/HomeFeature/HomeScreen.swift:1:1: note: also imported here"), "\(output.suffix(3000))")
        #expect(output.contains("[cross-feature-import]"))
        // archlint's static reader can't know the environment the manifest reads: its own diagnostic, not a plugin failure.
        #expect(output.contains("[manifest-unresolved]"))
        #expect(!result.stderr.contains("signal") && !result.stderr.contains("crash"), "\(result.stderr.suffix(3000))")
        // The cache is in the plugin's work directory, the one place macOS's plugin sandbox lets it write.
        let cache = consumer.appendingPathComponent(".build/plugins/ArchlintPlugin/outputs/cache").path
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).isEmpty, "no cache in \(cache)")
    }

    @Test func writingNeedsTheWritePlugin() throws {
        let consumer = try Self.consumerPackage()
        let refused = try Self.swiftPackage(["archlint", "baseline"], in: consumer)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("archlint-write baseline"), "\(refused.stderr.suffix(3000))")
        #expect(!FileManager.default.fileExists(atPath: consumer.appendingPathComponent(".archlint-baseline.json").path))

        let written = try Self.swiftPackage(
            ["--allow-writing-to-package-directory", "archlint-write", "baseline"], in: consumer)
        #expect(written.status == 0, "\(written.stdout)\n\(written.stderr.suffix(3000))")
        let baseline = consumer.appendingPathComponent(".archlint-baseline.json")
        let text = (try? String(contentsOf: baseline, encoding: .utf8)) ?? ""
        #expect(text.contains("cross-feature-import"), "\(text)")
    }
}
