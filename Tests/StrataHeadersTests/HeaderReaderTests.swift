import StrataHeaders
import Testing

/// The names Swift sees in C and Objective-C headers, each construct in several spellings;
/// what the reader cannot read is uncertain, never silently dropped.
@Suite struct HeaderReaderTests {
    /// The declarations of one or more headers, as `kind name` (`owner.name` for members).
    static func read(_ headers: String...) -> (names: Set<String>, uncertain: [String]) {
        let reading = HeaderReader.read(headers.map { HeaderFile(Array($0.utf8)) })
        let names = reading.declarations.map { "\($0.kind.rawValue) \($0.owner.map { $0 + "." } ?? "")\($0.name)" }
        return (Set(names), reading.uncertainties.map { "\($0.uncertainty.line): \($0.uncertainty.reason)" })
    }

    @Test(arguments: [
        // The macro, with typedef.
        "typedef NS_ENUM(NSInteger, XYZColor) {\n  XYZColorRed,\n  XYZColorGreen = 2,\n  XYZColorBlue\n};\n",
        // Without typedef, as some headers write it.
        "NS_ENUM(NSInteger, XYZColor) { XYZColorRed, XYZColorGreen, XYZColorBlue };\n",
        // Closed, and spread over `#if` branches.
        "typedef NS_CLOSED_ENUM(NSUInteger, XYZColor) {\n  XYZColorRed,\n#if TARGET_OS_IOS\n  XYZColorGreen,\n#endif\n  XYZColorBlue,\n};\n",
        // The attribute NS_ENUM expands to.
        "typedef enum __attribute__((enum_extensibility(open))) XYZColor : long { XYZColorRed, XYZColorGreen, XYZColorBlue } XYZColor;\n",
        // A library's own wrapper of NS_ENUM.
        "typedef XYZ_ENUM(NSInteger, XYZColor) { XYZColorRed, XYZColorGreen, XYZColorBlue };\n",
    ])
    func anEnumIsATypeWithItsCasesAsMembersWithoutTheirCommonPrefix(header: String) {
        let (names, uncertain) = Self.read(header)
        #expect(names == ["type XYZColor", "member XYZColor.red", "member XYZColor.green", "member XYZColor.blue"])
        #expect(uncertain.isEmpty)
    }

    @Test func prefixStrippingFollowsSwiftsRules() {
        #expect(SwiftNames.caseNames(["XYZOptionBold", "XYZOptionItalic"], enumName: "XYZOptions") == ["bold", "italic"])
        // Only as far as the enum's name shares the prefix.
        #expect(SwiftNames.caseNames(["XYZShapeKindCircle", "XYZShapeKindSquare"], enumName: "XYZShape") == ["kindCircle", "kindSquare"])
        // A case whose rest would start with a digit keeps one more word.
        #expect(SwiftNames.caseNames(["XYZSize1x", "XYZSize2x"], enumName: "XYZSize") == ["size1x", "size2x"])
        #expect(SwiftNames.caseNames(["kXYZModeFast", "kXYZModeSlow"], enumName: "XYZMode") == ["fast", "slow"])
        #expect(SwiftNames.caseNames(["XYZKindURLRequest", "XYZKindHTTPBody"], enumName: "XYZKind") == ["urlRequest", "httpBody"])
        // One case: what it shares with the enum's name.
        #expect(SwiftNames.caseNames(["XYZStateIdle"], enumName: "XYZState") == ["idle"])
        #expect(SwiftNames.caseNames(["XYZ_Mode_Fast", "XYZ_Mode_Slow"], enumName: "XYZ_Mode") == ["fast", "slow"])
    }

