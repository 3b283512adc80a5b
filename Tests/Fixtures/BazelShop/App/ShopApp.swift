import Cart
import Catalog
import Collections
import SwiftUI

@main
struct ShopApp: App {
    var body: some Scene { WindowGroup { CartView(items: OrderedSet()) } }
}
