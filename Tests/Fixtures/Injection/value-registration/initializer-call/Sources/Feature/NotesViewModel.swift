import DI

public protocol NotesAPI { func fetch() -> [String] }
public protocol NotesRepo { func notes() -> [String] }
public protocol Analytics { func track(_ event: String) }

public final class NotesViewModel {
    private let repo = DIContainer.shared.resolve(NotesRepo.self)
    private let api: NotesAPI = DIContainer.shared.resolve(NotesAPI.self)
    // Nothing registers it: a crash when the view model is made.
    private let analytics = DIContainer.shared.resolve(Analytics.self)

    public init() {}

    public func load() -> [String] {
        analytics.track("load")
        return repo.notes() + api.fetch()
    }
}
