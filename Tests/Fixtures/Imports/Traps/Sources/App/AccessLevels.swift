public import Names
internal import Operators
@preconcurrency import Builders

public func makeToken() -> Token { Token() }
