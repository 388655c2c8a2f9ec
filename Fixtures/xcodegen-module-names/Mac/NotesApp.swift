import SwiftUI

struct MacNotesApp {}
