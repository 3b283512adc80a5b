import SwiftUI
import BsuirUI
import Dependencies

struct AppIconLabel: View {
    var body: some View {
        let isSupported: Bool = {
            @Dependency(\.application.supportsAlternateIcons) var supportsAlternateIcons
            return supportsAlternateIcons()
        }()
        Text(isSupported ? "App icon" : "")
    }
}
