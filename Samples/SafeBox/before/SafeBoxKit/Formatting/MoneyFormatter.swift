import Foundation

/// Formats amounts in minor units (cents) for display, in the account's currency.
public struct MoneyFormatter {
    private let formatter: NumberFormatter

    public init(currencyCode: String, locale: Locale = .current) {
        formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        formatter.locale = locale
    }

    public func string(minorUnits: Int64) -> String {
        let amount = Decimal(minorUnits) / 100
        return formatter.string(from: amount as NSDecimalNumber) ?? "\(amount)"
    }

    /// `**** 4242`: never show more of a card or account number than its last four digits.
    public static func masked(_ number: String) -> String {
        "**** " + number.suffix(4)
    }
}
