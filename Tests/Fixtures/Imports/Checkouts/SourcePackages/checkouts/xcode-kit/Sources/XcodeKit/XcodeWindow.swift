public final class XcodeWindow {
    public init() {}
}
