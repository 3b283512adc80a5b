import Networking

public enum Payments {
    public static func charge(with client: Client = Client()) {}
}
