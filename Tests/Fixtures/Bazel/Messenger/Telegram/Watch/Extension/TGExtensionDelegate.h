#import <WatchKit/WatchKit.h>
@interface TGExtensionDelegate : NSObject <WKExtensionDelegate>
@end
