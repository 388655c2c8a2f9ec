public struct Loop {}
