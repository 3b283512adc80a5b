import Catalog
import Modules_Payments_Payments
import SwiftUI

public struct CartView: View {
    public var products: [Product] = []

    public init() {}

    public var body: some View { Button("Pay") { Payments.charge() } }
}
