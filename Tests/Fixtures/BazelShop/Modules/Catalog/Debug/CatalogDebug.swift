import Networking

public enum CatalogDebug {
    public static let client = Client()
}
