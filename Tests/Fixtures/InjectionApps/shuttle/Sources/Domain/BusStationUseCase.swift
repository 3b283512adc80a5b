public protocol BusStationRepository { func stations() async -> [String] }

public final class BusStationUseCase {
    let repository: BusStationRepository
    public init(repository: BusStationRepository) { self.repository = repository }
}
