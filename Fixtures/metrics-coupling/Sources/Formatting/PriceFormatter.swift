import Models

public enum PriceFormatter {
    public static func text(_ price: Price) -> String { "" }
}
