import Home
import HomeTesting
import SwiftUI

@main
struct HomeDemoApp: App {
    var body: some Scene {
        WindowGroup { HomeStub.view }
    }
}
