import Foundation
import SynAPIService
import SynDependencies
import SynNetwork

/// Pages through the user's albums; a 401 sends the user back to login.
@MainActor
final class AlbumListViewModel {
    struct Album: Hashable {
        let id: String
        let title: String
        let coverURL: URL?
        let subtitle: String
        let updatedAt: Date
    }

    enum State: Equatable {
        case loading
        case loaded([Album])
        case failed(String)
        case sessionExpired
    }

    private let service: AlbumService
    let session: Session
    private var page = 0
    private var albums: [Album] = []
    var onChange: ((State) -> Void)?

    init(service: AlbumService, session: Session) {
        self.service = service
        self.session = session
    }

    func loadNextPage() async {
        if albums.isEmpty { onChange?(.loading) }
        do {
            let dtos = try await service.albums(page: page)
            page += 1
            albums += dtos.map {
                Album(id: $0.id, title: $0.title, coverURL: $0.coverUrl, subtitle: "\($0.photoCount) photos", updatedAt: $0.updatedAt)
            }
            onChange?(.loaded(albums))
        } catch let error as NetworkError where error.requiresLogin {
            onChange?(.sessionExpired)
        } catch {
            onChange?(.failed(error.localizedDescription))
        }
    }
}
