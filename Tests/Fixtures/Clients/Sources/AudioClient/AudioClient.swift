import Dependencies
import DependenciesMacros

public enum Sound: String, Sendable { case tap, win }

// With the macro, `@Sendable` and `async`.
@DependencyClient
public struct AudioClient: Sendable {
    public var play: @Sendable (Sound) async -> Void
    public var setVolume: @Sendable (Float) async throws -> Void
    public var isMuted: @Sendable () -> Bool = { false }

    // Conveniences in the body leave it an interface.
    public var isAudible: Bool { !isMuted() }
    public func playTwice(_ sound: Sound) async {
        await play(sound)
        await play(sound)
    }
}

// Without the macro: a class of optional closures, and static members that do not count.
public final class HapticsClient {
    public var impact: ((Int) -> Void)?
    public let prepare: () -> Void
    public static let noop = HapticsClient(impact: nil, prepare: {})

    public init(impact: ((Int) -> Void)?, prepare: @escaping () -> Void) {
        self.impact = impact
        self.prepare = prepare
    }
}

extension AudioClient: TestDependencyKey {
    public static let testValue = AudioClient()
}
