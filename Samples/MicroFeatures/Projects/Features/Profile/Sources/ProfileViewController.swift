import Core
import DSKit
import UIKit

final class ProfileViewController: UIViewController {
    let userID: String
    private let avatar = RemoteImageView()
    private let followButton = DSButton(title: "Follow")

    init(userID: String) {
        self.userID = userID
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = DSColor.background
        Task {
            let profile: ProfileResponse = try await APIClient.production.get("users/\(userID)")
            avatar.load(profile.avatarURL)
        }
    }
}

struct ProfileResponse: Decodable, Sendable {
    let displayName: String
    let avatarURL: URL?
}
