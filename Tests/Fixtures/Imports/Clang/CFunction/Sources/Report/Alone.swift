import CMath

/// Uses nothing CMath declares; CMath re-exports the C library, which the file may use through it.
public func double(_ value: Int) -> Int { value * 2 }
