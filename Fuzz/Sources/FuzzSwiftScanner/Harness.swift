import SwiftFacts

/// libFuzzer entry point: the bytes are a Swift file, decoded as archlint decodes files it scans (invalid UTF-8
/// repaired). Both scan modes run; they must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftScanner(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let full = FileScanner.scan(source: source, path: "Sources/Fuzz/Input.swift", mode: .full)
    let fast = FileScanner.scan(source: source, path: "Sources/Fuzz/Input.swift", mode: .fast)
    precondition(full == fast, "full and fast scans disagree")
    return 0
}
