import Widgets

public struct HomeScreen {
    public let widget = XYZWidget(title: "Home")
    public init() {}
}
