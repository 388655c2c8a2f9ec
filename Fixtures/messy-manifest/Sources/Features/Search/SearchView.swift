import HomeFeature
import Networking

public struct SearchView {
    let home = HomeView()
}
