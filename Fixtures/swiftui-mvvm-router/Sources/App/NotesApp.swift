import SwiftUI

@main
struct NotesApp: App {
    @State private var router = AppRouter()

    var body: some Scene {
        WindowGroup {
            RootView(router: router)
        }
    }
}

struct RootView: View {
    @Bindable var router: AppRouter

    var body: some View {
        NavigationStack(path: $router.path) {
            NoteListView(router: router, viewModel: NoteListViewModel())
                .navigationDestination(for: Route.self) { route in
                    switch route {
                    case .note(let id): NoteDetailView(router: router, viewModel: NoteDetailViewModel(id: id))
                    case .settings: Text("Settings")
                    }
                }
        }
    }
}
