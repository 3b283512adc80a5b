#import "TGBridgeClient.h"
@implementation TGBridgeClient
@end
