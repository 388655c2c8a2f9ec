import SwiftUI

@main
struct SpecApp: App {
    var body: some Scene {
        WindowGroup { Text("Spec") }
    }
}
