#import <Foundation/Foundation.h>
// An Objective-C class the module also exports.
@interface Legacy : NSObject
@end
@implementation Legacy
@end
