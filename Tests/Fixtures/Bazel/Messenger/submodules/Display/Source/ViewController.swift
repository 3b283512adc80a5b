import Foundation
import AsyncDisplayKit
import SwiftSignalKit

open class ViewController {
    public let node = ASDisplayNode()
    public init() {}
}
