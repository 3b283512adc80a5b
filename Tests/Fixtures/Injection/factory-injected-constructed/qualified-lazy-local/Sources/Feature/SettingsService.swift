import FactoryKit
import Services

final class SettingsService {
    func theme() -> String {
        let injected = FactoryKit.LazyInjected(\.preferences)
        return injected.wrappedValue.theme
    }
}
