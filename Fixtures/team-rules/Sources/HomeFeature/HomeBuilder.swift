import CoreUI
import SwiftUI

public protocol HomeBuildable: Buildable {}

public final class HomeBuilder: HomeBuildable {
    public init() {}
    func build() -> some View { HomeView(viewModel: HomeViewModel()) }
}

final class HomeViewModel: BaseViewModel {
    func didTapRefresh() {}
}

struct HomeView: View {
    let viewModel: HomeViewModel

    var body: some View {
        Button("Refresh") { viewModel.didTapRefresh() }
    }
}
