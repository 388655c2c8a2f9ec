public struct Badge { public init() {} }
