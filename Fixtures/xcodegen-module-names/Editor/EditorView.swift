import SwiftUI

public struct EditorView {
    public init() {}
}
