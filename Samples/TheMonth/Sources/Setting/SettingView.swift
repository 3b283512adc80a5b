import SwiftUI
import UseCaseProtocol

public struct SettingView: View {
    @ObservedObject private var viewModel: SettingViewModel

    public init(viewModel: SettingViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        Form {
            Section("Appearance") {
                Picker("Theme", selection: $viewModel.settings.appearance) {
                    ForEach(UserSettings.Appearance.allCases, id: \.self) { appearance in
                        Text(appearance.rawValue.capitalized).tag(appearance)
                    }
                }
                Picker("Week starts on", selection: $viewModel.settings.firstWeekday) {
                    Text("Sunday").tag(Weekday.sunday)
                    Text("Monday").tag(Weekday.monday)
                }
            }
            Section("Reminders") {
                Toggle("Daily reminder", isOn: $viewModel.settings.remindersEnabled)
                if viewModel.settings.remindersEnabled {
                    Stepper("At \(viewModel.settings.reminderHour):00", value: $viewModel.settings.reminderHour, in: 0...23)
                }
            }
            Section("About") {
                Text(SettingViewModel.aboutText).font(.footnote)
            }
            if let message = viewModel.errorMessage {
                Text(message).foregroundStyle(.red)
            }
        }
        .navigationTitle("Settings")
        .task { await viewModel.load() }
        .onChange(of: viewModel.settings) { _ in
            Task { await viewModel.save() }
        }
    }
}
