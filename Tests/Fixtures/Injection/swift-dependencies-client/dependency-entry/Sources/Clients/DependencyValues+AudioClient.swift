import Dependencies
import DependenciesMacros

extension DependencyValues {
    @DependencyEntry public var audioClient = AudioClient.live
}
