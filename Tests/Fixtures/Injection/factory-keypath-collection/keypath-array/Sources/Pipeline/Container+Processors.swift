import Factory

extension Container {
    var processor1: Factory<Processing> {
        Factory(self) { UppercaseProcessor() }
    }

    var processor2: Factory<Processing> {
        Factory(self) { TrimmingProcessor() }.singleton
    }

    var processor3: Factory<Processing> {
        Factory(self) { ReversingProcessor() }
    }

    static var processingSteps: [KeyPath<Container, Factory<Processing>>] = [
         \.processor1,
         \.processor2
    ]
}
