/// The words of C and Objective-C headers the reader knows: keywords, qualifiers, and the
/// macros of Apple's SDKs and common libraries that annotate a declaration without being part
/// of its name (`NS_ASSUME_NONNULL_BEGIN`, `API_AVAILABLE(ios(13))`, `OPENSSL_EXPORT`).
enum HeaderVocabulary {
    /// Words that are never the name a declaration declares.
    static let keywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for",
        "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool", "bool", "_Complex", "_Imaginary",
        "_Atomic", "_Noreturn", "_Thread_local", "_Alignas", "_Static_assert", "static_assert", "__inline", "__inline__",
        "__restrict", "__restrict__", "__extension__", "__const", "__volatile__", "__signed__", "__int128", "__unaligned",
        "_Nonnull", "_Nullable", "_Null_unspecified", "_Nullable_result", "__nonnull", "__nullable", "__null_unspecified",
        "nonnull", "nullable", "null_unspecified", "null_resettable", "__kindof", "__unsafe_unretained", "__strong", "__weak",
        "__autoreleasing", "__block", "__unused", "__covariant", "__contravariant", "_Float16", "__fp16", "id", "instancetype",
        "in", "out", "inout", "oneway", "bycopy", "byref", "thread_local", "__thread", "__ptr64", "__ptr32",
    ]

    /// Words of a type that make a following identifier the declared name (`int x`, `unsigned y`).
    static let builtinTypes: Set<String> = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "_Complex", "__int128",
        "_Float16", "__fp16", "id", "instancetype",
    ]

    /// Words that begin a C++ construct Swift reads only with C++ interoperability.
    static let cplusplus: Set<String> = ["class", "namespace", "template", "typename", "using", "operator", "public", "private", "protected", "virtual", "constexpr", "decltype", "nullptr_t"]

    /// Macros that rename for Swift.
    static let swiftName: Set<String> = ["NS_SWIFT_NAME", "CF_SWIFT_NAME", "SWIFT_NAME"]
    /// Macros that hide a declaration from Swift.
    static let unavailable: Set<String> = ["NS_UNAVAILABLE", "NS_SWIFT_UNAVAILABLE", "CF_SWIFT_UNAVAILABLE", "UNAVAILABLE_ATTRIBUTE", "SWIFT_UNAVAILABLE", "SWIFT_UNAVAILABLE_MSG"]
    /// Macros that give a declaration Swift's `__` prefix.
    static let refined: Set<String> = ["NS_REFINED_FOR_SWIFT", "CF_REFINED_FOR_SWIFT", "SWIFT_PRIVATE"]
    /// Macros that make a typedef a Swift struct or enum whose constants are its members.
    static let typedEnum: Set<String> = [
        "NS_TYPED_ENUM", "NS_STRING_ENUM", "NS_TYPED_EXTENSIBLE_ENUM", "NS_EXTENSIBLE_STRING_ENUM", "CF_TYPED_ENUM", "CF_STRING_ENUM",
        "CF_TYPED_EXTENSIBLE_ENUM", "CF_EXTENSIBLE_STRING_ENUM", "NS_SWIFT_NEWTYPE",
    ]
    /// Typedefs of Apple's SDKs that are `NS_TYPED_EXTENSIBLE_ENUM`: a constant of one of these
    /// types is a member of the SDK's type in Swift (`NSNotificationName` -> `NSNotification.Name`).
    static let sdkTypedEnums: Set<String> = [
        "NSNotificationName", "NSAttributedStringKey", "NSRunLoopMode", "NSURLResourceKey", "NSFileAttributeKey", "NSKeyValueChangeKey",
        "NSErrorUserInfoKey", "UIFontTextStyle", "UIFontDescriptorAttributeName", "UIApplicationLaunchOptionsKey", "UIPasteboardName",
        "UIActivityType", "NSAttributedStringDocumentAttributeKey", "UIApplicationOpenURLOptionsKey", "NSExceptionName",
        "UIAccessibilityNotifications", "UILayoutPriority", "UIWindowLevel", "NSUserActivityPersistentIdentifier",
    ]

    /// The kind of enum a macro call before a `{…}` declares (`NS_ENUM(NSInteger, Name)`), by
    /// its name's ending, so that a library's own wrappers (`SD_ENUM`) read alike.
    static func enumKind(ofMacro name: String) -> EnumKind? {
        guard name.isCapitalizedWord else { return nil }
        if name.hasSuffix("ERROR_ENUM") { return .error }
        if name.hasSuffix("TYPED_ENUM") || name.hasSuffix("STRING_ENUM") || name.hasSuffix("EXTENSIBLE_ENUM") { return nil }
        if name.hasSuffix("_OPTIONS") { return .options }
        if name.hasSuffix("_ENUM") { return .swift }
        return nil
    }

    enum EnumKind {
        /// A C enum: a type whose cases Swift imports as globals.
        case plain
        /// `NS_ENUM`, `NS_CLOSED_ENUM`, `enum_extensibility`: a Swift enum, cases as members.
        case swift
        /// `NS_OPTIONS`, `flag_enum`: an option set, cases as members.
        case options
        /// `NS_ERROR_ENUM(domain, Name)`: an error struct with a nested `Code`.
        case error
    }

    /// Macros of SDKs and libraries that annotate (availability, nullability regions, export,
    /// deprecation, linkage); with or without arguments. A library's own are known by what it
    /// defines them as (`HeaderMacros`), or by these shapes.
    static let annotations: Set<String> = [
        "NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END", "CF_ASSUME_NONNULL_BEGIN", "CF_ASSUME_NONNULL_END", "NS_DESIGNATED_INITIALIZER",
        "NS_REQUIRES_SUPER", "NS_RETURNS_RETAINED", "NS_RETURNS_NOT_RETAINED", "NS_RETURNS_INNER_POINTER", "NS_NOESCAPE", "NS_FORMAT_FUNCTION",
        "NS_FORMAT_ARGUMENT", "FOUNDATION_EXPORT", "FOUNDATION_EXTERN", "FOUNDATION_STATIC_INLINE", "FOUNDATION_EXTERN_INLINE", "NS_INLINE",
        "CF_INLINE", "CF_EXPORT", "CF_EXTERN_C_BEGIN", "CF_EXTERN_C_END", "UIKIT_EXTERN", "UIKIT_STATIC_INLINE", "OBJC_EXPORT", "OBJC_EXTERN",
        "__BEGIN_DECLS", "__END_DECLS", "NS_SWIFT_SENDABLE", "NS_SWIFT_NONSENDABLE", "NS_SWIFT_UI_ACTOR", "NS_SWIFT_NOTHROW",
        "NS_SWIFT_ASYNC", "NS_SWIFT_ASYNC_NAME", "NS_SWIFT_DISABLE_ASYNC", "NS_SWIFT_ASYNC_THROWS_ON_FALSE", "NS_HEADER_AUDIT_BEGIN",
        "NS_HEADER_AUDIT_END", "DEPRECATED_ATTRIBUTE", "DEPRECATED_MSG_ATTRIBUTE", "CF_RETURNS_RETAINED", "CF_RETURNS_NOT_RETAINED",
        "CF_CONSUMED", "NS_VALID_UNTIL_END_OF_SCOPE", "OBJC_DESIGNATED_INITIALIZER", "NS_ROOT_CLASS", "NS_SWIFT_UNAVAILABLE_FROM_ASYNC",
        "NS_REQUIRES_NIL_TERMINATION", "NS_WARN_UNUSED_RESULT", "CF_WARN_UNUSED_RESULT", "NS_SWIFT_BRIDGED_TYPEDEF", "CF_BRIDGED_TYPE",
        "CF_BRIDGED_MUTABLE_TYPE", "NS_AUTOMATED_REFCOUNT_WEAK_UNAVAILABLE", "CF_IMPLICIT_BRIDGING_ENABLED", "CF_IMPLICIT_BRIDGING_DISABLED",
        "NS_NONATOMIC_IOSONLY", "NS_AVAILABLE", "NS_DEPRECATED", "NS_CLASS_AVAILABLE", "NS_ENUM_AVAILABLE", "NS_EXTENSION_UNAVAILABLE",
        "NS_SWIFT_SENDABLE", "__dead2", "__pure2", "__printflike", "__result_use_check", "__deprecated", "__deprecated_msg",
        "__unavailable", "__attribute_deprecated__", "__nonnull_all", "__wur", "__THROW", "__nonnull", "__attribute_pure__",
        "__attribute_const__", "__attribute_malloc__", "__attribute_warn_unused_result__", "__BEGIN_NAMESPACE_STD", "__END_NAMESPACE_STD",
        "__restrict_arr", "__LEAF", "__NTH", "__REDIRECT", "__asm__", "CF_ENUM_AVAILABLE", "CF_AVAILABLE", "CF_DEPRECATED",
        "CF_SWIFT_SENDABLE", "NS_OBJECT_ENUM",
    ]

    /// Whether a capitalized macro name has an annotation's shape: an SDK prefix, or an ending
    /// such as `_EXPORT`, `_API`, `_DEPRECATED`, `_AVAILABLE`, `_NONNULL_BEGIN`.
    static func looksLikeAnnotation(_ name: String) -> Bool {
        if annotations.contains(name) { return true }
        guard name.isCapitalizedWord else { return false }
        for prefix in annotationPrefixes where name.hasPrefix(prefix) { return true }
        for part in annotationParts where name.contains(part) { return true }
        for suffix in annotationSuffixes where name.hasSuffix(suffix) { return true }
        return false
    }

    static let annotationPrefixes = [
        "NS_", "CF_", "API_", "__API_", "__OSX_", "__IOS_", "__TVOS_", "__WATCHOS_", "__VISIONOS_", "OBJC_", "UIKIT_", "FOUNDATION_",
        "SWIFT_", "__SWIFT_", "AVAILABLE_MAC_OS_X", "__AVAILABILITY", "MAC_OS_X_", "__OS_AVAILABILITY", "CG_", "CA_", "AV_", "MP_",
        "__CF_", "__NS_", "XCT_", "WK_", "GL_API", "EAGL_", "_LIBCPP_", "__LIBC_",
    ]
    static let annotationParts = ["DEPRECATED", "AVAILABLE", "AVAILABILITY", "NONNULL", "NULLABLE", "ATTRIBUTE", "EXPORT", "EXTERN", "VISIBILITY", "WARN_UNUSED"]
    static let annotationSuffixes = [
        "_API", "_INLINE", "_BEGIN_DECLS", "_END_DECLS", "_DECLS_BEGIN", "_DECLS_END", "_BEGIN", "_END", "_NOESCAPE", "_NORETURN",
        "_PURE", "_CONST", "_HIDDEN", "_PUBLIC", "_LOCAL", "_PRINTF", "_FORMAT", "_UNUSED", "_PACKED", "_ALIGNED", "_SENDABLE",
        "_DESIGNATED_INITIALIZER", "_REQUIRES_SUPER", "_RETURNS_RETAINED", "_MALLOC", "_NOTHROW", "_FALLTHROUGH", "_NODISCARD",
        "_ALWAYS_INLINE", "_NOINLINE", "_COLD", "_HOT", "_ASSUME_NONNULL", "_EXTERN_C", "_DLLIMPORT", "_DLLEXPORT", "_CDECL",
        "_STDCALL", "_CALLBACK", "_CALL", "_LINKAGE",
    ]
}

extension String {
    /// All capitals, digits and `_`, with a letter (`NS_ENUM`, `OPENSSL_EXPORT`).
    var isCapitalizedWord: Bool {
        var letters = false
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): break
            default: return false
            }
        }
        return letters && utf8.count > 1
    }
}
