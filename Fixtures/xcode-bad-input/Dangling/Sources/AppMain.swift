import SwiftUI

@main
struct DanglingApp: App {
    var body: some Scene {
        WindowGroup { Text("Dangling") }
    }
}
