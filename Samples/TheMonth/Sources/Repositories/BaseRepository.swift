import LocalDataCore

/// Shared plumbing for repositories backed by the local data source.
/// `open` so app extensions (widgets) can specialise it.
open class BaseRepository: @unchecked Sendable {
    public let dataSource: LocalDataSourceProtocol

    public init(dataSource: LocalDataSourceProtocol) {
        self.dataSource = dataSource
    }

    open func willPersist(key: String) {}
}
