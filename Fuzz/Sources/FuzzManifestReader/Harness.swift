import Manifests

/// libFuzzer entry point: the bytes are a Package.swift, read statically (never compiled or run).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestReader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    _ = ManifestReader.read(source: source, path: "Package.swift")
    return 0
}
