#import "LKLegacy.h"
@implementation LKLegacy
@end
