import SwiftUI
import Factory
import Home
import Setting
import MonthCalendar

public final class AppEnvironment: ObservableObject {
    @Injected(\.settingViewModel) var settingViewModel: SettingViewModel

    public init() {}
}

public struct RootView: View {
    @StateObject private var environment = AppEnvironment()

    public init() {}

    public var body: some View {
        TabView {
            HomeView(viewModel: Container.shared.homeViewModel())
                .tabItem { Label("Month", systemImage: "book.closed") }
            MonthCalendarView(viewModel: Container.shared.calendarViewModel())
                .tabItem { Label("Calendar", systemImage: "calendar") }
            NavigationStack {
                SettingView(viewModel: environment.settingViewModel)
            }
            .tabItem { Label("Settings", systemImage: "gearshape") }
        }
    }
}
