import Catalog
import WidgetKit

struct ShopWidget {
    let product = Product()
}
