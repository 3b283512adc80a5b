import SwiftUI
import SynWidgetKit
import WidgetKit

@main
struct SynstagramWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RecentAlbum", provider: RecentAlbumProvider()) { entry in
            RecentAlbumView(entry: entry)
        }
        .configurationDisplayName("Recent album")
        .description("The album you changed last.")
        .supportedFamilies([.systemSmall])
    }
}
