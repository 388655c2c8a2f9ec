open class BaseViewController {
    public init() {}
}
