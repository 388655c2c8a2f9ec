import ArchlintModel
import Manifests
import Foundation
import Testing
@testable import Workspace

@Suite struct CacheFormatTests {
    @Test func xxHash64KnownVectors() {
        #expect(XXHash64.hash("") == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.hash("a") == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXHash64.hash("abc") == 0x44BC_2CF5_AD77_0999)
        #expect(XXHash64.hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
    }

    @Test func binaryCoderRoundTripsFullyPopulatedFacts() throws {
        let facts = CacheSamples.fileFacts
        let bytes = try CompactBinaryCoder.encode(facts)
        #expect(try bytes.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) } == facts)
        let manifest = CacheSamples.manifestFacts
        let manifestBytes = try CompactBinaryCoder.encode(manifest)
        #expect(try manifestBytes.withUnsafeBytes { try CompactBinaryCoder.decode(ManifestFacts.self, from: $0) } == manifest)
        // nil optionals, negative and large numbers, non-ASCII text.
        let sparse = FileFacts(path: "Ünïcødé/🙂.swift", imports: [ImportDecl(module: "M", line: -3, column: Int.max)])
        let sparseBytes = try CompactBinaryCoder.encode(sparse)
        #expect(try sparseBytes.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) } == sparse)
    }

    @Test func binaryCoderRejectsTruncatedInput() throws {
        let bytes = try CompactBinaryCoder.encode(CacheSamples.fileFacts)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: (any Error).self) {
                try prefix.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) }
            }
        }
    }

    /// `[String]` is written and read directly, in the bytes `Array`'s own conformance writes through an unkeyed
    /// container (a 4-byte count, then each string); `[Int]` still goes through the container.
    @Test func stringArraysKeepTheUnkeyedContainersBytes() throws {
        #expect(try CompactBinaryCoder.encode(["a", "bc"]) == [2, 0, 0, 0, 1, 97, 2, 98, 99])
        #expect(try CompactBinaryCoder.encode([String]()) == [0, 0, 0, 0])
        #expect(try CompactBinaryCoder.encode([1, 2]) == [2, 0, 0, 0, 2, 4])
        // Nested: the outer array through the container, the inner ones directly; optional in a keyed container.
        #expect(try CompactBinaryCoder.encode([["a"], []]) == [2, 0, 0, 0, 1, 0, 0, 0, 1, 97, 0, 0, 0, 0])
        struct Holder: Codable, Equatable { var names: [String]?; var nested: [[String]] }
        for holder in [Holder(names: ["x", "ÿ"], nested: [["a", "b"], []]), Holder(names: nil, nested: [])] {
            let bytes = try CompactBinaryCoder.encode(holder)
            #expect(try bytes.withUnsafeBytes { try CompactBinaryCoder.decode(Holder.self, from: $0) } == holder)
        }
        // A count beyond the bytes left is corruption, never a huge allocation.
        #expect(throws: CacheFormatError.truncated) {
            try [UInt8]([9, 0, 0, 0, 1, 97]).withUnsafeBytes { try CompactBinaryCoder.decode([String].self, from: $0) }
        }
    }

    @Test func readingsRoundTripThroughTheOneCoder() throws {
        let skimmed = DeclarationNames(
            declared: [NameKey("Home")], declaredWithHeader: [NameKey("Home")], extended: [NameKey("String")],
            referencedByOthers: [NameKey("View")])
        for facts in SyntheticFacts.corpus(count: 200) + [CacheSamples.fileFacts, FileFacts(path: "")] {
            for reading in [FileReading(facts: facts, skimmed: nil), FileReading(facts: facts, skimmed: skimmed)] {
                let bytes = try CompactBinaryCoder.encode(reading)
                let decoded = try bytes.withUnsafeBytes { try CompactBinaryCoder.decode(FileReading.self, from: $0) }
                #expect(decoded.facts == facts)
                #expect(decoded.skimmed == reading.skimmed)
            }
        }
    }

    @Test func everyCacheIsKeyedByTheOneFormatVersionAndTheBuild() throws {
        let scanKey = CacheKey.make(configuration: ArchlintConfiguration(), manifestMode: .static)
        #expect(scanKey.contains("|format \(CacheKey.formatVersion)|"))
        #expect(scanKey.contains("|build \(CacheKey.buildFingerprint)|"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-key-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ScanOptions()
        options.cacheDirectory = directory
        let state = try #require(AnalysisStateCache(options: options, root: "."))
        #expect(state.key("salt") == "analysis-state \(CacheKey.formatVersion)|build \(CacheKey.buildFingerprint)|salt")
    }

    @Test func cacheFileRoundTripsAndRejectsAnotherKey() throws {
        let skimmed = DeclarationNames(
            declared: [NameKey("Home")], declaredWithHeader: [NameKey("Home")], extended: [NameKey("String")],
            referencedByOthers: [NameKey("View")])
        let reading = FileReading(facts: FileFacts(path: "x.swift", imports: [ImportDecl(module: "UIKit", line: 1, column: 1)]), skimmed: skimmed)
        let facts = try CompactBinaryCoder.encode(reading)
        let entry = CachedFileEntry(
            statKey: StatKey(size: 10, inode: 42, modificationSeconds: 1, modificationNanoseconds: 2, changeSeconds: 3,
                             changeNanoseconds: 4),
            isRacy: true, contentHash: 99)
        let bytes = ScanCache.serialize(
            key: "k", files: [ScanCache.FileRow(path: "a/x.swift", entry: entry)], facts: [(99, facts[...])], readings: [])
        let cache = try ScanCache(bytes: bytes, expectedKey: "k")
        #expect(cache.files == ["a/x.swift": entry])
        #expect(cache.fileReading(contentHash: 99, path: "a/x.swift")?.facts.imports.map(\.module) == ["UIKit"])
        #expect(cache.fileReading(contentHash: 99, path: "a/x.swift")?.facts.path == "a/x.swift")
        #expect(cache.fileReading(contentHash: 99, path: "a/x.swift")?.skimmed == skimmed)
        #expect(throws: CacheFormatError.staleKey) { try ScanCache(bytes: bytes, expectedKey: "other") }
        var flipped = bytes
        flipped[flipped.count - 1] ^= 1
        #expect(throws: CacheFormatError.checksumMismatch) { try ScanCache(bytes: flipped, expectedKey: "k") }
        #expect(throws: CacheFormatError.truncated) { try ScanCache(bytes: Array(bytes.dropLast()), expectedKey: "k") }
    }
}

