import Core
import DSKit
import ProfileInterface
import UIKit

final class SearchViewController: UITableViewController {
    private let viewModel: SearchViewModel

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = DSColor.background
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // Resolves from Search's own copy of Core: the app's registration is not there.
        guard let profiles = DIContainer.shared.resolve(ProfileBuilding.self) else { return }
        let result = viewModel.results[indexPath.row]
        navigationController?.pushViewController(profiles.makeProfile(userID: result.userID), animated: true)
    }
}
