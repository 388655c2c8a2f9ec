// archlint:disable:next cross-feature-import - the header keeps the old card until the redesign ships
import ProfileFeature

final class HomeHeader {
    let card = ProfileCard()
}
