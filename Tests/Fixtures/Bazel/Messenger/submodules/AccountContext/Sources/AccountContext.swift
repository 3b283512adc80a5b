import Foundation
import SwiftSignalKit
import Postbox
import Display

public protocol AccountContext: AnyObject {
    var postbox: Postbox { get }
    var root: ViewController { get }
}
