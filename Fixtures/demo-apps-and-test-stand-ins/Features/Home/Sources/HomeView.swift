import Networking
import SwiftUI
import UIBase

public struct HomeView: BaseView {
    let client = HTTPClient()
    public init() {}
    public var body: some View { Text("Home") }
}
