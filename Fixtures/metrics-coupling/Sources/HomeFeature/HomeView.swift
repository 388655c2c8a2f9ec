import CartInterface

struct HomeView {
    let cart: CartService
}
