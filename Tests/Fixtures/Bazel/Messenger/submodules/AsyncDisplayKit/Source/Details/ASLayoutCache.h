#import <Foundation/Foundation.h>
@interface ASLayoutCache : NSObject
@end
