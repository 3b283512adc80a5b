/// A cache keyed by names, with the configured calls' base names and other labels.
final class Cache {
    private var types: [String: Any.Type] = [:]
    func regist(type: Any.Type) { types[String(describing: type)] = type }
    func load(from name: String) -> Any.Type? { types[name] }
}

struct Card { static let injectId = "card" }

let cache = Cache()
cache.regist(type: Card.self)
print(cache.load(from: Card.injectId) as Any)
