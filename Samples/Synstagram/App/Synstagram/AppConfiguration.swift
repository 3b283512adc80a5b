import Foundation
import SynExtensions

/// Settings that differ between builds, from Info.plist.
struct AppConfiguration: Equatable {
    static let defaultBaseURL = URL(string: "https://api.synstagram.dev")!

    let apiBaseURL: URL

    init(apiBaseURL: URL) {
        self.apiBaseURL = apiBaseURL
    }

    /// `SYN_API_HOST` from the bundle's Info.plist, else production.
    init(bundle: Bundle) {
        let host = (bundle.object(forInfoDictionaryKey: "SYN_API_HOST") as? String)?.trimmed ?? ""
        apiBaseURL = host.isEmpty ? Self.defaultBaseURL : URL(string: "https://\(host)") ?? Self.defaultBaseURL
    }
}
