import ArchlintModel
import Testing

@testable import XcodeProjects

struct XcodeWorkspaceReaderTests {
    @Test func readsProjectsAndPackagesThroughGroups() {
        let tree = InMemoryFileSystem([
            "iOS/Shop.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace
                   version = "1.0">
                   <FileRef
                      location = "group:Shop.xcodeproj">
                   </FileRef>
                   <Group
                      location = "container:Modules"
                      name = "Modules">
                      <FileRef location = "group:Core/Core.xcodeproj"></FileRef>
                      <FileRef location = "group:Cart &amp; Checkout"></FileRef>
                      <FileRef location = "group:README.md"></FileRef>
                      <Group location = "group:Nested" name = "Nested">
                         <FileRef location = "group:Deep.xcodeproj"/>
                      </Group>
                   </Group>
                   <FileRef location = "container:../Shared/Package"></FileRef>
                   <FileRef location = "absolute:/Users/me/Elsewhere.xcodeproj"></FileRef>
                   <FileRef location = "container:../../outside.xcodeproj"></FileRef>
                </Workspace>
                """,
            "iOS/Modules/Cart & Checkout/Package.swift": "",
            "Shared/Package/Package.swift": "",
        ])
        let facts = XcodeWorkspaceReader.read(workspacePath: "iOS/Shop.xcworkspace", fileSystem: tree)
        #expect(facts.projects == ["iOS/Shop.xcodeproj", "iOS/Modules/Core/Core.xcodeproj", "iOS/Modules/Nested/Deep.xcodeproj"])
        #expect(facts.packages == ["iOS/Modules/Cart & Checkout", "Shared/Package"])
        #expect(facts.issues.map(\.line) == [18, 19])
        #expect(facts.issues.allSatisfy { $0.message.contains("outside the repository") })
    }

    @Test func aMissingOrHostileFileEndsQuickly() {
        let missing = XcodeWorkspaceReader.read(workspacePath: "A.xcworkspace", fileSystem: InMemoryFileSystem([:]))
        #expect(missing.issues.count == 1)
        let hostile = String(repeating: "<Group location = \"group:a\">", count: 50_000) + "<FileRef location='group:x.xcodeproj'"
        let facts = XcodeWorkspaceReader.read(
            workspacePath: "A.xcworkspace",
            fileSystem: InMemoryFileSystem(["A.xcworkspace/contents.xcworkspacedata": hostile]))
        #expect(facts.projects == [])
        #expect(facts.issues.map(\.message) == ["groups nest deeper than 64: the rest of the workspace is not read"])
    }
}
