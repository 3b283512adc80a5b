// The umbrella header SwiftPM takes (include/<Target>/<Target>.h).
#import <Foundation/Foundation.h>
#import <Vault/VLTItem.h>
#import <Vault/VLTErrors.h>
