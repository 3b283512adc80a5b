import Foundation

public protocol ImageCache: AnyObject {
    func data(forKey key: String) -> Data?
    func store(_ data: Data, forKey key: String)
}

final class MemoryImageCache: ImageCache {
    private let cache = NSCache<NSString, NSData>()

    init(countLimit: Int) {
        cache.countLimit = countLimit
    }

    func data(forKey key: String) -> Data? {
        cache.object(forKey: key as NSString) as Data?
    }

    func store(_ data: Data, forKey key: String) {
        cache.setObject(data as NSData, forKey: key as NSString)
    }
}
