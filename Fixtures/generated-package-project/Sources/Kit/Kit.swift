public struct Kit { public init() {} }
