import Catalog
import WidgetKit

struct ShopWidget {}
