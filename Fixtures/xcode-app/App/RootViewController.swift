import UIKit
import Networking

/// Shows the profile and refreshes the feed. `Networking` is a product of Packages/Core that the App target
/// doesn't link: archlint reports the import as undeclared.
final class RootViewController: UINavigationController {
    private let client = APIClient(baseURL: "https://api.example.com")

    init(profile: UIViewController) {
        super.init(rootViewController: profile)
    }

    required init?(coder: NSCoder) { nil }

    func refresh() async throws {
        _ = try await client.get("/feed")
        _ = ShareFormatter().text(for: "feed", count: 1)
        _ = WidgetEntry.placeholder
    }
}
