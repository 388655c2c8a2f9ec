import Core
import CartInterface
import Models

final class LiveCartService: CartService {
    var items: [Item] = []
}

extension LiveCartService {
    func clear() {}
}
