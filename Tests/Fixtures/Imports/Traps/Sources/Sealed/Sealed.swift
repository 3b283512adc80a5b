internal import Inner

public enum Sealed {
    public static func hush(_ text: String) -> String { text.whispered }
}
