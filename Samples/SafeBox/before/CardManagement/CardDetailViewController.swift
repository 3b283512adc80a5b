import AccountManagement
import LocalAuthentication
import SafeBoxKit
import UIKit

/// One card: its number behind Face ID, freezing, and the deposit account it debits.
final class CardDetailViewController: UIViewController {
    private var card: ManagementCard
    private let repository: CardRepository
    private let numberLabel = UILabel()

    init(card: ManagementCard, repository: CardRepository) {
        self.card = card
        self.repository = repository
        super.init(nibName: nil, bundle: nil)
        title = card.nickname
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Theme.background
        numberLabel.font = Theme.amount()
        numberLabel.text = MoneyFormatter.masked(card.number)
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(title: "Account", style: .plain, target: self, action: #selector(showAccount)),
            UIBarButtonItem(title: card.status == .frozen ? "Unfreeze" : "Freeze", style: .plain, target: self, action: #selector(toggleFreeze)),
        ]
        let stack = UIStackView(arrangedSubviews: [numberLabel])
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        let reveal = UITapGestureRecognizer(target: self, action: #selector(revealNumber))
        numberLabel.isUserInteractionEnabled = true
        numberLabel.addGestureRecognizer(reveal)
    }

    /// The account screen lives in AccountManagement: this import is one half of the cycle.
    @objc private func showAccount() {
        let account = DepositAccountViewController(accountID: card.accountID)
        navigationController?.pushViewController(account, animated: true)
    }

    @objc private func toggleFreeze() {
        card.status = card.status == .frozen ? .active : .frozen
        repository.setStatus(card.status, of: card.id)
        navigationItem.rightBarButtonItems?.last?.title = card.status == .frozen ? "Unfreeze" : "Freeze"
    }

    @objc private func revealNumber() {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Show the full card number") { success, _ in
            guard success else { return }
            DispatchQueue.main.async { self.numberLabel.text = self.card.number }
        }
    }
}
