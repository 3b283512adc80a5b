import Inner

public enum Outer {
    public static func quiet(_ text: String) -> String { text.whispered }
}
