public struct OrderedSet<Element: Hashable> {}
