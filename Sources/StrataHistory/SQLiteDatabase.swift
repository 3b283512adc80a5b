import CSQLite

/// A SQLite problem (a damaged file, a full disk): one line saying which file and why.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One connection to a SQLite file, through the system's libsqlite3. Values are always bound,
/// never spliced into SQL text, so names from the analyzed repository cannot change a query.
final class SQLiteDatabase {
    let path: String
    private var handle: OpaquePointer?

    init(path: String) throws {
        self.path = path
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let connection else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot be opened"
            sqlite3_close(connection)
            throw SQLiteError("\(path): \(reason)")
        }
        handle = connection
        sqlite3_busy_timeout(connection, 5_000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs statements without results (schema, pragmas, transactions).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw SQLiteError("\(path): \(reason)")
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError("\(path): \(lastError)")
        }
        return Statement(database: self, handle: statement)
    }

    /// `body` in one transaction: all of it is written, or (on an error or a kill) none.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// A value to bind.
    typealias Value = HistoryValue

    final class Statement {
        private let database: SQLiteDatabase
        private let handle: OpaquePointer

        fileprivate init(database: SQLiteDatabase, handle: OpaquePointer) {
            self.database = database
            self.handle = handle
        }

        deinit { sqlite3_finalize(handle) }

        /// Runs the statement once with these values (an insert).
        func run(_ values: [Value]) throws {
            try bind(values)
            guard sqlite3_step(handle) == SQLITE_DONE else { throw SQLiteError("\(database.path): \(database.lastError)") }
        }

        /// Every row the statement answers for these values.
        func rows(_ values: [Value] = []) throws -> [Row] {
            try each(values) { Row(columns: (0..<sqlite3_column_count(handle)).map(column)) }
        }

        /// `read` for every row, reading the current row's columns straight from the statement
        /// (`int`, `double`, `text`): what reading thousands of rows needs.
        func each<T>(_ values: [Value] = [], _ read: () -> T) throws -> [T] {
            try bind(values)
            var results: [T] = []
            while true {
                let status = sqlite3_step(handle)
                if status == SQLITE_DONE { return results }
                guard status == SQLITE_ROW else { throw SQLiteError("\(database.path): \(database.lastError)") }
                results.append(read())
            }
        }

        /// The current row's column as an integer; nil when NULL.
        func int(_ index: Int32) -> Int? {
            sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(handle, index))
        }

        func double(_ index: Int32) -> Double? {
            sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
        }

        func text(_ index: Int32) -> String? {
            sqlite3_column_text(handle, index).map { String(cString: $0) }
        }

        private func column(_ index: Int32) -> Value {
            switch sqlite3_column_type(handle, index) {
            case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(handle, index)))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
            case SQLITE_NULL: return .null
            default: return .text(sqlite3_column_text(handle, index).map { String(cString: $0) } ?? "")
            }
        }

        private func bind(_ values: [Value]) throws {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let status: Int32
                switch value {
                case .integer(let number): status = sqlite3_bind_int64(handle, index, Int64(number))
                case .real(let number): status = sqlite3_bind_double(handle, index, number)
                case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, strata_sqlite_transient())
                case .null: status = sqlite3_bind_null(handle, index)
                }
                guard status == SQLITE_OK else { throw SQLiteError("\(database.path): \(database.lastError)") }
            }
        }
    }

    /// One answer row, read by column index.
    struct Row {
        var columns: [Value]

        func int(_ index: Int) -> Int? {
            switch columns[index] {
            case .integer(let number): return number
            case .real(let number): return Int(number)
            default: return nil
            }
        }

        func text(_ index: Int) -> String? {
            if case .text(let text) = columns[index] { return text }
            return nil
        }
    }
}

/// The current row of a statement, as the history's tables read it.
extension SQLiteDatabase.Statement: HistoryColumns {
    func int(_ column: Int) -> Int? { int(Int32(column)) }
    func double(_ column: Int) -> Double? { double(Int32(column)) }
    func text(_ column: Int) -> String? { text(Int32(column)) }
}
