import Foundation
import ReplayKit
import TelegramUI
import SwiftSignalKit
import BuildConfig

final class BroadcastUploadSampleHandler {
    let signal = Signal<Int, Never>()
}
