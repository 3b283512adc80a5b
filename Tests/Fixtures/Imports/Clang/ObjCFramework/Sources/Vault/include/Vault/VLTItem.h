#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

NS_SWIFT_NAME(VaultItem)
@interface VLTItem : NSObject
@property (nonatomic, readonly, copy) NSString *identifier;
@end

@interface VLTRecord : NSObject
@property (nonatomic, readonly) NSUInteger size;
@end

NS_ASSUME_NONNULL_END
