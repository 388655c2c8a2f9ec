public struct PrimaryButton {}
