import HomeFeature

print(HomeView())
