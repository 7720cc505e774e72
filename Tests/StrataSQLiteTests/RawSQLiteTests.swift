import Foundation
import StrataCore
import Testing

@testable import StrataSQLite

/// One value written through a real table and read back as its storage type.
struct RoundTripCase: Sendable, CustomTestStringConvertible {
    let value: PersistentValue
    let storage: StorageType
    var testDescription: String { "\(value) as \(storage)" }
}

/// The raw layer over libsqlite3: binding, reading, preparing, caching and typed errors.
@Suite struct RawSQLiteTests {
    static let cases: [RoundTripCase] = [
        .init(value: .null, storage: .string),
        .init(value: .bool(false), storage: .bool),
        .init(value: .bool(true), storage: .bool),
        .init(value: .integer(0), storage: .integer),
        .init(value: .integer(.min), storage: .integer),
        .init(value: .integer(.max), storage: .integer),
        .init(value: .double(1.5), storage: .double),
        .init(value: .double(3), storage: .double),
        .init(value: .double(.nan), storage: .double),
        .init(value: .double(.infinity), storage: .double),
        .init(value: .double(-.infinity), storage: .double),
        .init(value: .double(.greatestFiniteMagnitude), storage: .double),
        .init(value: .double(.leastNonzeroMagnitude), storage: .double),
        .init(value: .string(""), storage: .string),
        .init(value: .string("a\u{0}b 😀 z"), storage: .string),
        .init(value: .data(Data()), storage: .data),
        .init(value: .data(Data([0, 1, 0, 255])), storage: .data),
        .init(value: .data(Data(#"{"a":1}"#.utf8)), storage: .codable),
        .init(value: .date(Date(timeIntervalSince1970: -1_234_567_890.125)), storage: .date),
        .init(value: .date(Date(timeIntervalSince1970: 4_102_444_800.000_25)), storage: .date),
        .init(value: .uuid(UUID()), storage: .uuid),
        .init(value: .decimal(Decimal(string: "-12345.678901234567890123456789")!), storage: .decimal),
        .init(value: .decimal(0), storage: .decimal),
    ]

    /// The column types a store might declare: one with the storage's affinity, one with none.
    static let columnTypes = ["typed", ""]

    @Test(arguments: cases, columnTypes)
    func valueRoundTrips(_ test: RoundTripCase, columnType: String) throws {
        let declared = columnType.isEmpty ? "" : Self.affinity(test.storage)
        let read = try roundTrip(test.value, as: test.storage, columnType: declared)
        #expect(Self.same(read, test.value), "read \(read)")
    }

    @Test func negativeZeroKeepsItsSignOnlyWithoutRealAffinity() throws {
        // SQLite stores an integral value in a REAL column as an integer on disk, so -0.0 comes
        // back as +0.0 from REAL columns (STRICT or not); a column without affinity keeps it.
        for (columnType, sign) in [("REAL", FloatingPointSign.plus), ("", .minus), ("BLOB", .minus)] {
            let read = try roundTrip(.double(-0.0), as: .double, columnType: columnType)
            guard case .double(let value) = read else { Issue.record("read \(read)"); continue }
            #expect(value == 0 && value.sign == sign, "column type '\(columnType)'")
        }
        let strict = try SQLiteConnection(inMemory: ())
        try strict.execute("CREATE TABLE t(r REAL, a ANY) STRICT")
        try strict.execute("INSERT INTO t(r, a) VALUES (?1, ?2)", binds: [.double(-0.0), .double(-0.0)])
        let signs = try strict.query("SELECT r, a FROM t") { [$0.double(at: 0).sign, $0.double(at: 1).sign] }
        #expect(signs == [[.plus, .minus]])
    }

    @Test func stringsAreStoredNFCWithEmbeddedNulAndEmoji() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE t(v TEXT)")
        try connection.execute("INSERT INTO t(v) VALUES (?1), (?2)", binds: [.string("e\u{301}"), .string("a\u{0}b😀")])
        let rows = try connection.query("SELECT v, length(CAST(v AS BLOB)) FROM t ORDER BY rowid") {
            ($0.text(at: 0), $0.int64(at: 1))
        }
        #expect(Array(rows[0].0.unicodeScalars) == ["\u{E9}"])
        #expect(rows[1].0.unicodeScalars.elementsEqual("a\u{0}b😀".unicodeScalars))
        #expect(rows[1].1 == 7)
    }

    @Test func emptyDataIsAZeroLengthBlobNotNull() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE t(v BLOB)")
        try connection.execute("INSERT INTO t(v) VALUES (?1), (?2)", binds: [.data(Data()), .null])
        let rows = try connection.query("SELECT typeof(v), length(v) FROM t ORDER BY rowid") { [$0.text(at: 0), $0.text(at: 1)] }
        #expect(rows == [["blob", "0"], ["null", ""]])
        let values = try connection.query("SELECT v FROM t ORDER BY rowid") { $0.persistentValue(at: 0, as: .data) }
        #expect(values == [.data(Data()), .null])
    }

    @Test func oneMegabyteBlobRoundTrips() throws {
        let blob = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        #expect(try roundTrip(.data(blob), as: .data, columnType: "BLOB") == .data(blob))
    }

    @Test func identifiersBindTheirIntegerKey() throws {
        let connection = try SQLiteConnection(inMemory: ())
        let id = PersistentIdentifier(storeIdentifier: "s", entityName: "Trip", primaryKey: .integer(42))
        #expect(try connection.query("SELECT ?1", binds: [.identifier(id)]) { $0.int64(at: 0) } == [42])
        let named = PersistentIdentifier(storeIdentifier: "s", entityName: "Trip", primaryKey: .string("a"))
        for value in [PersistentValue.identifier(named), .identifiers([id])] {
            let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT ?1", binds: [value]) }
            #expect(error?.kind == .unbindableValue)
            #expect(error?.category == .unsupported)
        }
    }

    @Test func bindCountMustMatchTheParameters() throws {
        let connection = try SQLiteConnection(inMemory: ())
        let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT ?1, ?2", binds: [.integer(1)]) }
        #expect(error?.kind == .misuse)
    }

    @Test func multipleStatementsAreRefused() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE x(v)")
        for sql in ["INSERT INTO x VALUES (1); DROP TABLE x", "SELECT 1;;SELECT 2", "SELECT 1\u{0}; DROP TABLE x"] {
            let error = #expect(throws: SQLiteError.self) { try connection.prepare(sql) }
            #expect(error?.kind == .multipleStatements)
            #expect(error?.sql == sql)
        }
        _ = try connection.prepare("SELECT 1; -- trailing\n /* comment */ ;\n")
        #expect(try connection.query("SELECT count(*) FROM x") { $0.int64(at: 0) } == [0])
        let empty = #expect(throws: SQLiteError.self) { try connection.prepare(" -- nothing") }
        #expect(empty?.kind == .misuse)
    }

