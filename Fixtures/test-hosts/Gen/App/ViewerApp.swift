import SwiftUI
import Kit

@main
struct ViewerApp: App {
    var body: some Scene {
        WindowGroup { Text(Formatter().title) }
    }
}
