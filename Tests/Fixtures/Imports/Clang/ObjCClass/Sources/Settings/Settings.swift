import Widgets

/// Uses nothing Widgets declares, but Widgets re-exports Foundation, which it may use through it.
public let settingsVersion = 1
