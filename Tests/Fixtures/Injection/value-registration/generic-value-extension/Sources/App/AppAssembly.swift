import DI
import Feature

struct LiveNotesAPI: NotesAPI {
    func fetch() -> [String] { ["remote"] }
}

struct LiveNotesRepo: NotesRepo {
    let api: NotesAPI
    init(api: NotesAPI = LiveNotesAPI()) { self.api = api }
    func notes() -> [String] { api.fetch() }
}

public struct AppAssembly {
    let container: DIContainer

    public init(container: DIContainer = .shared) { self.container = container }

    public func assemble() {
        container.register(LiveNotesAPI.init() as NotesAPI)
        let repo: any NotesRepo = LiveNotesRepo(
            api: LiveNotesAPI()
        )
        container.register(repo)
    }
}
