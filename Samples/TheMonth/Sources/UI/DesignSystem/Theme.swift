import SwiftUI
#if canImport(UIKit)
import UIKit
public typealias PlatformColor = UIColor
private let paperBase = UIColor.systemBackground
#else
import AppKit
public typealias PlatformColor = NSColor
private let paperBase = NSColor.windowBackgroundColor
#endif

public enum Theme {
    public enum Palette {
        public static let accent = Color(red: 0.93, green: 0.42, blue: 0.33)
        public static let paper = Color(paperBase)
        public static let ink = Color.primary
        public static let faded = Color.secondary.opacity(0.6)
    }

    public enum Spacing {
        public static let xs: CGFloat = 4
        public static let s: CGFloat = 8
        public static let m: CGFloat = 16
        public static let l: CGFloat = 24
    }

    public static let cornerRadius: CGFloat = 14
}
