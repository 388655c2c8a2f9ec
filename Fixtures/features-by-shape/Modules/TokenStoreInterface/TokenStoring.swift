public protocol TokenStoring {
    var token: String? { get }
}
