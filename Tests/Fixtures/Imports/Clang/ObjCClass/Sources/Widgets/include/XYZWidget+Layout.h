#import "XYZWidget.h"

// A category in a second header the umbrella header includes.
@interface XYZWidget (Layout)
- (void)layoutIfNeededNow;
@end
