import SwiftUI

public protocol BaseView: View {}
