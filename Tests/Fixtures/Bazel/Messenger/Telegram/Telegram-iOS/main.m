#import <UIKit/UIKit.h>
int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, @"Application", @"AppDelegate"); }
