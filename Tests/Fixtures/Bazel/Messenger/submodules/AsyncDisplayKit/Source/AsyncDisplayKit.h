#import "ASDisplayNode.h"
