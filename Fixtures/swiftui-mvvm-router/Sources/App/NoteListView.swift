import SwiftUI

@Observable
final class NoteListViewModel {
    var notes: [Int] = [1, 2, 3]
}

struct NoteListView: View {
    let router: AppRouter
    let viewModel: NoteListViewModel

    var body: some View {
        List(viewModel.notes, id: \.self) { id in
            Button("Note \(id)") { router.push(.note(id: id)) }
        }
        .toolbar {
            Button("Settings") { router.push(.settings) }
        }
    }
}
