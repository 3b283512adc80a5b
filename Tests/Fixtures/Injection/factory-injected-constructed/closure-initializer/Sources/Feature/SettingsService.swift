import FactoryKit
import Services

nonisolated final class SettingsService {
    // @Injected(\.preferences) var preferences: 'nonisolated' is not supported on properties with property wrappers
    let preferences: Preferences = { Injected(\.preferences).wrappedValue }()

    func theme() -> String { preferences.theme }
}
