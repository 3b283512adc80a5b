import AccountManagement
import CardManagement
import DependencyContainer
import SafeBoxKit
import SwiftUI

@main
struct SafeBoxApp: App {
    init() {
        // Every feature's entry point, before any screen loads another feature's.
        Container.shared.regist(injectType: ManagementCardItem.self)
        Container.shared.regist(injectType: DepositAccountItem.self)
        DemoData.load()
    }

    var body: some Scene {
        WindowGroup {
            RootView()
                .tint(Color(uiColor: Theme.accent))
        }
    }
}

/// The demo user's accounts and cards, so that a fresh install has something to show.
enum DemoData {
    static let checking = DepositAccount(name: "Everyday", number: "110-204-558812", kind: .checking, balance: 182_450)

    static func load() {
        let accounts = InMemoryDepositAccountRepository(accounts: [checking])
        let cards = InMemoryCardRepository(cards: [
            ManagementCard(nickname: "Groceries", number: "4242424242424242", accountID: checking.id),
            ManagementCard(nickname: "Travel", number: "5555555555554444", status: .frozen, accountID: checking.id),
        ])
        Repositories.accounts = accounts
        Repositories.cards = cards
    }
}

/// The repositories the screens are created with.
enum Repositories {
    static var accounts: DepositAccountRepository = InMemoryDepositAccountRepository.shared
    static var cards: CardRepository = InMemoryCardRepository.shared
}
