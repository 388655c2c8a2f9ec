import ArchlintModel
import XcodeProjects

/// Swift files every input's tree holds, so `sources:` folders and their globs have something to list.
private let sourceFiles: [String: String] = [
    "Sources/App/App.swift": "", "Sources/App/Views/Home.swift": "", "Sources/Feature/Feature.swift": "",
    "Sources/Feature/Legacy/Old.swift": "", "Sources/Feature/Assets.xcassets/Hidden.swift": "",
    "Tests/AppTests/AppTests.swift": "", "Packages/Design/Package.swift": "",
]

/// libFuzzer entry point: the bytes are an XcodeGen spec tree (invalid UTF-8 repaired). The text up to the first
/// line `#> PATH` is `project.yml`; each `#> PATH` line starts the file at PATH (an include, say). The spec is read
/// as archlint reads one, through an in-memory file system: includes merged, templates applied, platforms
/// expanded, sources globbed. Facts or issues are fine; a trap, a hang or unbounded memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeGen(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    var files = sourceFiles
    var path = "project.yml"
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("#> ") {
            files[path] = lines.joined(separator: "\n")
            path = String(line.dropFirst(3))
            lines = []
        } else {
            lines.append(line)
        }
    }
    files[path] = lines.joined(separator: "\n")
    _ = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(files))
    return 0
}