    @Test func optionsErrorsAndPlainEnums() {
        let (names, uncertain) = Self.read("""
            typedef NS_OPTIONS(NSUInteger, XYZOptions) { XYZOptionBold = 1 << 0, XYZOptionItalic = 1 << 1 };
            typedef NS_ERROR_ENUM(XYZErrorDomain, XYZError) { XYZErrorNotFound = 1, XYZErrorDenied };
            extern NSErrorDomain const XYZErrorDomain;
            enum xyz_state { XYZ_IDLE, XYZ_BUSY };
            typedef enum { XYZ_LOW = 1, XYZ_HIGH } xyz_level;
            enum { XYZ_ANONYMOUS = 7 };
            """)
        #expect(names == [
            "type XYZOptions", "member XYZOptions.bold", "member XYZOptions.italic",
            "type XYZError", "member XYZError.Code", "member XYZError.notFound", "member XYZError.denied", "variable XYZErrorDomain",
            // A plain C enum's cases are globals, as Swift imports them.
            "type xyz_state", "variable XYZ_IDLE", "variable XYZ_BUSY", "type xyz_level", "variable XYZ_LOW", "variable XYZ_HIGH",
            "variable XYZ_ANONYMOUS",
        ])
        #expect(uncertain.isEmpty)
    }

    @Test(arguments: [
        ("typedef NS_ENUM(NSInteger, XYZColor) { XYZColorRed, XYZColorBlue } NS_SWIFT_NAME(Color);\n", "type Color"),
        ("typedef NS_ENUM(NSInteger, XYZColor) { XYZColorRed, XYZColorBlue } __attribute__((swift_name(\"Color\")));\n", "type Color"),
        ("typedef NS_ENUM(NSInteger, XYZColor) { XYZColorRed, XYZColorBlue } NS_SWIFT_NAME(Palette.Color);\n", "member Palette.Color"),
    ])
    func swiftNameRenamesAnEnum(header: String, type: String) {
        let (names, _) = Self.read(header)
        #expect(names.contains(type))
        #expect(!names.contains("type XYZColor"))
        // Cases keep the prefix rule of the C name, and belong to the Swift name.
        #expect(names.contains("member Color.red") && names.contains("member Color.blue"))
    }

    @Test func swiftNameOnTypesMembersAndFunctionsAndRefinedForSwift() {
        let (names, uncertain) = Self.read("""
            NS_SWIFT_NAME(Widget)
            @interface XYZWidget : NSObject
            @property (nonatomic, copy) NSString *title NS_SWIFT_NAME(caption);
            - (void)secret NS_REFINED_FOR_SWIFT;
            - (void)resetAll NS_SWIFT_NAME(reset());
            - (instancetype)init NS_UNAVAILABLE;
            @end
            typedef struct XYZPoint { double x; } XYZPoint NS_SWIFT_NAME(Point);
            double XYZPointLength(XYZPoint p) NS_SWIFT_NAME(getter:Point.length(self:));
            void XYZReset(void) NS_SWIFT_NAME(Widget.resetEverything());
            void XYZHidden(void) NS_REFINED_FOR_SWIFT;
            int xyz_private(void) __attribute__((swift_private));
            void xyz_gone(void) NS_SWIFT_UNAVAILABLE("use something else");
            """)
        #expect(names.isSuperset(of: [
            "type Widget", "member Widget.caption", "member Widget.__secret", "member Widget.reset", "type Point", "type XYZPoint",
            "member Point.length", "member Widget.resetEverything", "function __XYZHidden", "function __xyz_private",
        ]))
        #expect(!names.contains("type XYZWidget") && !names.contains { $0.hasSuffix(".title") || $0.hasSuffix("xyz_gone") || $0.hasSuffix(".init") })
        #expect(uncertain.isEmpty)
    }

    @Test func anInterfaceItsMethodsPropertiesCategoriesAndProtocols() {
        let (names, uncertain) = Self.read("""
            #import <Foundation/Foundation.h>
            NS_ASSUME_NONNULL_BEGIN
            @class XYZItem;
            @protocol XYZDelegate;
            @interface XYZStore<ObjectType> : NSObject <NSCopying> {
              @private int _count;
            }
            @property (nonatomic, readonly) NSUInteger count;
            @property (nonatomic, getter=isOpen) BOOL open;
            @property (class, nonatomic, readonly) XYZStore *sharedStore;
            @property (nonatomic, copy, nullable) void (^onChange)(XYZStore *store);
            - (instancetype)initWithName:(NSString *)name NS_DESIGNATED_INITIALIZER;
            - (nullable ObjectType)objectAtIndex:(NSUInteger)index;
            - (void)removeItem:(XYZItem *)item API_AVAILABLE(ios(13.0));
            + (void)purge;
            @end
            @interface NSString (XYZStoreAdditions)
            - (NSString *)xyz_normalized;
            @end
            @protocol XYZDelegate <NSObject>
            @optional
            - (void)storeDidChange:(XYZStore *)store;
            @end
            @protocol XYZStore;
            NS_ASSUME_NONNULL_END
            """)
        #expect(names == [
            "type XYZStore", "member XYZStore.count", "member XYZStore.open", "member XYZStore.isOpen", "member XYZStore.sharedStore",
            "member XYZStore.onChange", "member XYZStore.init", "member XYZStore.objectAtIndex", "member XYZStore.object",
            "member XYZStore.removeItem", "member XYZStore.remove", "member XYZStore.purge", "member NSString.xyz_normalized",
            "type XYZDelegate", "member XYZDelegate.storeDidChange",
        ])
        #expect(uncertain.isEmpty)
    }

    /// Telegram's AppBundle: `UIImage(bundleImageName:)` spells neither `init` nor anything
    /// of the module but `UIImage`, which the category gives an initializer.
    @Test(arguments: [
        // A category's initializer.
        "@interface UIImage (AppBundle)\n- (instancetype _Nullable)initWithBundleImageName:(NSString * _Nonnull)bundleImageName;\n@end\n",
        // A factory method, returning instancetype or the class.
        "@interface UIImage (AppBundle)\n+ (nullable instancetype)imageWithBundleImageName:(NSString *)name;\n@end\n",
        "@interface UIImage (AppBundle)\n+ (UIImage *)imageWithBundleImageName:(NSString *)name;\n@end\n",
        // Renamed to an initializer.
        "@interface UIImage (AppBundle)\n+ (UIImage *)tg_bundleImage:(NSString *)name NS_SWIFT_NAME(init(bundleImageName:));\n@end\n",
        // A subscript.
        "@interface UIImage (AppBundle)\n- (id)objectForKeyedSubscript:(NSString *)key;\n@end\n",
    ])
    func initializersAndSubscriptsAreWhatTheirClassGainsUnnamed(header: String) {
        let (names, uncertain) = Self.read(header)
        #expect(names.contains("extension UIImage"))
        #expect(uncertain.isEmpty)
    }

    @Test func aFoundationClassGainsUnnamedMembersUnderBothItsNames() {
        let (names, _) = Self.read("@interface NSUserDefaults (XYZ)\n- (nullable id)objectAtIndexedSubscript:(NSUInteger)index;\n@end\n")
        #expect(names.isSuperset(of: ["extension NSUserDefaults", "extension UserDefaults"]))
        #expect(SwiftNames.foundationNames("NSBundle") == ["NSBundle", "Bundle"])
        #expect(SwiftNames.foundationNames("NSNumber") == ["NSNumber"] && SwiftNames.foundationNames("NSMutableArray") == ["NSMutableArray"])
        #expect(SwiftNames.foundationNames("UIImage") == ["UIImage"] && SwiftNames.foundationNames("NSA") == ["NSA"])
        // AppKit's keep theirs: NSImage is not SwiftUI's Image.
        #expect(SwiftNames.foundationNames("NSImage") == ["NSImage"] && SwiftNames.foundationNames("NSColor") == ["NSColor"])
        let (appKit, _) = Self.read("@interface NSImage (XYZ)\n- (instancetype)initWithXYZName:(NSString *)name;\n@end\n")
        #expect(appKit.contains("extension NSImage") && !appKit.contains("extension Image"))
    }

    /// A factory's class name ending in capitals: `+URLWithString:` of NSURL is `NSURL(string:)`;
    /// a renamed class's factory returns it by its Objective-C name.
    @Test func factoriesOfAcronymsAndRenamedClasses() {
        #expect(SwiftNames.isFactory(piece: "URLWithString", className: "NSURL"))
        #expect(SwiftNames.isFactory(piece: "UUIDWithString", className: "NSUUID"))
        #expect(!SwiftNames.isFactory(piece: "URLs", className: "NSURL") && !SwiftNames.isFactory(piece: "LWithX", className: "NSURL"))
        let (names, _) = Self.read("""
            @interface NSURL (XYZ)
            + (nullable instancetype)URLWithXYZPath:(NSString *)path;
            @end
            NS_SWIFT_NAME(Store)
            @interface XYZStore : NSObject
            + (XYZStore *)storeWithName:(NSString *)name;
            @end
            """)
        #expect(names.contains("extension NSURL") && names.contains("member Store.init"))
    }

    @Test func aClassGainsNothingUnnamedFromMethodsThatAreNotInitializersOrOfItsOwnHeaders() {
        // Not factories: another class's name, no `With`, an instance method, a result of another type.
        let (names, _) = Self.read("""
            @interface UIColor (XYZ)
            + (UIColor *)redColorWithAlpha:(CGFloat)alpha;
            + (instancetype)colorful;
            - (instancetype)colorWithAlpha:(CGFloat)alpha;
            + (NSString *)colorWithName:(NSString *)name;
            + (instancetype)colorWithName:(NSString *)name NS_REFINED_FOR_SWIFT;
            @end
            @interface XYZStore : NSObject
            - (instancetype)initWithName:(NSString *)name;
            @end
            """)
        #expect(!names.contains { $0.hasPrefix("extension ") })
        #expect(names.contains("member XYZStore.init") && names.contains("type XYZStore"))
        #expect(SwiftNames.isFactory(piece: "arrayWithObjects", className: "NSMutableArray"))
        #expect(SwiftNames.isFactory(piece: "mutableArrayWithCapacity", className: "NSMutableArray"))
        #expect(SwiftNames.isFactory(piece: "node", className: "XYZNode"))
        #expect(!SwiftNames.isFactory(piece: "nodeCount", className: "XYZNode"))
        #expect(!SwiftNames.isFactory(piece: "sharedNode", className: "XYZNode"))
    }

    @Test func selectorsGiveTheBaseNamesSwiftMayUse() {
        #expect(SwiftNames.methodNames(piece: "initWithFrame", hasParameters: true, parameterType: "CGRect") == ["init"])
        #expect(SwiftNames.methodNames(piece: "reload", hasParameters: false, parameterType: nil) == ["reload"])
        #expect(SwiftNames.methodNames(piece: "didSelectItemAtIndexPath", hasParameters: true, parameterType: "NSIndexPath")
            == ["didSelectItemAtIndexPath", "didSelectItem", "didSelectItemAtIndex", "didSelectItemAt"])
        #expect(SwiftNames.methodNames(piece: "stringByAppendingPathComponent", hasParameters: true, parameterType: "NSString")
            == ["stringByAppendingPathComponent", "string", "appendingPathComponent"])
        #expect(SwiftNames.methodNames(piece: "removeItem", hasParameters: true, parameterType: "XYZItem") == ["removeItem", "remove"])
    }

    @Test func aProtocolNamedAsAClassIsItsNameAndProtocol() {
        let (names, _) = Self.read("@protocol XYZThing <NSObject>\n- (void)go;\n@end\n@interface XYZThing : NSObject\n@end\n")
        #expect(names.contains("type XYZThingProtocol") && names.contains("type XYZThing"))
    }

    @Test(arguments: [
        // A typedef'd anonymous struct, a tagged one with a typedef, a tagged one alone.
        ("typedef struct { int width; int height; } XYZSize;\n", ["type XYZSize"]),
        ("typedef struct XYZSize { int width; int height; } XYZSize;\n", ["type XYZSize"]),
        ("struct XYZSize { int width, height; };\n", ["type XYZSize"]),
        ("typedef struct _XYZSize { int width; int height; } XYZSize;\n", ["type XYZSize", "type _XYZSize"]),
        ("struct XYZSize { int width; union { int height; float ratio; }; };\n", ["type XYZSize", "member XYZSize.ratio"]),
    ])
    func structsAreTypesWithTheirFieldsAsMembers(header: String, more: [String]) {
        let (names, uncertain) = Self.read(header)
        #expect(names.isSuperset(of: Set(more + ["member XYZSize.width", "member XYZSize.height"])))
        #expect(uncertain.isEmpty)
    }

    @Test func typedefsOfEveryShape() {
        let (names, uncertain) = Self.read("""
            typedef struct sqlite3 sqlite3;
            typedef int XYZInt, *XYZIntPointer;
            typedef void (*XYZCallback)(int code, void *context);
            typedef void (^XYZHandler)(BOOL ok);
            typedef NSString *XYZKey NS_TYPED_ENUM;
            extern XYZKey const XYZKeyAlpha;
            FOUNDATION_EXPORT XYZKey const XYZKeyBeta;
            extern NSNotificationName const XYZStoreDidChangeNotification;
            """)
        #expect(names.isSuperset(of: [
            "type sqlite3", "type XYZInt", "type XYZIntPointer", "type XYZCallback", "type XYZHandler", "type XYZKey",
            // NS_TYPED_ENUM constants are members of their type, without its name.
            "member XYZKey.alpha", "member XYZKey.beta",
            "member NSNotificationName.XYZStoreDidChange", "variable XYZStoreDidChangeNotification",
        ]))
        #expect(uncertain.isEmpty)
    }

    @Test func functionsAndVariablesWithTheirAnnotations() {
        let (names, uncertain) = Self.read("""
            #define XYZ_EXPORT __attribute__((visibility("default")))
            #define XYZ_DEPRECATED(message) __attribute__((deprecated(message)))
            #ifdef __cplusplus
            extern "C" {
            #endif
            XYZ_EXPORT int xyz_add(int a, int b);
            int xyz_sub(int a, int b) XYZ_DEPRECATED("use xyz_add");
            static inline double xyz_half(double value) { return value / 2; }
            const char *_Nullable xyz_name(void) __attribute__((warn_unused_result));
            void (*xyz_handler(int signal))(int);
            extern int xyz_counter, xyz_limit;
            extern const int XYZ_MAX_COUNT;
            static const double kXYZRatio = 1.5;
            struct xyz_stream *xyz_open(const char *path) API_AVAILABLE(macos(10.15));
            int XYZ_UPPERCASE_FUNCTION(void);
            static inline void xyz_objc_only(void) { } NS_SWIFT_UNAVAILABLE("")
            static inline void xyz_after(void) { }
            #ifdef __cplusplus
            }
            class XYZHidden {};
            #endif
            """)
        #expect(names == [
            "function xyz_add", "function xyz_sub", "function xyz_half", "function xyz_name", "function xyz_handler", "variable xyz_counter",
            "variable xyz_limit", "variable XYZ_MAX_COUNT", "variable kXYZRatio", "function xyz_open", "function XYZ_UPPERCASE_FUNCTION",
            // An annotation after a body is the function's, not the next one's.
            "function xyz_after",
        ])
        #expect(uncertain.isEmpty)
    }

    @Test func macrosThatAreConstantsAndMacrosThatAreNot() {
        let (names, uncertain) = Self.read("""
            #define XYZ_VERSION 3
            #define XYZ_RATIO (1.5f)
            #define XYZ_NAME "xyz"
            #define XYZ_OBJC_NAME @"xyz"
            #define XYZ_FLAGS (XYZ_VERSION << 4 | 0x1u)
            #define XYZ_NEGATIVE -1
            #define XYZ_SQUARE(x) ((x) * (x))
            #define XYZ_HEADER_H
            #define XYZ_ALIAS xyz_add
            int xyz_add(int a, int b);
            """)
        #expect(names == [
            "variable XYZ_VERSION", "variable XYZ_RATIO", "variable XYZ_NAME", "variable XYZ_OBJC_NAME", "variable XYZ_FLAGS",
            "variable XYZ_NEGATIVE", "function xyz_add",
        ])
        #expect(uncertain.isEmpty)
    }

    @Test func aMacroThatPastesANameIsExpanded() {
        let (names, uncertain) = Self.read("""
            #define XYZ(name) XYZPrefix_ ## name
            int XYZ(open)(const char *path);
            typedef struct XYZ(stream) { int fd; } XYZ(stream_t);
            """)
        #expect(names == ["function XYZPrefix_open", "type XYZPrefix_stream", "type XYZPrefix_stream_t", "member XYZPrefix_stream_t.fd"])
        #expect(uncertain.isEmpty)
    }

    @Test(arguments: [
        ("#define DECLARE_THING(name) int name##_get(void);\nDECLARE_THING(alpha)\nint xyz_visible(void);\n", "the macro `DECLARE_THING(…)`"),
        ("UNKNOWN_MACRO(alpha, beta);\n", "the macro `UNKNOWN_MACRO(…)`"),
        ("namespace xyz { int add(int a, int b); }\n", "C++ (`namespace`)"),
        ("template <typename T> struct Box { T value; };\n", "C++ (`template`)"),
        ("extern \"C++\" { int f(); }\n", "C++ (`extern \"C++\"`)"),
    ])
    func whatCannotBeReadIsUncertain(header: String, reason: String) {
        let (_, uncertain) = Self.read(header)
        #expect(uncertain.contains { $0.contains(reason) }, "\(uncertain)")
    }

    @Test func skippedBranchesAreThoseSwiftNeverSees() {
        let file = HeaderFile(Array("""
            #if defined(__cplusplus)
            #include <atomic>
            class Hidden;
            #elif 0
            int never(void);
            #else
            #include <stdatomic.h>
            int seen_else(void);
            #endif
            #if 0
            #include "missing.h"
            #endif
            #ifndef __cplusplus
            int seen(void);
            #else
            int hidden(void);
            #endif
            #if TARGET_OS_IOS
            #import <UIKit/UIKit.h>
            #else
            #import <AppKit/AppKit.h>
            #endif
            @import CoreLocation;
            """.utf8))
        #expect(file.includes.map { $0.path ?? "@" + ($0.module ?? "") } == ["stdatomic.h", "UIKit/UIKit.h", "AppKit/AppKit.h", "@CoreLocation"])
        let names = HeaderReader.read([file]).declarations.map(\.name)
        #expect(names == ["seen", "seen_else"])
    }

    /// Hostile headers, by name: read in bounded time and space, whatever their bytes.
    static let hostile: [String: String] = [
        "open parentheses": String(repeating: "(", count: 100_000),
        "nested braces": String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000),
        "nested structs": String(repeating: "struct { ", count: 50_000),
        "nested #if": String(repeating: "#if X\n", count: 10_000),
        "one endless declaration": String(repeating: "a ", count: 200_000),
        "a comment never closed": "/* never closed " + String(repeating: "x", count: 100_000),
        "a string never closed": "\"never closed\n" + String(repeating: "@interface A\n", count: 20_000),
        "nested enums": String(repeating: "typedef NS_ENUM(NSInteger, A) { ", count: 20_000),
        "angle brackets": String(repeating: "<", count: 100_000),
        "leading macro calls": String(repeating: "AB(x) ", count: 30_000) + "int x;",
        "trailing macro calls": "int f(void) " + String(repeating: "AB(x) ", count: 30_000) + ";",
        "trailing macros": "extern int a " + String(repeating: "AB ", count: 60_000) + ";",
        "methods without semicolons": String(repeating: "@interface A\n- (void)a:(int)b ", count: 20_000),
    ]

    @Test(arguments: hostile.keys.sorted())
    func hostileHeadersAreReadInBoundedTime(name: String) throws {
        let header = try #require(Self.hostile[name])
        let clock = ContinuousClock.now
        _ = HeaderReader.read([HeaderFile(Array(header.utf8))])
        #expect(ContinuousClock.now - clock < .seconds(20))
    }

    @Test func moduleMapsGiveTheirUmbrellaHeadersFoldersAndExports() {
        let map = ModuleMap(Array("""
            module XYZKit [system] {
              umbrella header "XYZKit.h"
              header "Extra.h"
              private header "Private.h"
              textual header "Textual.h"
              export *
              module * { export * }
              explicit module Hidden { header "Hidden.h" }
              link "xyz"
            }
            framework module Other {
              umbrella "Headers"
              requires cplusplus
            }
            """.utf8))
        let kit = map.module(named: "XYZKit")
        #expect(kit?.umbrellaHeaders == ["XYZKit.h"] && kit?.headers == ["Extra.h"] && kit?.exportsAll == true && kit?.requiresCplusplus == false)
        let other = map.module(named: "Other")
        #expect(other?.umbrellaFolders == ["Headers"] && other?.exportsAll == false && other?.requiresCplusplus == true)
        #expect(map.module(named: "Missing") == nil)
    }
}
