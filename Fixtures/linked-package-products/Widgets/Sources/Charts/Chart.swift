public struct Chart { public init() {} }
