import Networking

public enum Payments {}
