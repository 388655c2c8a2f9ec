import SwiftUI

protocol ProfileBuildable {
    func makeView(listener: ProfilePresentableListener) -> AnyView
}

final class ProfileBuilder: ProfileBuildable {
    func makeView(listener: ProfilePresentableListener) -> AnyView {
        AnyView(ProfileView(listener: listener))
    }
}
