public struct Note {}
