import PetpionCore
import PetpionData
import PetpionDomain
import PetpionPresentation

/// Every layer registers into `DIContainer.shared`, lowest layer first.
enum AppDIContainer {
    static func registerAll() {
        CoreDIContainer().register()
        DataDIContainer().register()
        DomainDIContainer().register()
        PresentationDIContainer().register()
    }
}
