import Widgets

/// Reaches the category's method only, through a value it is given.
func relayout(_ screen: HomeScreen) {
    screen.widget.layoutIfNeededNow()
}
