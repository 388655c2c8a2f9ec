@testable import ArchlintModel
import Foundation
import SwiftParser
import SwiftSyntax
import SystemSupport
import Testing

/// CI runs on Linux only; these keep the code compiling on macOS at the floor Package.swift declares.
@Suite struct PortabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every Swift file the package compiles on macOS: its sources, plugins and tests, and the manifest.
    static func packageSources() throws -> [(path: String, text: String)] {
        var files = ["Package.swift"]
        for folder in ["Sources", "Plugins", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append(folder + "/" + path) }
            }
        }
        return try files.sorted().map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    static func floor() throws -> Version {
        try #require(NewerAPIs.floor(inManifest: String(contentsOfFile: root + "/Package.swift", encoding: .utf8)))
    }

    /// What the planted-text tests check against: the real stdlib data when the toolchain can extract it.
    static let newerAPIs: Result<NewerAPIs, NewerAPIs.Failure> = {
        do { return .success(try NewerAPIs.extract(floor: try floor())) } catch { return .failure(NewerAPIs.Failure("\(error)")) }
    }()

    @Test func thePackageHasNoDarwinBlockers() throws {
        let sources = try Self.packageSources()
        // Parsed on every core while the toolchain extracts the symbol graphs.
        let (trees, apis) = concurrently({ parallelMap(count: sources.count) { Parser.parse(source: sources[$0].text) } },
                                         { Self.newerAPIs })
        let scan = PortabilityScan(newerAPIs: try apis.get(), declaredNames: PortabilityScan.declarations(in: trees))
        let findings = parallelMap(count: sources.count) { scan.findings(in: trees[$0], path: sources[$0].path) }.flatMap { $0 }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        // The data is real: the APIs this package once used unguarded are in it.
        #expect(try apis.get().members["String.init(validating:as:)"] == Version(15, 0))
        #expect(sources.count > 400)
    }

    @Test func theFloorIsReadFromTheManifest() {
        #expect(NewerAPIs.floor(inManifest: "platforms: [.macOS(.v13)],") == Version(13, 0))
        #expect(NewerAPIs.floor(inManifest: "platforms: [.macOS(.v10_15), .iOS(.v16)]") == Version(10, 15))
        #expect(NewerAPIs.floor(inManifest: #"platforms: [.macOS("14.2")]"#) == Version(14, 2))
    }

    static func scan(_ text: String, declaring declared: String = "") throws -> [PortabilityScan.Finding] {
        let scan = PortabilityScan(newerAPIs: try newerAPIs.get(), declaredNames: PortabilityScan.declarations(in: [text, declared]))
        return scan.findings(in: text, path: "Planted.swift")
    }

    @Test func aForceUnwrappedThreadContextIsFound() throws {
        let planted = """
            import Dispatch
            func start(_ context: UnsafeMutableRawPointer) {
                var thread = pthread_t()
                pthread_create(&thread, nil, { context in
                    Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
                pthread_key_create(&key) { value in value?.deallocate() }
            }
            """
        let findings = try Self.scan(planted)
        #expect(findings.map(\.line) == [5, 8])
        #expect(findings.first?.message.contains("`context` is pthread_create's callback parameter") == true)
        let portable = planted.replacingOccurrences(of: "fromOpaque(context!).takeRetainedValue().run()", with: "start(context)")
            .replacingOccurrences(of: "{ value in value?.deallocate() }", with: "{ release($0) }")
        #expect(try Self.scan(portable).isEmpty)
    }

    @Test func aMacOS15APIIsFoundUnlessGuarded() throws {
        let planted = """
            func decode(_ bytes: [UInt8]) -> String? {
                String(validating: bytes, as: UTF8.self)
            }
            """
        let findings = try Self.scan(planted)
        #expect(findings.map(\.line) == [2])
        #expect(findings.first?.message.contains("`String.init(validating:as:)` needs macOS 15.0 (the floor is 13.0)") == true)
        let guarded = """
            func decode(_ bytes: [UInt8]) -> String? {
                if #available(macOS 15, *) { return String(validating: bytes, as: UTF8.self) }
                return nil
            }
            func decodeAfterGuard(_ bytes: [UInt8]) -> String? {
                guard #available(macOS 15.0, iOS 18, *) else { return nil }
                return String(validating: bytes, as: UTF8.self)
            }
            @available(macOS 15, *)
            func decodeNewer(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
            #if os(Linux)
            func decodeOnLinux(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
            #endif
            """
        #expect(try Self.scan(guarded).isEmpty)
        let tooLow = "func f(b: [UInt8]) { if #available(macOS 14, *) { _ = String(validating: b, as: UTF8.self) } }"
        #expect(try Self.scan(tooLow).count == 1)
    }

    @Test func newerStdlibTypesAndConformancesAreFound() throws {
        let planted = """
            func f(_ captures: [String]) {
                for (index, capture) in captures.enumerated().reversed() { print(index, capture) }
                let pair: InlineArray<2, Int> = [1, 2]
                for (index, capture) in captures.enumerated() { print(index, capture) }
            }
            """
        let findings = try Self.scan(planted)
        #expect(findings.map(\.line) == [2, 3])
        // A name the code declares itself is its own, not the stdlib's.
        #expect(try Self.scan(planted, declaring: "struct InlineArray<let N: Int, T> {}").map(\.line) == [2])
    }

    @Test func unguardedLinuxOnlyCodeIsFound() throws {
        let planted = """
            import Foundation
            import Glibc
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Musl)
            import Musl
            #elseif canImport(Darwin)
            import Darwin
            #endif
            #if !canImport(Glibc)
            import Musl
            #endif
            @_silgen_name("mallopt") func mallopt(_ p: Int32, _ v: Int32) -> Int32
            let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
            """
        #expect(try Self.scan(planted).map(\.line) == [2, 11, 13, 14])
    }

    /// The fallback of `UTF8Text.validated` before macOS 15 agrees with the stdlib's validation.
    @Test func utf8FallbackAgreesWithTheStdlib() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F, 0xBD]
        var cases: [[UInt8]] = [[], Array("plain".utf8), Array("é ✓ 🧭 \u{FFFD}".utf8), [0xEF, 0xBF, 0xBD], [0xF0, 0x90, 0x80], [0xED, 0xA0, 0x80]]
        for _ in 0..<20_000 {
            cases.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in interesting.randomElement(using: &generator)! })
        }
        // Compared where the stdlib's validation exists: always on Linux, which CI runs.
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        for bytes in cases {
            #expect(UTF8Text.fallback(bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }
}
