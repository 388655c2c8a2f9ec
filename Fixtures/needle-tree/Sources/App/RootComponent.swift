import Catalog
import NeedleFoundation
import Services

final class RootComponent: BootstrapComponent {
    var analytics: AnalyticsService {
        shared { AnalyticsService() }
    }

    var apiClient: APIClient {
        shared { APIClient() }
    }

    var catalog: CatalogComponent {
        .init(parent: self)
    }
}
