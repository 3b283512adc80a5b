public struct PodBadge {
    public init() {}
}
