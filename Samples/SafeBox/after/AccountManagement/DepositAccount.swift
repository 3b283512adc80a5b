import Foundation

/// A deposit (checking or savings) account the user keeps in SafeBox.
public struct DepositAccount: Identifiable, Hashable, Sendable {
    public enum Kind: String, Sendable {
        case checking, savings
    }

    public let id: UUID
    public var name: String
    public var number: String
    public var kind: Kind
    public var currencyCode: String
    /// The balance in minor units (cents).
    public var balance: Int64

    public init(id: UUID = UUID(), name: String, number: String, kind: Kind, currencyCode: String = "USD", balance: Int64) {
        self.id = id
        self.name = name
        self.number = number
        self.kind = kind
        self.currencyCode = currencyCode
        self.balance = balance
    }
}

/// Loads the user's deposit accounts.
public protocol DepositAccountRepository: AnyObject {
    func accounts() -> [DepositAccount]
    func account(id: UUID) -> DepositAccount?
}

/// The accounts of the demo user, kept in memory.
public final class InMemoryDepositAccountRepository: DepositAccountRepository {
    public static let shared = InMemoryDepositAccountRepository()

    private let storage: [DepositAccount]

    public init(accounts: [DepositAccount] = []) {
        storage = accounts
    }

    public func accounts() -> [DepositAccount] { storage }

    public func account(id: UUID) -> DepositAccount? { storage.first { $0.id == id } }
}
