import Child

extension RootComponent: ChildDependency {}
