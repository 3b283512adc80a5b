import Foundation

public protocol ParticipantServiceProtocol: Sendable {
    func searchParticipants(spaceId: String) async throws -> [String]
}

final class ParticipantService: ParticipantServiceProtocol {
    private let searchService: any SearchMiddleServiceProtocol = Container.shared.searchMiddleService()

    func searchParticipants(spaceId: String) async throws -> [String] {
        try await searchService.search(text: spaceId)
    }
}
