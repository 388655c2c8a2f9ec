public struct Reducer {
    public init() {}
}

extension Reducer {
    public func filter(_ isIncluded: @escaping () -> Bool) -> Reducer {
        self
    }
}
