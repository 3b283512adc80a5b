import Networking

public enum CatalogDebug {}
