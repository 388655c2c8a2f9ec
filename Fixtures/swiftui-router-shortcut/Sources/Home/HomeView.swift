import Navigation
import SwiftUI

protocol HomeRouting: Routing {
    func routeToProfile()
}

struct HomeView: View {
    let router: HomeRouting
    let listener: HomeListener

    var body: some View {
        VStack {
            Button("Profile") {
                router.routeToProfile()
            }
            Button("Refresh") {
                listener.didTapRefresh()
            }
        }
    }
}
