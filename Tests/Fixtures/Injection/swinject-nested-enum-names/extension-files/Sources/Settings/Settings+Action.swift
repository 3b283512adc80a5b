extension Settings {
    public enum Action: String, CaseIterable {
        case profile, notifications, about, logout
    }
}
