import SwiftUI

public struct PrimaryButton {}
