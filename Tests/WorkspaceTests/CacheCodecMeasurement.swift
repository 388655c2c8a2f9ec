import ArchlintTestSupport
import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// Measures cache codecs on a few thousand realistic `FileFacts` and checks they all round-trip. Timing (thread CPU
/// time, so other processes on a busy machine distort it less) is printed, never asserted; it only runs when
/// `ARCHLINT_MEASURE_CACHE` is set (use `swift test -c release`).
@Suite struct CacheCodecMeasurement {
    static let enabled = ProcessInfo.processInfo.environment["ARCHLINT_MEASURE_CACHE"] != nil

    @Test(.enabled(if: enabled)) func compareCodecs() throws {
        let corpus = SyntheticFacts.corpus(count: 4000)
        let results = try CodecComparison.run(corpus)
        for line in results.report { print(line) }
        #expect(results.allRoundTripped)
    }
}

enum CodecComparison {
    struct Results {
        var report: [String] = []
        var allRoundTripped = true
    }

    static func run(_ corpus: [FileFacts]) throws -> Results {
        var results = Results()
        func measure(_ name: String, encode: () throws -> [[UInt8]], decode: ([[UInt8]]) throws -> [FileFacts]) rethrows {
            var start = threadCPUTimeNanoseconds()
            let blobs = try encode()
            let encodeNs = threadCPUTimeNanoseconds() - start
            start = threadCPUTimeNanoseconds()
            let decoded = try decode(blobs)
            let decodeNs = threadCPUTimeNanoseconds() - start
            if decoded != corpus { results.allRoundTripped = false }
            let bytes = blobs.reduce(0) { $0 + $1.count }
            results.report.append(String(
                format: "%-22@ encode %7.1f ms  decode %7.1f ms  size %6.2f MB",
                name as NSString, Double(encodeNs) / 1e6, Double(decodeNs) / 1e6, Double(bytes) / 1_048_576))
        }
        try measure("JSONDecoder") {
            let encoder = JSONEncoder()
            return try corpus.map { Array(try encoder.encode($0)) }
        } decode: { blobs in
            let decoder = JSONDecoder()
            return try blobs.map { try decoder.decode(FileFacts.self, from: Data($0)) }
        }
        try measure("PropertyList (binary)") {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return try corpus.map { Array(try encoder.encode($0)) }
        } decode: { blobs in
            let decoder = PropertyListDecoder()
            return try blobs.map { try decoder.decode(FileFacts.self, from: Data($0)) }
        }
        try measure("CompactBinaryCoder") {
            try corpus.map { try CompactBinaryCoder.encode($0) }
        } decode: { blobs in
            try blobs.map { blob in try blob.withUnsafeBytes { try CompactBinaryCoder.decode(FileFacts.self, from: $0) } }
        }
        return results
    }
}

func threadCPUTimeNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Deterministic FileFacts shaped like a RIBs/Needle app: imports under `#if`, components with properties,
/// interactors with functions and member accesses, builder calls.
enum SyntheticFacts {
    static func corpus(count: Int) -> [FileFacts] {
        var generator = SplitMix64(seed: 42)
        return (0..<count).map { index in facts(index: index, random: &generator) }
    }

    static func facts(index: Int, random: inout SplitMix64) -> FileFacts {
        let feature = "Feature\(index % 150)"
        let imports = (0..<Int(random.next() % 12 + 2)).map { number in
            ImportDecl(module: number == 0 ? "UIKit" : "Module\(random.next() % 150)",
                       attributes: number % 5 == 4 ? ["testable"] : [],
                       condition: number % 4 == 3 ? "DEBUG" : nil, line: number + 1, column: 1)
        }
        let types = (0..<Int(random.next() % 6 + 1)).map { number in
            TypeDecl(
                kind: number == 0 ? .class : .struct, name: "\(feature)Type\(number)",
                inheritance: ["Component<\(feature)Dependency>"], accessLevel: "public", line: 20 + number * 40, column: 7,
                properties: (0..<Int(random.next() % 8)).map {
                    PropertyDecl(name: "property\($0)", type: "Service\($0)", isComputed: $0 % 2 == 0,
                                 line: 21 + number * 40 + $0, column: 9)
                },
                functions: (0..<Int(random.next() % 6)).map {
                    FunctionDecl(name: "function\($0)",
                                 parameters: [ParameterDecl(label: "_", name: "value", type: "Int", line: 30, column: 20)],
                                 returnType: $0 % 2 == 0 ? "some View" : nil,
                                 locals: [LocalVariable(name: "local", inferredType: "Builder", line: 31, column: 13)],
                                 line: 30 + $0, column: 10)
                },
                memberAccesses: (0..<Int(random.next() % 5)).map {
                    MemberAccess(base: "router", member: "routeTo\($0)", isCall: true, function: "function0", line: 40, column: 9)
                })
        }
        let calls = (0..<Int(random.next() % 4)).map {
            CallFact(callee: "Child\($0)Component", arguments: [CallArgument(label: "parent", value: "self")],
                     enclosingType: "\(feature)Type0", enclosingMember: "child\($0)", line: 50 + $0, column: 9)
        }
        return FileFacts(path: "Packages/\(feature)/Sources/\(feature)/File\(index).swift",
                         imports: imports, types: types, calls: calls)
    }
}

