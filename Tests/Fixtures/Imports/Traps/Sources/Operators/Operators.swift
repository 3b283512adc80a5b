infix operator <~>: AdditionPrecedence

public func <~> (left: Int, right: Int) -> Int { left * 10 + right }
