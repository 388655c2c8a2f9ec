// Read as text by the tests; the package excludes it, so nothing compiles it.
import NeedleFoundation

final class SampleParentComponent: Component<EmptyDependency> {
    func child(parent: Scope) -> SampleChildComponent { SampleChildComponent(parent: parent) }
}

final class SampleChildComponent: Component<EmptyDependency> {}
