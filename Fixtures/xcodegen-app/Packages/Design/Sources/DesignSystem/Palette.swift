import SwiftUI

public enum Palette {
    public static let accent = Color.orange
}
