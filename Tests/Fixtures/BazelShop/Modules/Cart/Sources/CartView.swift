import Catalog
import Modules_Payments_Payments
import SwiftUI

public struct CartView: View {
    public var body: some View { Text("Cart") }
}
