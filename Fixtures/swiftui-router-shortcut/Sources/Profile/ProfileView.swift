import SwiftUI

protocol ProfilePresentableListener: AnyObject {
    func didTapLogout()
}

struct ProfileView: View {
    weak var listener: ProfilePresentableListener?

    var body: some View {
        Button("Log out") {
            listener?.didTapLogout()
        }
    }
}
