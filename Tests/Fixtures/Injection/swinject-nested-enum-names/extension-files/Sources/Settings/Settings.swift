public protocol Coordinator { func start() }

public enum Settings {}
