#import <Foundation/Foundation.h>
@interface TGBridgeClient : NSObject
@end
