import Foundation
import CPostgres

/// A PostgreSQL problem (refused, unauthorised, a permission, a newer schema): one line that
/// names the server without its password.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// The SQLSTATE of a server error (`42501`: insufficient privilege), when there is one.
    public var state: String?
    public init(_ description: String, state: String? = nil) {
        self.description = description
        self.state = state
    }
}

/// One connection to a PostgreSQL server through the system's libpq. Every value is sent as
/// a parameter (`$1`, `$2`, …), never spliced into SQL text.
final class PostgresConnection {
    /// The connection string without its password, for messages.
    let label: String
    private let address: ConnectionString
    private let handle: OpaquePointer

    /// A URL or a key=value string, as libpq takes them: a file name given by mistake is
    /// refused before libpq reads it.
    init(url: String) throws {
        address = ConnectionString(url)
        label = address.redacted
        guard address.isConnectionString else {
            throw PostgresError("\(label): not a PostgreSQL URL (postgresql://USER@HOST:PORT/DATABASE) or connection string (host=… dbname=…)")
        }
        // The string's own connect_timeout, if any, wins: later keywords override earlier ones.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["10", "strata", url]
        let connection = withCStrings(keywords) { keys in
            withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
        }
        guard let connection else { throw PostgresError("\(label): out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError("\(label): \(Self.oneLine(address.scrub(reason)))")
        }
        handle = connection
        // NOTICEs (`relation already exists, skipping`) are not the user's business.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Runs one statement with these values (nil is NULL) and returns its rows as text.
    @discardableResult
    func query(_ sql: String, _ values: [String?] = []) throws -> [[String?]] {
        let result = withCStrings(values) { params in
            PQexecParams(handle, sql, Int32(values.count), nil, params, nil, nil, 0)
        }
        guard let result else { throw PostgresError("\(label): \(Self.oneLine(address.scrub(String(cString: PQerrorMessage(handle)))))") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            throw PostgresError("\(label): \(Self.oneLine(address.scrub(String(cString: PQresultErrorMessage(result)))))", state: state)
        }
        let rows = PQntuples(result), columns = PQnfields(result)
        var answer: [[String?]] = []
        answer.reserveCapacity(Int(rows))
        for row in 0..<rows {
            answer.append((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            })
        }
        return answer
    }

    /// `body` in one transaction: all of it is committed, or (on an error, or when the process
    /// dies and the server sees the connection close) none.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try query("BEGIN")
        do {
            let value = try body()
            try query("COMMIT")
            return value
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
    }

    /// libpq's messages span lines (`… failed: Connection refused\n\tIs the server running …`).
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// C strings for libpq, alive while `body` runs; nil stays NULL.
private func withCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0)! } }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    withCStrings(strings.map { Optional($0) }, body)
}
