import Models

public protocol CartService {
    var items: [Item] { get }
}

public protocol CartObserver {}
