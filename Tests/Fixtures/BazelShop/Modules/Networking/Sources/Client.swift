import Foundation

public final class Client {}
