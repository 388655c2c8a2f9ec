import SwiftUI

@main
struct ViewerApp: App {
    var body: some Scene { WindowGroup { Text("Viewer") } }
}
