import CoreUI
import ProfileDomain
import ProfileRepository
import SwiftUI

public final class ProfileBuilder: Buildable {
    public init() {}
}

final class ProfileRouter {
    func routeToEditor() {}
}

final class ProfileViewModel: ObservableObject {
    let repository = ProfileRepository()
}

struct ProfileView: View {
    let router: ProfileRouter

    var body: some View {
        Button("Edit") { router.routeToEditor() }
    }
}
