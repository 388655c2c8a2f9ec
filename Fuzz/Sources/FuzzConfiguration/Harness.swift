import Configuration
import Foundation

/// An empty directory that relative `extends:` paths resolve against, so inputs don't read the checkout.
nonisolated(unsafe) private let extendsDirectory: String = {
    let path = NSTemporaryDirectory() + "archlint-fuzz-config-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// libFuzzer entry point: the bytes are a `.archlint.yml` (invalid UTF-8 repaired), loaded strictly as `archlint`
/// loads one. Either a configuration or a `ConfigurationError` is fine; anything else (a trap, a hang, unbounded
/// memory) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    _ = try? ConfigurationLoader.load(text: text, directory: extendsDirectory, knownRuleIDs: [])
    return 0
}
