import Core

public enum Alpha {}
