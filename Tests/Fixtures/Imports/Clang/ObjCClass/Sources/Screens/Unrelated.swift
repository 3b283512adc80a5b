import Foundation
import Widgets

/// Uses nothing of Widgets; Foundation, which its headers re-export, comes from its own import.
func today() -> Date { Date() }
