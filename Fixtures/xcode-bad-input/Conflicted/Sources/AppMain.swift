import SwiftUI

@main
struct ConflictedApp: App {
    var body: some Scene {
        WindowGroup { Text("Conflicted") }
    }
}
