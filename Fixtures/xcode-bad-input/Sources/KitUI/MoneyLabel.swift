import Kit

/// `KitUI` imports `Kit` without declaring it in Package.swift: the one finding that shows the package is still
/// analysed next to the broken projects.
public struct MoneyLabel {
    public var money: Money

    public init(money: Money) {
        self.money = money
    }

    public var text: String { "\(money.cents / 100).\(money.cents % 100)" }
}
