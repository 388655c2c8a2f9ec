import SwiftUI

@Observable
final class NoteDetailViewModel {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

struct NoteDetailView: View {
    let router: AppRouter
    let viewModel: NoteDetailViewModel

    var body: some View {
        VStack {
            Text("Note \(viewModel.id)")
            Button("Done") { router.popToRoot() }
        }
    }
}
