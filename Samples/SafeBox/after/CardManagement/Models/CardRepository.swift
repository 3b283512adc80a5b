import Foundation

/// Loads and changes the user's cards.
public protocol CardRepository: AnyObject {
    func cards() -> [ManagementCard]
    func cards(debiting accountID: UUID) -> [ManagementCard]
    func setStatus(_ status: ManagementCard.Status, of cardID: UUID)
}

/// The cards of the demo account, kept in memory.
public final class InMemoryCardRepository: CardRepository {
    public static let shared = InMemoryCardRepository()

    private var storage: [ManagementCard] = []

    public init(cards: [ManagementCard] = []) {
        storage = cards
    }

    public func cards() -> [ManagementCard] { storage }

    public func cards(debiting accountID: UUID) -> [ManagementCard] {
        storage.filter { $0.accountID == accountID }
    }

    public func setStatus(_ status: ManagementCard.Status, of cardID: UUID) {
        guard let index = storage.firstIndex(where: { $0.id == cardID }) else { return }
        storage[index].status = status
    }
}
