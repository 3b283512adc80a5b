import LegacyKit
import Networking

public struct Product {}
