import SwiftUI
import WidgetKit

/// The small widget: the album cover with its title over it.
public struct RecentAlbumView: View {
    let entry: RecentAlbumEntry

    public init(entry: RecentAlbumEntry) {
        self.entry = entry
    }

    public var body: some View {
        ZStack(alignment: .bottomLeading) {
            cover
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.title).font(.headline)
                Text("\(entry.photoCount) photos").font(.caption)
            }
            .foregroundStyle(.white)
            .padding(12)
        }
    }

    @ViewBuilder private var cover: some View {
        if let data = entry.coverData, let image = UIImage(data: data) {
            Image(uiImage: image).resizable().scaledToFill()
        } else {
            LinearGradient(colors: [.pink, .orange], startPoint: .topLeading, endPoint: .bottomTrailing)
        }
    }
}
