internal import CSQLite
import Glibc
import StrataCore

/// One open SQLite database connection, configured defensively.
///
/// Opened with `SQLITE_OPEN_NOMUTEX`: use a connection on one thread at a time. Every open
/// connection has extended result codes on, `SQLITE_DBCONFIG_DEFENSIVE` on, double-quoted
/// string literals off in DML and DDL (so `"name"` is always an identifier), `trusted_schema`
/// off, and Foundation's `localizedStandardContains` as a SQL function. See
/// <https://www.sqlite.org/c3ref/db_config.html> and <https://www.sqlite.org/quirks.html#dblquote>.
///
/// ```swift
/// let connection = try SQLiteConnection(path: ":memory:")
/// try connection.execute("CREATE TABLE trip(name TEXT)")
/// try connection.execute("INSERT INTO trip(name) VALUES (?1)", binds: [.string("Lisbon")])
/// let names = try connection.query("SELECT name FROM trip") { $0.text(at: 0) }
/// ```
final class SQLiteConnection {
    /// The `sqlite3` handle; `nil` once closed.
    private(set) var handle: OpaquePointer?
    /// Prepared statements by SQL text, least recently used first in `cacheOrder`.
    var cache: [String: SQLiteStatement] = [:]
    var cacheOrder: [String] = []
    /// How many statements ``cachedStatement(_:)`` keeps.
    let cacheCapacity: Int
    /// Called with the text of every statement this connection runs (never bound values).
    var trace: (@Sendable (String) -> Void)?

    /// How a connection opens its file.
    enum OpenMode: Hashable, Sendable {
        /// Reading and writing. A missing file is created readable and writable by its owner
        /// only (0600, whatever the umask); SQLite gives the `-wal` and `-shm` files it creates
        /// the database file's mode, so they are private too.
        case readWrite
        /// Reading only (`SQLITE_OPEN_READONLY`); the file must exist. In WAL mode SQLite still
        /// needs a `-shm` file it can create or open.
        case readOnly
        /// Reading a file nothing can change, such as one on read-only media (`immutable=1`):
        /// SQLite takes no locks and needs no `-shm` file. A change made by anyone while the
        /// connection is open may then be read as corruption.
        case immutable
    }

    /// Opens the database file at `path`, or an in-memory database for `":memory:"`.
    ///
    /// The path is always a file name, never a `file:` URI. A file that is not a database opens
    /// without error; the first statement that reads it throws ``SQLiteError/Kind/notADatabase``.
    /// - Parameters:
    ///   - mode: reading and writing (creating a missing file), reading only, or reading an immutable file.
    ///   - busyTimeoutMilliseconds: how long a statement waits for another connection's lock
    ///     before failing with ``SQLiteError/Kind/busy``.
    ///   - cacheCapacity: how many prepared statements ``cachedStatement(_:)`` keeps.
    /// - Throws: ``SQLiteError`` when the file cannot be opened (``SQLiteError/Kind/cannotOpen``,
    ///   naming the path) or configured.
    init(path: String, mode: OpenMode = .readWrite, busyTimeoutMilliseconds: Int32 = 5_000, cacheCapacity: Int = 64) throws {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw SQLiteError(kind: .misuse, message: "a database path must be non-empty and hold no NUL", sql: nil)
        }
        let filename = path.hasPrefix("file:") ? "./" + path : path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWrite:
            if path != ":memory:" { Self.createPrivately(filename) }
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(mode == .immutable ? Self.immutableURI(filename) : filename, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // SQLite allocates a handle even when opening fails, to carry the message.
            var message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if SQLiteError.Kind.classify(code) == .cannotOpen { message += ": \(path)" }
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message, sql: nil)
        }
        do {
            try Self.configure(opened, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        self.handle = opened
        self.cacheCapacity = cacheCapacity
    }

    /// Opens a private, temporary in-memory database.
    /// - Throws: ``SQLiteError`` when SQLite cannot allocate or configure it.
    convenience init(inMemory: Void, busyTimeoutMilliseconds: Int32 = 5_000, cacheCapacity: Int = 64) throws {
        try self.init(path: ":memory:", busyTimeoutMilliseconds: busyTimeoutMilliseconds, cacheCapacity: cacheCapacity)
    }

    deinit { close() }

    /// Drops the cached statements and closes the connection; later calls throw ``SQLiteError/Kind/misuse``.
    ///
    /// Uses `sqlite3_close_v2`, so a statement still referenced elsewhere keeps the connection
    /// alive until it is finalized. Closing twice does nothing.
    func close() {
        guard let handle else { return }
        cache.removeAll()
        cacheOrder.removeAll()
        let code = sqlite3_close_v2(handle)
        // close_v2 fails only for an invalid handle, which this class never holds.
        assert(code == SQLITE_OK, "sqlite3_close_v2 failed with \(code)")
        self.handle = nil
    }

    /// The rowid of the most recent successful `INSERT` on this connection.
    var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// The number of rows the most recent `INSERT`, `UPDATE` or `DELETE` changed.
    var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Runs one statement to completion, discarding any rows.
    /// - Throws: ``SQLiteError`` from preparing, binding or stepping.
    func execute(_ sql: String, binds: [PersistentValue] = []) throws {
        _ = try query(sql, binds: binds) { _ in () }
    }

    /// Runs one statement and maps each result row with `row`.
    ///
    /// The statement comes from the cache; `row` may run other SQL on this connection.
    /// - Throws: ``SQLiteError`` from preparing, binding or stepping, or what `row` throws.
    func query<Row>(_ sql: String, binds: [PersistentValue] = [], row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql, binds: binds) { rows.append(try row($0)) }
        return rows
    }

    /// Runs one statement and hands each result row to `body`, collecting nothing.
    ///
    /// The statement comes from the cache; `body` may run other SQL on this connection.
    /// - Throws: ``SQLiteError`` from preparing, binding or stepping, or what `body` throws.
    func forEachRow(_ sql: String, binds: [PersistentValue] = [], _ body: (SQLiteStatement) throws -> Void) throws {
        trace?(sql)
        let statement = try cachedStatement(sql)
        defer {
            statement.reset()
            statement.clearBindings()
        }
        try statement.bind(binds)
        while try statement.step() {
            try body(statement)
        }
    }

    /// The open handle, or a misuse error naming `sql` once the connection is closed.
    func openHandle(for sql: String) throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(kind: .misuse, message: "the connection is closed", sql: sql) }
        return handle
    }

    /// Applies the defensive settings and the busy timeout to a freshly opened handle.
    private static func configure(_ handle: OpaquePointer, busyTimeoutMilliseconds: Int32) throws {
        let flags: [(option: Int32, value: Int32)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1),
            (SQLITE_DBCONFIG_DQS_DML, 0),
            (SQLITE_DBCONFIG_DQS_DDL, 0),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),  // PRAGMA trusted_schema=OFF
        ]
        for flag in flags {
            try check(strata_sqlite_db_config_flag(handle, flag.option, flag.value), handle)
        }
        try check(sqlite3_busy_timeout(handle, busyTimeoutMilliseconds), handle)
        try registerLocalizedSearch(on: handle)
    }

    private static func check(_ code: Int32, _ handle: OpaquePointer) throws {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, handle: handle, sql: nil)
        }
    }
}
