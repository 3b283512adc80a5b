#import <Foundation/Foundation.h>
@interface BuildConfig : NSObject
+ (instancetype)sharedBuildConfig;
@end
