#import "ASDisplayNode.h"
@implementation ASDisplayNode
@end
