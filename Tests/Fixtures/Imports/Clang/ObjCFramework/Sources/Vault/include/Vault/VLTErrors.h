#import <Foundation/Foundation.h>

FOUNDATION_EXPORT NSErrorDomain const VLTErrorDomain;

typedef NS_ERROR_ENUM(VLTErrorDomain, VLTError) {
    VLTErrorNotFound = 1,
    VLTErrorLocked = 2,
};
