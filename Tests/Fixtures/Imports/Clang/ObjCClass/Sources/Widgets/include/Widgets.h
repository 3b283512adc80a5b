// The umbrella header SwiftPM takes (include/<Target>.h): Swift sees what it includes.
#import <Foundation/Foundation.h>
#import "XYZWidget.h"
#import "XYZWidget+Layout.h"
#import "NSNumber+XYZWidget.h"