    @Test func boundInjectionStaysData() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE x(v TEXT)")
        let hostile = "'; DROP TABLE x; --"
        try connection.execute("INSERT INTO x(v) VALUES (?1)", binds: [.string(hostile)])
        #expect(try connection.query("SELECT v FROM x") { $0.text(at: 0) } == [hostile])
    }

    @Test func nonDatabaseFileFailsOnFirstStatement() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(String(repeating: "not a database. ", count: 512).utf8).write(to: url)
        let connection = try SQLiteConnection(path: url.path)
        let error = #expect(throws: SQLiteError.self) { try connection.execute("CREATE TABLE t(v)") }
        #expect(error?.kind == .notADatabase)
        #expect(error?.category == .corrupt)
        #expect(error?.code == 26)  // SQLITE_NOTADB
        #expect(error?.sql == "CREATE TABLE t(v)")
    }

    @Test func constraintViolationsAreTypedByExtendedCode() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.execute("CREATE TABLE p(id INTEGER PRIMARY KEY, u TEXT UNIQUE, n TEXT NOT NULL)")
        try connection.execute("CREATE TABLE c(p INTEGER REFERENCES p(id))")
        try connection.execute("INSERT INTO p(u, n) VALUES (?1, ?2)", binds: [.string("a"), .string("n")])
        let violations: [(String, [PersistentValue], SQLiteError.Kind, Int32)] = [
            ("INSERT INTO p(u, n) VALUES (?1, ?2)", [.string("a"), .string("n")], .uniqueViolation, 2067),
            ("INSERT INTO p(id, n) VALUES (?1, ?2)", [.integer(1), .string("n")], .uniqueViolation, 1555),
            ("INSERT INTO p(u, n) VALUES (?1, ?2)", [.string("b"), .null], .notNullViolation, 1299),
            ("INSERT INTO c(p) VALUES (?1)", [.integer(99)], .foreignKeyViolation, 787),
        ]
        for (sql, binds, kind, code) in violations {
            let error = #expect(throws: SQLiteError.self) { try connection.execute(sql, binds: binds) }
            #expect(error?.kind == kind)
            #expect(error?.code == code)
            #expect(error?.category == (kind == .uniqueViolation ? .uniqueViolation : .constraint))
            #expect(error?.category.isConstraint == true)
            #expect(error?.description.contains("constraint failed") == true)
        }
    }

    @Test func busyWhenAnotherConnectionHoldsTheLock() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let holder = try SQLiteConnection(path: url.path)
        let waiter = try SQLiteConnection(path: url.path, busyTimeoutMilliseconds: 0)
        try holder.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: SQLiteError.self) { try waiter.execute("BEGIN IMMEDIATE") }
        #expect(error?.kind == .busy)
        #expect(error?.category == .retryable)
        try holder.execute("COMMIT")
    }

    @Test func cachedStatementsAreReusedResetAndCleared() throws {
        let connection = try SQLiteConnection(inMemory: (), cacheCapacity: 2)
        let first = try connection.cachedStatement("SELECT ?1")
        try first.bind([.integer(5)])
        #expect(try first.step() && first.int64(at: 0) == 5)
        #expect(try !first.step())
        let again = try connection.cachedStatement("SELECT ?1")
        #expect(again === first)
        #expect(try again.step() && again.isNull(at: 0))  // bindings were cleared
        // While the cached statement is mid-run, a nested request gets its own statement.
        #expect(try connection.cachedStatement("SELECT ?1") !== first)
        again.reset()
        _ = try connection.cachedStatement("SELECT 2")
        _ = try connection.cachedStatement("SELECT 3")
        #expect(try connection.cachedStatement("SELECT ?1") !== first)
    }

    @Test func doubleQuotedStringsAreNeverLiterals() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE t(a)")
        let error = #expect(throws: SQLiteError.self) { try connection.query(#"SELECT "nope" FROM t"#) { $0.text(at: 0) } }
        #expect(error?.message.contains("no such column: nope") == true)
        #expect(throws: SQLiteError.self) { try connection.execute(#"CREATE INDEX i ON t("nope")"#) }
    }

    @Test func closedConnectionRefusesWork() throws {
        let connection = try SQLiteConnection(inMemory: ())
        let statement = try connection.prepare("SELECT 1")
        connection.close()
        let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        #expect(error?.kind == .misuse)
        #expect(try statement.step())  // a live statement keeps the closed connection usable
    }

    @Test func changesAndLastInsertRowID() throws {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE t(v)")
        try connection.execute("INSERT INTO t(v) VALUES (1), (2)")
        #expect(connection.changes == 2)
        #expect(connection.lastInsertRowID == 2)
    }

    // MARK: - Helpers

    private func roundTrip(_ value: PersistentValue, as storage: StorageType, columnType: String) throws -> PersistentValue {
        let connection = try SQLiteConnection(inMemory: ())
        try connection.execute("CREATE TABLE t(v \(columnType))")
        try connection.execute("INSERT INTO t(v) VALUES (?1)", binds: [value])
        return try connection.query("SELECT v FROM t") { $0.persistentValue(at: 0, as: storage) }[0]
    }

    private static func affinity(_ storage: StorageType) -> String {
        switch storage {
        case .bool, .integer: return "INTEGER"
        case .double, .date: return "REAL"
        case .string, .decimal: return "TEXT"
        case .data, .uuid, .codable: return "BLOB"
        }
    }

    /// Equality that compares doubles bit for bit, so NaN equals NaN and -0.0 differs from 0.0.
    private static func same(_ lhs: PersistentValue, _ rhs: PersistentValue) -> Bool {
        switch (lhs, rhs) {
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case let (.date(a), .date(b)): return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        default: return lhs == rhs
        }
    }
}
