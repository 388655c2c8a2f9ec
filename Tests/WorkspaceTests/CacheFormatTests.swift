import ArchlintModel
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
        let facts = SchemaSignature.sampleFileFacts
        let bytes = try CompactBinaryCoder.encode(facts)
        #expect(try bytes.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) } == facts)
        let manifest = SchemaSignature.sampleManifestFacts
        let manifestBytes = try CompactBinaryCoder.encode(manifest)
        #expect(try manifestBytes.withUnsafeBytes { try CompactBinaryCoder.decode(ManifestFacts.self, from: $0) } == manifest)
        // nil optionals, negative and large numbers, non-ASCII text.
        let sparse = FileFacts(path: "Ünïcødé/🙂.swift", imports: [ImportDecl(module: "M", line: -3, column: Int.max)])
        let sparseBytes = try CompactBinaryCoder.encode(sparse)
        #expect(try sparseBytes.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) } == sparse)
    }

    @Test func binaryCoderRejectsTruncatedInput() throws {
        let bytes = try CompactBinaryCoder.encode(SchemaSignature.sampleFileFacts)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: (any Error).self) {
                try prefix.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) }
            }
        }
    }

    @Test func handWrittenFactsCodecMatchesTheCodablePath() throws {
        // If this fails, a property was added to FileFacts (or a nested type) but not to FileFactsCodec.
        #expect(FileFactsCodec.isExact)
        for facts in SyntheticFacts.corpus(count: 200) + [SchemaSignature.sampleFileFacts, FileFacts(path: "")] {
            let fast = FileFactsCodec.encodeUnchecked(facts)
            #expect(try fast == CompactBinaryCoder.encode(facts))
            #expect(try fast.withUnsafeBytes { try FileFactsCodec.decodeUnchecked($0) } == facts)
        }
    }

    @Test func handWrittenFactsCodecRejectsTruncatedInput() throws {
        let bytes = FileFactsCodec.encodeUnchecked(SchemaSignature.sampleFileFacts)
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: CacheFormatError.self) { try prefix.withUnsafeBytes { try FileFactsCodec.decodeUnchecked($0) } }
        }
    }

    @Test func schemaSignatureCoversEveryStoredProperty() throws {
        let trace = try CompactBinaryCoder.keyTrace(of: SchemaSignature.sampleFileFacts)
        for key in ["path", "imports", "module", "types", "properties", "functions", "parameters", "locals",
                    "memberAccesses", "calls", "arguments", "suppressions", "problems", "isNeedleGenerated"] {
            #expect(trace.contains(key), "missing \(key)")
        }
    }

    @Test func cacheFileRoundTripsAndRejectsAnotherKey() throws {
        let skimmed = DeclarationNames(
            declared: [NameKey("Home")], declaredWithHeader: [NameKey("Home")], extended: [NameKey("String")],
            referencedByOthers: [NameKey("View")])
        let reading = FileReading(facts: FileFacts(path: "x.swift", imports: [ImportDecl(module: "UIKit", line: 1, column: 1)]), skimmed: skimmed)
        let facts = try FileReadingCodec.encode(reading)
        let entry = CachedFileEntry(
            statKey: StatKey(size: 10, inode: 42, modificationSeconds: 1, modificationNanoseconds: 2, changeSeconds: 3,
                             changeNanoseconds: 4),
            isRacy: true, contentHash: 99)
        let bytes = ScanCache.serialize(
            key: "k", files: [ScanCache.FileRow(path: "a/x.swift", entry: entry)], facts: [(99, facts[...])], manifests: [])
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
