import Foundation

extension Bundle {
    static var PLACEHOLDER: Bundle { .main }
}
