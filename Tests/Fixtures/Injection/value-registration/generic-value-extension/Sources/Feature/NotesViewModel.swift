import DI

public protocol NotesAPI { func fetch() -> [String] }
public protocol NotesRepo { func notes() -> [String] }
public protocol Analytics { func track(_ event: String) }

public final class NotesViewModel {
    private let repo: any NotesRepo
    private let api: NotesAPI
    // Nothing registers it: a crash when the view model is made.
    private lazy var analytics: Analytics = DIContainer.shared.resolve()

    public init(container: DIContainer = .shared) {
        self.repo = container.resolve()
        self.api = container.resolve() as NotesAPI
    }

    public func load() -> [String] {
        analytics.track("load")
        return repo.notes() + api.fetch()
    }
}
