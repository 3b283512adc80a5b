import FactoryKit
import Services

struct SettingsService {
    var preferences: Preferences {
        Injected<Preferences>(\Container.preferences).wrappedValue
    }

    func theme() -> String { preferences.theme }
}
