#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface XYZWidget : NSObject
@property (nonatomic, copy) NSString *title;
- (instancetype)initWithTitle:(NSString *)title NS_DESIGNATED_INITIALIZER;
- (instancetype)init;
@end

NS_ASSUME_NONNULL_END
