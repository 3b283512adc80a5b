import CardManagement
import SafeBoxKit
import UIKit

/// One deposit account: its balance and the cards that debit it.
///
/// The linked-cards list is CardManagement's screen. AccountManagement does not declare
/// CardManagement (Xcode would refuse the circular target dependency), so this import only
/// builds because the app happens to build CardManagement first.
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
        let cards = CardListViewController(accountID: accountID)
        navigationController?.pushViewController(cards, animated: true)
    }
}
