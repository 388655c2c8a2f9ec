import ArchlintModel
import Testing
@testable import Workspace

/// SwiftPM builds a `.target` one of whose files is named `main.swift` as an executable (from tools version 5.4 on
/// with a warning): a test target depends on it to run it, not to import it (Mastodon's `StringsConvertor`).
@Suite struct ExecutableByMainFileTests {
    @Test(arguments: ["5.2", "5.9"])
    func aTargetWithAMainFileIsAnExecutable(toolsVersion: String) throws {
        let repo = try TemporaryRepository([
            "Package.swift": """
                // swift-tools-version:\(toolsVersion)
                import PackageDescription

                let package = Package(
                    name: "Tools",
                    targets: [
                        .target(name: "Convertor", dependencies: []),
                        .target(name: "Parsing", dependencies: []),
                        .target(name: "Library", dependencies: []),
                        .testTarget(name: "ConvertorTests", dependencies: ["Convertor"]),
                    ]
                )
                """,
            "Sources/Convertor/main.swift": "print(1)\n",
            "Sources/Convertor/Parser.swift": "struct Parser {}\n",
            "Sources/Parsing/Tokens/Main.swift": "struct NotTheEntry {}\n",
            "Sources/Library/Library.swift": "struct Library {}\n",
            "Sources/Library/Mainly.swift": "struct Mainly {}\n",
            "Tests/ConvertorTests/ConvertorTests.swift": "import XCTest\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let types = Dictionary(uniqueKeysWithValues: model.modules.filter { $0.package == "Tools" }.map { ($0.name, $0.type) })
        #expect(types["Convertor"] == .executable)
        // SwiftPM looks at every file of the target, not only those at its root, and ignores case.
        #expect(types["Parsing"] == .executable)
        #expect(types["Library"] == .regular)
        #expect(types["ConvertorTests"] == .test)
    }
}
