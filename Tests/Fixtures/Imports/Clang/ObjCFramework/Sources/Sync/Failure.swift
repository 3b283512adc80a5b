import Vault

/// The framework's error type, in a signature only.
public func describe(_ error: VLTError) -> String { "\(error)" }
