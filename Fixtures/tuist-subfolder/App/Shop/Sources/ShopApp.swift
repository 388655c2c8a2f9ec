import Home

struct ShopApp {
    let home = HomeScreen()
}
