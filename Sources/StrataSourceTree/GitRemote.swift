import Foundation

extension GitRepository {
    /// `origin`'s URL without any user or token (`https://token@host/x` is `https://host/x`);
    /// nil when there is no origin.
    public func originURL() -> String? {
        guard let bytes = try? run(["config", "--get", "remote.origin.url"]) else { return nil }
        var url = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else { return nil }
        if let scheme = url.range(of: "://") {
            let rest = url[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@") { url = String(url[..<scheme.upperBound]) + String(url[url.index(after: at)...]) }
        }
        return url
    }
}
