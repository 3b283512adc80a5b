public struct Timer {}
