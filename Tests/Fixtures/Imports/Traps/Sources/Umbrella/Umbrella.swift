@_exported import Names

public enum Umbrella {}
