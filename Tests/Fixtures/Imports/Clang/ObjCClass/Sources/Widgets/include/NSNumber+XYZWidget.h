#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

// What a category gives classes of Foundation that a Swift file uses without spelling a name
// of Widgets: initializers (`NSNumber(widgetCount:)`, and `NSNumber(widgetID:)` from a factory
// method) and a subscript (`UserDefaults.standard["title"]`; NSUserDefaults is UserDefaults).
@interface NSNumber (XYZWidget)
- (instancetype)initWithWidgetCount:(NSInteger)count;
+ (instancetype)numberWithWidgetID:(NSString *)identifier;
@end

@interface NSUserDefaults (XYZWidget)
- (nullable id)objectForKeyedSubscript:(NSString *)key;
@end

NS_ASSUME_NONNULL_END
