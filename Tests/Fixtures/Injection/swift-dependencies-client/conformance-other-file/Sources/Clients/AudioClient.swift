import Dependencies
import DependenciesMacros

@DependencyClient
public struct AudioClient: Sendable {
    public var play: @Sendable (String) async -> Void
    public var stop: @Sendable () async -> Void
}
