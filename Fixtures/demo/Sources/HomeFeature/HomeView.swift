import SwiftUI

struct HomeView: View {
    let router: HomeRouting

    var body: some View {
        Button("Cart") {
            router.routeToCart()
        }
    }
}
