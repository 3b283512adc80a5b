import AccountManagement
import CardManagement
import SwiftUI
import UIKit

/// Two tabs, Cards and Accounts, each a UIKit navigation stack of its feature.
struct RootView: View {
    var body: some View {
        TabView {
            FeatureScreen { CardListViewController(repository: Repositories.cards) }
                .tabItem { Label("Cards", systemImage: "creditcard") }
            FeatureScreen { AccountListViewController(repository: Repositories.accounts) }
                .tabItem { Label("Accounts", systemImage: "building.columns") }
        }
    }
}

/// Hosts a feature's first view controller in a navigation controller.
struct FeatureScreen: UIViewControllerRepresentable {
    let makeRoot: () -> UIViewController

    init(_ makeRoot: @escaping () -> UIViewController) {
        self.makeRoot = makeRoot
    }

    func makeUIViewController(context: Context) -> UINavigationController {
        UINavigationController(rootViewController: makeRoot())
    }

    func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
