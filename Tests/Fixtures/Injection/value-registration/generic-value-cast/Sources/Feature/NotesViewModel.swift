import DI

public protocol NotesAPI { func fetch() -> [String] }
public protocol NotesRepo { func notes() -> [String] }
public protocol Analytics { func track(_ event: String) }

public final class NotesViewModel {
    private let repo: NotesRepo = DIContainer.shared.resolve()
    private let api: NotesAPI
    private let analytics: Analytics

    public init() {
        api = DIContainer.shared.resolve()
        // Nothing registers it: a crash when the view model is made.
        analytics = DIContainer.shared.resolve() as Analytics
    }

    public func load() -> [String] {
        analytics.track("load")
        return repo.notes() + api.fetch()
    }
}
