import Feed
import Profile
import SwiftUI
import UserNotifications

@main
struct RecipesApp: App {
    var body: some Scene {
        WindowGroup { TabView { FeedView(); ProfileView() } }
    }
}
