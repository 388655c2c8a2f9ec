import TokenStoreInterface

public final class KeychainTokenStore: TokenStoring {
    public var token: String? { nil }
    public init() {}
}
