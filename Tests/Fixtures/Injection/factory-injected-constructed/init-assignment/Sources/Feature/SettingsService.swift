import FactoryKit
import Services

final class SettingsService {
    private let preferences: Preferences

    init() {
        preferences = Injected(\.preferences).wrappedValue
    }

    func theme() -> String { preferences.theme }
}
