import Domain

public struct BusStationRepositoryTest: BusStationRepository {
    public init() {}
    public func stations() async -> [String] { ["Main gate"] }
}