/// Facts with every optional set and every array non-empty.
enum CacheSamples {
    static let fileFacts = FileFacts(
        path: "a.swift",
        imports: [ImportDecl(module: "M", kind: "struct", attributes: ["testable"], accessLevel: "public", condition: "DEBUG", line: 1, column: 1)],
        types: [TypeDecl(
            kind: .class, name: "T", inheritance: ["P"], accessLevel: "public", attributes: ["MainActor"], isNonisolated: true,
            condition: "X", line: 1, column: 1,
            properties: [PropertyDecl(
                name: "p", type: "Int", inferredType: "Int", accessLevel: "public", attributes: ["MainActor"], condition: "X",
                line: 1, column: 1)],
            functions: [FunctionDecl(
                name: "f", parameters: [ParameterDecl(label: "l", name: "n", type: "Int", line: 1, column: 1)],
                returnType: "Int", locals: [LocalVariable(name: "v", type: "Int", inferredType: "Int", line: 1, column: 1)],
                accessLevel: "public", condition: "X", line: 1, column: 1)],
            memberAccesses: [MemberAccess(base: "b", member: "m", isCall: true, function: "f", line: 1, column: 1)])],
        calls: [CallFact(
            callee: "C", arguments: [CallArgument(label: "parent", value: "self")], contextType: "C", enclosingType: "T",
            enclosingMember: "f", condition: "X", line: 1, column: 1)],
        suppressions: [SuppressionComment(kind: .next, rules: ["r"], reason: "why", line: 1, column: 1)],
        problems: [FileProblem(message: "m", line: 1, column: 1, kind: .malformedSuppression)],
        isNeedleGenerated: true, generatedText: "// generated",
        memberNames: MemberNames(
            declaredInExtensions: ["d"], staticDeclaredInExtensions: ["s"], used: ["u"], usedOnTypes: ["t"], usedOwn: ["o"]))

    static let manifestFacts = ManifestFacts(
        path: "Package.swift", packageName: "P",
        products: [ProductDecl(name: "P", kind: .library, targets: ["T"], condition: "c", line: 1, column: 1)],
        dependencies: [PackageDependencyDecl(
            kind: .url, location: "u", identity: "i", requirement: "r", condition: "c", line: 1, column: 1)],
        targets: [TargetDecl(
            name: "T", kind: .regular,
            dependencies: [TargetDependencyDecl(kind: .product, name: "D", package: "p", condition: "c", line: 1, column: 1)],
            path: "p", exclude: ["e"], sources: ["s"], condition: "c", line: 1, column: 1, swiftSettings: settings)],
        unresolved: [ProjectIssue(file: "f", message: "m", line: 1, column: 1)],
        suppressions: [SuppressionComment(kind: .next, rules: ["r"], reason: "why", line: 1, column: 1)],
        suppressionProblems: [FileProblem(message: "m", line: 1, column: 1, kind: .malformedSuppression)],
        swiftSettings: settings)

    static let settings = SwiftLanguageSettings(
        languageMode: 6, defaultIsolation: "MainActor", strictConcurrency: "complete", source: "s", unread: "u")
}
