import ArchlintModel
import Foundation
import Testing

@testable import XcodeProjects

/// `InfoPlistClasses`: the modules an Info.plist names classes of, at any depth, in XML or binary form.
struct InfoPlistClassesTests {
    @Test func classesAtAnyDepthNameTheirModulesAndTheTargetsOwnNameNone() throws {
        let scenes: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneDelegateClassName": "AppKit.SceneDelegate"],
                        ["UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).CarPlayDelegate"],
                    ],
                ],
            ],
            "NSExtension": ["NSExtensionPrincipalClass": "ShareKit.ShareViewController"],
            "NSPrincipalClass": "NSApplication",
            "CFBundleName": "Kit.Name",
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: scenes, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: scenes, format: .xml, options: 0)
        let files = BytesFileSystem(files: [
            "Binary.plist": [UInt8](binary), "XML.plist": [UInt8](xml),
            "Broken.plist": Array("<plist><dict><key>NSPrincipalClass</key>".utf8),
        ])
        #expect(InfoPlistClasses.modules(inPlistAt: "XML.plist", fileSystem: files) == ["AppKit", "ShareKit"])
        #expect(InfoPlistClasses.modules(inPlistAt: "Binary.plist", fileSystem: files) == ["AppKit", "ShareKit"])
        #expect(InfoPlistClasses.modules(inPlistAt: "Broken.plist", fileSystem: files) == [])
        #expect(InfoPlistClasses.modules(inPlistAt: "Missing.plist", fileSystem: files) == [])
    }
}

/// Files as bytes (a binary plist isn't text).
private struct BytesFileSystem: ProjectFileSystem {
    var files: [String: [UInt8]]
    func contents(of path: String) -> [UInt8]? { files[path] }
    func isDirectory(_ path: String) -> Bool { false }
    func files(under directory: String) -> [String] { [] }
}
