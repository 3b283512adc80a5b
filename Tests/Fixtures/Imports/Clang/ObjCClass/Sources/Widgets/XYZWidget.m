#import "XYZWidget.h"
#import "XYZWidget+Layout.h"

@implementation XYZWidget
- (instancetype)init { return [self initWithTitle:@""]; }
- (instancetype)initWithTitle:(NSString *)title { if ((self = [super init])) { _title = [title copy]; } return self; }
- (void)layoutIfNeededNow {}
@end
