@resultBuilder
public enum ListBuilder {
    public static func buildBlock(_ parts: String...) -> [String] { parts }
}
