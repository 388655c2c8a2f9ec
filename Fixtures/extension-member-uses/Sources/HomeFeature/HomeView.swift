import Dependencies

// Declares FileClient but uses nothing of it: an unused dependency.
struct HomeModel {
    let title = "Home"
}
