public struct Database {}
