import FileClient

// `.noop` is FileClient's here; ApiClient declares a `noop` too, so the name alone says nothing about ApiClient,
// which stays unused.
struct SettingsModel {
    let files: FileClient = .noop
}
