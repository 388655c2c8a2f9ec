import ArchlintModel
import Reporting
import Testing

/// Module nodes in the graph JSON: `project` is the declaring project's path, `null` (never absent) for SwiftPM.
@Suite struct GraphJSONProjectTests {
    @Test func moduleNodesCarryTheirProjectAndProjectTypes() {
        let graph = ModuleGraph(nodes: [
            Module(id: "App/App", name: "App", project: "App.xcodeproj", type: .app, path: "App", files: ["App/A.swift"]),
            Module(id: "Core/Core", name: "Core", package: "Core", manifest: "Package.swift", type: .regular),
        ])
        #expect(GraphJSON.modules(graph) == """
            {
              "kind": "modules",
              "nodes": [
                {
                  "id": "App/App",
                  "name": "App",
                  "package": null,
                  "manifest": null,
                  "project": "App.xcodeproj",
                  "type": "app",
                  "path": "App",
                  "files": 1
                },
                {
                  "id": "Core/Core",
                  "name": "Core",
                  "package": "Core",
                  "manifest": "Package.swift",
                  "project": null,
                  "type": "regular",
                  "path": null,
                  "files": 0
                }
              ],
              "edges": []
            }

            """)
    }
}
