#import <UIKit/UIKit.h>
@interface LKLegacy : NSObject
@end
