import Foundation

/// Canned albums for SwiftUI previews; excluded from the pod by `exclude_files`.
public struct StubAlbumService: AlbumService {
    public init() {}

    public func albums(page: Int) async throws -> [AlbumDTO] { [] }
}
