import Foundation
import Dependencies

struct MarkedScheduleRowFeature {
    var source: String

    @Dependency(\.scheduleMarkingService) var scheduleMarkingService

    func toggleFavorite() async {
        await scheduleMarkingService.favorite(source)
    }
}
