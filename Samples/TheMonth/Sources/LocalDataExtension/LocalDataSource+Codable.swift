import Foundation
import LocalDataCore

public extension LocalDataSourceProtocol {
    func decoded<Value: Decodable>(_ type: Value.Type, forKey key: String) async throws -> Value? {
        guard let data = try await data(forKey: key) else { return nil }
        do {
            return try Coders.decoder.decode(Value.self, from: data)
        } catch {
            throw LocalDataError.decodingFailed(key: key)
        }
    }

    func setEncoded<Value: Encodable>(_ value: Value, forKey key: String) async throws {
        guard let data = try? Coders.encoder.encode(value) else {
            throw LocalDataError.encodingFailed
        }
        try await setData(data, forKey: key)
    }
}

fileprivate enum Coders {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
