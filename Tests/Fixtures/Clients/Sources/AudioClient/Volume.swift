// An interface declared across files: the closures in the body, conveniences in an extension.
public struct VolumeClient {
    var current = { () -> Float in 0.5 }
    var observe: (@escaping (Float) -> Void) -> Void

    public init(current: @escaping () -> Float, observe: @escaping (@escaping (Float) -> Void) -> Void) {
        self.current = current
        self.observe = observe
    }
}

extension VolumeClient {
    public var isLoud: Bool { current() > 0.8 }
}
