import Dependencies

struct GameSubmit {
    let dependencies = DependencyValues()

    func submit() {
        dependencies.apiClient.send("word")
    }
}
