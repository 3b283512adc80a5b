import DependencyContainer
import SafeBoxKit
import UIKit

/// One deposit account: its balance and the cards that debit it.
///
/// The linked-cards list is CardManagement's screen, loaded from the container by its id.
public final class DepositAccountViewController: UIViewController {
    private let accountID: UUID
    private let repository: DepositAccountRepository
    private let balanceLabel = UILabel()

    public init(accountID: UUID, repository: DepositAccountRepository = InMemoryDepositAccountRepository.shared) {
        self.accountID = accountID
        self.repository = repository
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.background
        guard let account = repository.account(id: accountID) else { return }
        title = account.name
        balanceLabel.font = Theme.amount()
        balanceLabel.text = MoneyFormatter(currencyCode: account.currencyCode).string(minorUnits: account.balance)
        balanceLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(balanceLabel)
        NSLayoutConstraint.activate([
            balanceLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            balanceLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 32),
        ])
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Cards", style: .plain, target: self, action: #selector(showLinkedCards))
    }

    @objc private func showLinkedCards() {
        guard let cards = Container.shared.load(for: InjectIdentifier.managementCard)?.resolve() as? ManagementCardInject else {
            assertionFailure("ManagementCardItem is not registered")
            return
        }
        navigationController?.pushViewController(cards.cardListViewController(accountID: accountID), animated: true)
    }
}
