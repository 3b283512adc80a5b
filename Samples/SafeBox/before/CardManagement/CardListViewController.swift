import SafeBoxKit
import UIKit

/// The list of cards: all of them, or only those that debit one deposit account.
public final class CardListViewController: UITableViewController {
    private let repository: CardRepository
    private let accountID: UUID?
    private var cards: [ManagementCard] = []

    public init(repository: CardRepository = InMemoryCardRepository.shared, accountID: UUID? = nil) {
        self.repository = repository
        self.accountID = accountID
        super.init(style: .insetGrouped)
        title = accountID == nil ? "Cards" : "Linked cards"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.backgroundColor = Theme.background
        tableView.register(ValueCell.self, forCellReuseIdentifier: ValueCell.reuseIdentifier)
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        cards = accountID.map(repository.cards(debiting:)) ?? repository.cards()
        tableView.reloadData()
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        cards.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ValueCell.reuseIdentifier, for: indexPath) as! ValueCell
        let card = cards[indexPath.row]
        cell.show(title: card.nickname, value: MoneyFormatter.masked(card.number), highlighted: card.status != .active)
        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = CardDetailViewController(card: cards[indexPath.row], repository: repository)
        navigationController?.pushViewController(detail, animated: true)
    }
}
