#import "Vault/VLTItem.h"
#import "Vault/VLTErrors.h"

NSErrorDomain const VLTErrorDomain = @"VLTErrorDomain";

@implementation VLTItem
- (NSString *)identifier { return @""; }
@end

@implementation VLTRecord
- (NSUInteger)size { return 0; }
@end
