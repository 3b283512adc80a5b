import Foundation
import SynWidgetKit
import WidgetKit

/// Reads the snapshot the app leaves in the shared app group container.
struct RecentAlbumProvider: TimelineProvider {
    private let defaults = UserDefaults(suiteName: "group.dev.synstagram")

    func placeholder(in context: Context) -> RecentAlbumEntry { .placeholder }

    func getSnapshot(in context: Context, completion: @escaping (RecentAlbumEntry) -> Void) {
        completion(currentEntry() ?? .placeholder)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<RecentAlbumEntry>) -> Void) {
        let entry = currentEntry() ?? .placeholder
        completion(Timeline(entries: [entry], policy: .after(RefreshSchedule.nextRefresh(after: Date()))))
    }

    private func currentEntry() -> RecentAlbumEntry? {
        guard let title = defaults?.string(forKey: "recentAlbum.title") else { return nil }
        return RecentAlbumEntry(
            date: Date(), title: title, photoCount: defaults?.integer(forKey: "recentAlbum.photoCount") ?? 0,
            coverData: defaults?.data(forKey: "recentAlbum.cover"))
    }
}
