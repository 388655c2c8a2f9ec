import ProfileFeature

final class HomeFooter {
    let card = ProfileCard()
}
