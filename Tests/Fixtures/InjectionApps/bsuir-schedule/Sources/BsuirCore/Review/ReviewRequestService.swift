import Foundation
import Dependencies

public protocol ReviewRequestService {
    func madeMeaningfulEvent(_ score: Int)
}

final class LiveReviewRequestService: ReviewRequestService {
    init(storage: UserDefaults) {}
    func madeMeaningfulEvent(_ score: Int) {}
}

// MARK: - Dependency

extension DependencyValues {
    public var reviewRequestService: any ReviewRequestService {
        get { self[ReviewRequestServiceKey.self] }
        set { self[ReviewRequestServiceKey.self] = newValue }
    }
}

private enum ReviewRequestServiceKey: DependencyKey {
    static let liveValue: any ReviewRequestService = LiveReviewRequestService(storage: .standard)
    static let previewValue: any ReviewRequestService = ReviewRequestServiceMock()
}

final class ReviewRequestServiceMock: ReviewRequestService {
    func madeMeaningfulEvent(_ score: Int) {}
}
