import AccountManagement
import CardManagement
import DependencyContainer
import Testing

struct ContainerTests {
    @Test func loadsWhatWasRegisteredByItsInjectId() {
        let container = Container()
        container.regist(injectType: ManagementCardItem.self)
        container.regist(injectType: DepositAccountItem.self)

        #expect(container.load(for: InjectIdentifier.managementCard)?.resolve() is ManagementCardInject)
        #expect(container.load(for: InjectIdentifier.depositAccount)?.resolve() is DepositAccountInject)
    }

    @Test func anUnregisteredIdLoadsNothing() {
        #expect(Container().load(for: InjectIdentifier.depositAccount) == nil)
    }
}
