import UIKit

/// The account list, the entry point of the Accounts tab.
public final class AccountListViewController: UITableViewController {
    private let repository: DepositAccountRepository
    private var accounts: [DepositAccount] = []

    public init(repository: DepositAccountRepository = InMemoryDepositAccountRepository.shared) {
        self.repository = repository
        super.init(style: .insetGrouped)
        title = "Accounts"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        accounts = repository.accounts()
        tableView.reloadData()
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        accounts.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Account") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Account")
        cell.textLabel?.text = accounts[indexPath.row].name
        cell.detailTextLabel?.text = accounts[indexPath.row].kind.rawValue.capitalized
        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = DepositAccountViewController(accountID: accounts[indexPath.row].id, repository: repository)
        navigationController?.pushViewController(detail, animated: true)
    }
}
