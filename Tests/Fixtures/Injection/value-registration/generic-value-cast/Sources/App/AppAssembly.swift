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
        // The value's static type is what `T` is bound to: a cast, or a local's declared type.
        DIContainer.shared.register(LiveNotesAPI() as NotesAPI)
        let repo: NotesRepo = LiveNotesRepo()
        DIContainer.shared.register(repo)
    }
}
