#import "TGExtensionDelegate.h"
@implementation TGExtensionDelegate
@end
