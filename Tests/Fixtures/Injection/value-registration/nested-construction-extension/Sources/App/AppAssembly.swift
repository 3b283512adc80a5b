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
        DIContainer.shared.register(NotesAPI.self, LiveNotesAPI())
        DIContainer.shared.register(
            NotesRepo.self,
            LiveNotesRepo(api: LiveNotesAPI())
        )
    }
}
