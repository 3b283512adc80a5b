/// Modules that come with Apple's SDKs or the Swift toolchain, so an import of one is
/// "Apple SDK" rather than third party. Names only; the list errs towards the common ones.
enum SystemModules {
    static let names: Set<String> = [
        // Swift toolchain
        "Swift", "_Concurrency", "_StringProcessing", "_Backtracing", "Builtin", "Cxx", "CxxStdlib",
        "Distributed", "Observation", "RegexBuilder", "Synchronization", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Dispatch", "XCTest", "Testing",
        "Glibc", "Musl", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT", "SwiftShims", "os", "os.log",
        "PackageDescription", "CompilerPluginSupport", "PackagePlugin",
        // Apple SDKs
        "Darwin", "ObjectiveC", "CoreFoundation", "UIKit", "AppKit", "SwiftUI", "Combine", "CoreData", "CoreGraphics",
        "CoreImage", "CoreLocation", "CoreML", "CoreMotion", "CoreText", "CoreVideo", "CoreMedia", "CoreAudio",
        "CoreBluetooth", "CoreHaptics", "CoreNFC", "CoreServices", "CoreSpotlight", "CoreTelephony", "CryptoKit",
        "AVFoundation", "AVKit", "AudioToolbox", "AuthenticationServices", "BackgroundTasks", "Contacts",
        "ContactsUI", "DeviceCheck", "EventKit", "EventKitUI", "GameKit", "GameplayKit", "HealthKit", "HomeKit",
        "ImageIO", "Intents", "IntentsUI", "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI", "Metal",
        "MetalKit", "MobileCoreServices", "MultipeerConnectivity", "NaturalLanguage", "Network", "NetworkExtension",
        "NotificationCenter", "OSLog", "PassKit", "PDFKit", "Photos", "PhotosUI", "PushKit", "QuartzCore",
        "QuickLook", "RealityKit", "ReplayKit", "SafariServices", "SceneKit", "Security", "SpriteKit", "StoreKit",
        "SwiftData", "SystemConfiguration", "UniformTypeIdentifiers", "UserNotifications", "UserNotificationsUI",
        "Vision", "VisionKit", "WatchConnectivity", "WatchKit", "WebKit", "WidgetKit", "ActivityKit", "AppIntents",
        "ARKit", "Accelerate", "Accessibility", "AdSupport", "AppTrackingTransparency", "Charts", "CloudKit",
        "CryptoTokenKit", "FileProvider", "GLKit", "GameController", "IOKit", "JavaScriptCore", "LinkPresentation",
        "ModelIO", "OpenGLES", "SensitiveContentAnalysis", "Speech", "SQLite3", "TipKit", "XCUIAutomation",
        "Cocoa", "Carbon", "ApplicationServices", "ScreenCaptureKit", "ServiceManagement", "os_log", "libkern",
        "Compression", "simd", "zlib", "Spatial", "VideoToolbox", "MetricKit", "StoreKitTest", "DeveloperToolsSupport",
    ]

    static func contains(_ name: String) -> Bool { names.contains(name) }
}
