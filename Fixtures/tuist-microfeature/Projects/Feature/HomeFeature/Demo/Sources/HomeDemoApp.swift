import HomeFeature

@main
struct HomeDemoApp {}
