import Networking
import SwiftUI

@main
struct DemoApp: App {
    var body: some Scene { WindowGroup { Text("Demo") } }
}
