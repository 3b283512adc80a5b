import AccountManagement
import Foundation
import Testing

struct AccountManagementTests {
    @Test func findsAnAccountByItsID() {
        let savings = DepositAccount(name: "Rainy day", number: "110-204-990001", kind: .savings, balance: 50_000)
        let repository = InMemoryDepositAccountRepository(accounts: [savings])

        #expect(repository.account(id: savings.id)?.name == "Rainy day")
        #expect(repository.account(id: UUID()) == nil)
    }
}
