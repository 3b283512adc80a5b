#import <UIKit/UIKit.h>
@interface ASDisplayNode : NSObject
@end
