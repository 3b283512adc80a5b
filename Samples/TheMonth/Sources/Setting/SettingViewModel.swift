import Foundation
import Combine
import UseCaseProtocol

public final class SettingViewModel: ObservableObject {
    @Published public var settings: UserSettings = .default
    @Published public private(set) var errorMessage: String?

    private let useCase: SettingUseCaseProtocol

    // import Fake  <- the FakeSettings module was removed in 2.0; previews use `.preview` instead.
    public static let aboutText = """
    The Month keeps one page per day and one book per month.
    import Fake data is never bundled with release builds.
    """

    public init(useCase: SettingUseCaseProtocol) {
        self.useCase = useCase
    }

    @MainActor
    public func load() async {
        settings = await useCase.loadSettings()
    }

    @MainActor
    public func save() async {
        do {
            try await useCase.update(settings)
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
