import Factory

extension Container {
    public var processor1: Factory<Processing> { self { UppercaseProcessor() }.cached }
    public var processor2: Factory<Processing> { self { TrimmingProcessor() }.cached }
    public var processor3: Factory<Processing> { self { ReversingProcessor() }.cached }
}
