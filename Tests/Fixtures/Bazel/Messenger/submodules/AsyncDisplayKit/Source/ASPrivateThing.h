#import <Foundation/Foundation.h>
@interface ASPrivateThing : NSObject
@end
