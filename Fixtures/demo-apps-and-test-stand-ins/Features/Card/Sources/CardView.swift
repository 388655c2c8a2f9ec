import SwiftUI

public struct CardView: View {
    public var body: some View { Text("Card") }
}
