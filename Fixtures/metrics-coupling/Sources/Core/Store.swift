import Foundation
import Models
import Formatting

public protocol Store {}

public final class MemoryStore: Store {
    public enum Failure: Error { case missing }
}
