import Factory
@_spi(Internal) import LocalDataCore
import RepositoryProtocol
import Repositories
import UseCaseProtocol
import UseCases
import Home
import Setting
import MonthCalendar

// Dependency graph: data source -> repositories -> use cases -> view models.
extension Container {
    // MARK: Data

    var localDataSource: Factory<LocalDataSourceProtocol> {
        self { LocalDataSource() }.singleton
    }

    var monthRepository: Factory<MonthRepositoryProtocol> {
        self { MonthRepository(dataSource: self.localDataSource()) }.singleton
    }

    var settingRepository: Factory<SettingRepositoryProtocol> {
        self { SettingRepository(dataSource: self.localDataSource()) }.singleton
    }

    // MARK: Domain

    var monthUseCase: Factory<MonthUseCaseProtocol> {
        self { MonthUseCase(repository: self.monthRepository()) }
    }

    var settingUseCase: Factory<SettingUseCaseProtocol> {
        self { SettingUseCase(repository: self.settingRepository()) }
    }

    // MARK: Presentation

    var homeViewModel: Factory<HomeViewModel> {
        self { HomeViewModel(useCase: self.monthUseCase()) }
    }

    var calendarViewModel: Factory<CalendarViewModel> {
        self { CalendarViewModel(useCase: self.monthUseCase()) }
    }

    var settingViewModel: Factory<SettingViewModel> {
        self { SettingViewModel(useCase: self.settingUseCase()) }.shared
    }
}

public enum TheMonthAppSetup {
    /// Swap persistence for an in-memory store (SwiftUI previews, UI tests).
    public static func useInMemoryStorage() {
        Container.shared.localDataSource.register { LocalDataSource(inMemory: true) }
    }

    /// Debug menu: "Erase all pages".
    public static func eraseAllData() async {
        guard let store = Container.shared.localDataSource() as? LocalDataSource else { return }
        await store.resetAll()
    }
}
