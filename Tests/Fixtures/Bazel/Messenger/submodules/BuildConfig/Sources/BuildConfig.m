#import <BuildConfig/BuildConfig.h>
@implementation BuildConfig
+ (instancetype)sharedBuildConfig { return [self new]; }
@end
