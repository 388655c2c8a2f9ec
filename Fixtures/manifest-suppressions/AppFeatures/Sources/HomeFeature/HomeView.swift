import ProfileInterface
import ProfileFeature

public final class HomeView {
    let card = ProfileCard()
}
