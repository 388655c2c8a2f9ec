import SwiftUI

@main
struct TruncatedApp: App {
    var body: some Scene {
        WindowGroup { Text("Truncated") }
    }
}
