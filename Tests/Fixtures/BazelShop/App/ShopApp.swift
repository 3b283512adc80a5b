import Cart
import Catalog
import Collections
import SwiftUI

@main
struct ShopApp: App {
    let featured: OrderedSet<String> = ["\(Product.self)"]

    var body: some Scene { WindowGroup { CartView() } }
}
