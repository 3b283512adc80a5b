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

public enum AppAssembly {
    public static func assemble() {
        let container = DIContainer.shared
        let api = LiveNotesAPI()
        let repo = LiveNotesRepo(api: api)
        container.register(NotesAPI.self, api)
        container.register(NotesRepo.self, repo)
    }
}
