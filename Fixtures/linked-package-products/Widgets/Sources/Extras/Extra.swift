public struct Extra { public init() {} }
