import Foundation
import StrataCore
import StrataSQL
import Testing

@testable import StrataPostgres

/// One value written through a real column and read back as its storage type.
struct PostgresRoundTripCase: Sendable, CustomTestStringConvertible {
    let value: PersistentValue
    let storage: StorageType
    var testDescription: String { "\(value) as \(storage)" }
}

/// The raw layer's values over libpq: every bind type through a real table and back.
@Suite struct RawPostgresTests {
    static let cases: [PostgresRoundTripCase] = [
        .init(value: .null, storage: .string),
        .init(value: .bool(false), storage: .bool),
        .init(value: .bool(true), storage: .bool),
        .init(value: .integer(0), storage: .integer),
        .init(value: .integer(.min), storage: .integer),
        .init(value: .integer(.max), storage: .integer),
        .init(value: .double(1.5), storage: .double),
        .init(value: .double(.nan), storage: .double),
        .init(value: .double(-0.0), storage: .double),
        .init(value: .double(.infinity), storage: .double),
        .init(value: .double(-.infinity), storage: .double),
        .init(value: .double(.greatestFiniteMagnitude), storage: .double),
        .init(value: .double(.leastNonzeroMagnitude), storage: .double),
        .init(value: .string(""), storage: .string),
        .init(value: .string("Lisbon 😀 日本 \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), storage: .string),
        .init(value: .string("'; DROP TABLE t; --"), storage: .string),
        .init(value: .data(Data()), storage: .data),
        .init(value: .data(Data([0, 1, 0, 255])), storage: .data),
        .init(value: .date(Date(timeIntervalSince1970: -1_234_567_890.125)), storage: .date),
        .init(value: .date(Date(timeIntervalSince1970: 4_102_444_800.000_25)), storage: .date),
        .init(value: .uuid(UUID()), storage: .uuid),
        .init(value: .decimal(0), storage: .decimal),
        .init(value: .decimal(Decimal(string: "-1.5")!), storage: .decimal),
        .init(value: .decimal(Decimal(string: "12345678901234567890.123")!), storage: .decimal),
        .init(value: .decimal(Decimal(string: "-0.000012345")!), storage: .decimal),
        .init(value: .decimal(Decimal(string: "100000000")!), storage: .decimal),
        .init(value: .decimal(.greatestFiniteMagnitude), storage: .decimal),
        .init(value: .decimal(.leastNonzeroMagnitude), storage: .decimal),
        .init(value: .decimal(.nan), storage: .decimal),
    ]

    static let database = Result { try TestCluster.shared().makeDatabase(named: "raw") }

    @Test(arguments: cases)
    func valueRoundTrips(_ test: PostgresRoundTripCase) throws {
        let read = try roundTrip(try PostgresParameter(test.value), column: Self.columnType(test.storage), as: test.storage)
        #expect(Self.same(read, test.value), "read \(read)")
    }

    @Test func jsonbRoundTripsAsNormalizedJSON() throws {
        let json = Data(#"{"b":[1,2.5,null],"a":"x\u00e9"}"#.utf8)
        let read = try roundTrip(.jsonb(json), column: "jsonb", as: .codable)
        guard case .data(let data) = read else { Issue.record("read \(read)"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"a": "xé", "b": [1, 2.5, null]}"#)
    }

    @Test func stringsAreStoredNFC() throws {
        let connection = try connect()
        let result = try connection.execute("SELECT $1::text, octet_length($1::text)", [PostgresParameter(.string("e\u{301}"))])
        #expect(result.text(row: 0, column: 0).map { Array($0.unicodeScalars) } == ["\u{E9}"])
        #expect(result.int64(row: 0, column: 1) == 2)
    }

    /// The key arrays a row's to-many relationships come in: one-dimensional `bigint[]`s.
    @Test func bigintArraysDecodeAndOtherArraysDoNot() throws {
        let connection = try connect()
        let result = try connection.execute(
            "SELECT ARRAY[3, -1, 9000000000]::bigint[], ARRAY[]::bigint[], ARRAY[1, NULL]::bigint[], ARRAY[[1, 2], [3, 4]]::bigint[], ARRAY[1]::int4[], NULL::bigint[]")
        #expect(result.int64Array(row: 0, column: 0) == [3, -1, 9_000_000_000])
        #expect(result.int64Array(row: 0, column: 1) == [])
        #expect(result.int64Array(row: 0, column: 2) == nil, "an element is NULL")
        #expect(result.int64Array(row: 0, column: 3) == nil, "two dimensions")
        #expect(result.int64Array(row: 0, column: 4) == nil, "int4 elements")
        #expect(result.int64Array(row: 0, column: 5) == nil, "NULL")
    }

    @Test func emptyStringAndDataAreValuesNotNull() throws {
        let connection = try connect()
        let parameters = [try PostgresParameter(.string("")), try PostgresParameter(.data(Data()))]
        let result = try connection.execute("SELECT $1::text IS NULL, $2::bytea IS NULL, octet_length($2::bytea)", parameters)
        #expect(result.bool(row: 0, column: 0) == false)
        #expect(result.bool(row: 0, column: 1) == false)
        #expect(result.int64(row: 0, column: 2) == 0)
    }

    /// PostgreSQL text cannot hold U+0000: it is stored escaped, in an order-keeping code, and
    /// reads back as written.
    @Test func nulAndTheEscapeCharacterRoundTripInTextAndKeepOrder() throws {
        let connection = try connect()
        let strings = ["a\u{0}b", "a\u{1}", "a\u{0}", "a", "\u{1}\u{1}", "ab", "\u{2}"]
        _ = try connection.execute("CREATE TEMPORARY TABLE nul_text (v TEXT)")
        for string in strings { _ = try connection.execute("INSERT INTO nul_text VALUES ($1)", [PostgresParameter(.string(string))]) }
        let result = try connection.execute("SELECT v FROM nul_text ORDER BY v COLLATE \"C\"")
        let read = (0..<result.rowCount).map { result.persistentValue(row: $0, column: 0, as: .string) }
        let swiftOrder = strings.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        #expect(read == swiftOrder.map(PersistentValue.string))
        let equal = try connection.execute("SELECT count(*) FROM nul_text WHERE v = $1", [PostgresParameter(.string("a\u{0}b"))])
        #expect(equal.int64(row: 0, column: 0) == 1)
    }

    @Test func nulInJSONRoundTripsThroughJSONB() throws {
        let connection = try connect()
        let json = Data(#"["a\u0000b","\u0001","\\u0000"]"#.utf8)
        let result = try connection.execute("SELECT $1::jsonb", [PostgresParameter.jsonb(json)])
        guard case .data(let read) = result.persistentValue(row: 0, column: 0, as: .codable) else {
            Issue.record("jsonb did not read back as data")
            return
        }
        #expect(try JSONDecoder().decode([String].self, from: read) == ["a\u{0}b", "\u{1}", "\\u0000"])
    }

    @Test func identifiersBindTheirIntegerKey() throws {
        let connection = try connect()
        let id = PersistentIdentifier(storeIdentifier: "s", entityName: "Trip", primaryKey: .integer(42))
        #expect(try connection.execute("SELECT $1", [PostgresParameter(.identifier(id))]).int64(row: 0, column: 0) == 42)
        let named = PersistentIdentifier(storeIdentifier: "s", entityName: "Trip", primaryKey: .string("a"))
        for value in [PersistentValue.identifier(named), .identifiers([id])] {
            let error = #expect(throws: PostgresError.self) { try PostgresParameter(value) }
            #expect(error?.kind == .invalidValue)
        }
    }

    @Test func serverComputedValuesDecodeByColumnType() throws {
        let connection = try connect()
        let result = try connection.execute(
            "SELECT 7::int2, -8::int4, 9::oid, 1.5::float4, 'name'::varchar, 123.4500::numeric, 'Infinity'::numeric, "
                + "'-Infinity'::numeric, 1e200::numeric, '[1]'::json, NULL::int8, 10::int8")
        let read = (0..<result.columnCount).map { result.persistentValue(row: 0, column: $0, as: .integer) }
        #expect(read[0...4] == [.integer(7), .integer(-8), .integer(9), .double(1.5), .string("name")])
        #expect(read[5] == .decimal(Decimal(string: "123.45")!))
        #expect(read[6...7] == [.string("Infinity"), .string("-Infinity")])
        #expect(read[8] == .string("1" + String(repeating: "0", count: 200)))
        #expect(read[9...10] == [.data(Data("[1]".utf8)), .null])
        #expect(result.persistentValue(row: 0, column: 11, as: .double) == .double(10))
        #expect(result.persistentValue(row: 0, column: 11, as: .decimal) == .decimal(10))
        #expect(result.persistentValue(row: 0, column: 1, as: .bool) == .integer(-8))
    }

    @Test func typedAccessorsRefuseOtherTypes() throws {
        let result = try connect().execute("SELECT 1::int8, 'x'::text, NULL::bool")
        #expect(result.bool(row: 0, column: 0) == nil)
        #expect(result.double(row: 0, column: 0) == nil)
        #expect(result.uuid(row: 0, column: 1) == nil)
        #expect(result.int64(row: 0, column: 1) == nil)
        #expect(result.bool(row: 0, column: 2) == nil && result.isNull(row: 0, column: 2))
        #expect(result.columnName(0) == "int8")
    }

    // MARK: - Helpers

    private func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo: Self.database.get())
    }

    private func roundTrip(_ parameter: PostgresParameter, column: String, as storage: StorageType) throws -> PersistentValue {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE t(v \(column))")
        _ = try connection.execute("INSERT INTO t(v) VALUES ($1)", [parameter])
        let result = try connection.execute("SELECT v FROM t")
        #expect(result.rowCount == 1 && result.columnType(0) != 0)
        return result.persistentValue(row: 0, column: 0, as: storage)
    }

    /// The column type the PostgreSQL store gives attributes of `storage`.
    static func columnType(_ storage: StorageType) -> String {
        "\(PostgresDialect().columnType(for: storage))"
    }

    /// Equality that compares doubles bit for bit, so NaN equals NaN and -0.0 differs from 0.0.
    static func same(_ lhs: PersistentValue, _ rhs: PersistentValue) -> Bool {
        switch (lhs, rhs) {
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case let (.date(a), .date(b)):
            return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case let (.decimal(a), .decimal(b)): return a == b || (a.isNaN && b.isNaN)
        default: return lhs == rhs
        }
    }
}
