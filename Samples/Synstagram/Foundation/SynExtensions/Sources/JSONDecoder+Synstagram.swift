import Foundation

extension JSONDecoder {
    /// The decoder for Synstagram's API: snake_case keys, ISO 8601 dates.
    public static var synstagram: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
