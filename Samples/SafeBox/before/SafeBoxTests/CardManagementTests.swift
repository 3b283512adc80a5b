import CardManagement
import Foundation
@testable import SafeBox
import Testing

struct CardManagementTests {
    @Test func freezingACardChangesOnlyThatCard() {
        let account = UUID()
        let groceries = ManagementCard(nickname: "Groceries", number: "4242424242424242", accountID: account)
        let travel = ManagementCard(nickname: "Travel", number: "5555555555554444", accountID: account)
        let repository = InMemoryCardRepository(cards: [groceries, travel])

        repository.setStatus(.frozen, of: travel.id)

        #expect(repository.cards().map(\.status) == [.active, .frozen])
    }

    @Test func demoDataLinksEveryCardToTheCheckingAccount() {
        DemoData.load()
        #expect(Repositories.cards.cards(debiting: DemoData.checking.id).count == 2)
    }
}
