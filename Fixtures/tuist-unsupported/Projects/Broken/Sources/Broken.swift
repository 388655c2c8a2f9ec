public struct Broken {}
