import Factory

public extension Container {
    var processor1: Factory<Processing> { self { UppercaseProcessor() } }
    var processor2: Factory<Processing> { self { TrimmingProcessor() } }
    var processor3: Factory<Processing> { self { ReversingProcessor() } }
}
