import Core

public enum Gamma {}
