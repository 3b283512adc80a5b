import Foundation
import SwiftSignalKit

public final class Postbox {
    public let ready = Signal<Bool, Never>()
}
