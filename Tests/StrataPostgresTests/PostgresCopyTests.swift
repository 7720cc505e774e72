import Foundation
import StrataConformance
import StrataCore
import Synchronization
import Testing

@testable import StrataPostgres

/// Binary `COPY … FROM STDIN`: the raw writer, its failures, and the store's bulk inserts.
@Suite struct PostgresCopyTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "copy") }

    /// Every binary-format value of the raw round-trip table, copied and read back.
    @Test func everyBinaryValueRoundTrips() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        let cases = RawPostgresTests.cases.filter { $0.storage != .decimal } + [
            PostgresRoundTripCase(value: .string("a\u{0}b\u{1}"), storage: .string), PostgresRoundTripCase(value: .null, storage: .uuid),
        ]
        for storage in Set(cases.map(\.storage)) {
            let table = "copied_\(storage)"
            _ = try connection.execute("CREATE TEMP TABLE \(table) (k int8, v \(RawPostgresTests.columnType(storage)))")
            let values = cases.filter { $0.storage == storage }.map(\.value)
            let stored = try connection.copyIn("COPY \(table) (k, v) FROM STDIN (FORMAT binary)") { writer in
                for (key, value) in values.enumerated() {
                    writer.beginRow(fieldCount: 2)
                    try writer.write(PostgresParameter(.integer(Int64(key))))
                    try writer.write(value == .null ? .null(as: storage) : PostgresParameter(value))
                }
            }
            #expect(stored == values.count)
            let result = try connection.execute("SELECT v FROM \(table) ORDER BY k")
            for (row, value) in values.enumerated() {
                let read = result.persistentValue(row: row, column: 0, as: storage)
                #expect(RawPostgresTests.same(read, value), "\(storage): wrote \(value), read \(read)")
            }
        }
    }

    @Test func aConstraintViolationFailsTheCopyAndTheConnectionStaysUsable() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        _ = try connection.execute("CREATE TEMP TABLE keyed (k int8 PRIMARY KEY)")
        let sql = "COPY keyed (k) FROM STDIN (FORMAT binary)"
        let error = #expect(throws: PostgresError.self) {
            try connection.copyIn(sql) { writer in
                for key in [1, 2, 1] as [Int64] {
                    writer.beginRow(fieldCount: 1)
                    try writer.write(PostgresParameter(.integer(key)))
                }
            }
        }
        #expect(error?.kind == .uniqueViolation)
        #expect(error?.sql == sql)
        #expect(try connection.execute("SELECT count(*) FROM keyed").int64(row: 0, column: 0) == 0)
    }

    @Test func aFailureWhileWritingAbandonsTheCopy() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        _ = try connection.execute("CREATE TEMP TABLE abandoned (v numeric)")
        let error = #expect(throws: PostgresError.self) {
            try connection.copyIn("COPY abandoned (v) FROM STDIN (FORMAT binary)") { writer in
                writer.beginRow(fieldCount: 1)
                try writer.write(PostgresParameter(.decimal(1)))
            }
        }
        #expect(error?.kind == .invalidValue)
        #expect(try connection.execute("SELECT count(*) FROM abandoned").int64(row: 0, column: 0) == 0)
        let notCopy = #expect(throws: PostgresError.self) { try connection.copyIn("SELECT 1") { _ in } }
        #expect(notCopy?.kind == .misuse)
    }

    /// A save of 1,000 rows or more goes through COPY; what it stores reads back as written.
    @Test func aLargeSaveCopiesItsRows() throws {
        let statements = Mutex<[String]>([])
        let fixture = try StoreFixture(cluster: TestCluster.shared()) { sql in statements.withLock { $0.append(sql) } }
        let context = ModelContext(fixture.container)
        let rows = (0..<1_200).map(Self.row)
        for row in rows { context.insert(row) }
        try context.save()
        #expect(statements.withLock { $0.filter { $0.hasPrefix("COPY") } } == [
            #"COPY "Row" ("_pk", "tag", "int", "optInt", "double", "optDouble", "string", "optString", "flag", "optFlag", "date", "optDate") FROM STDIN (FORMAT binary)"#,
        ])
        let read = try ModelContext(fixture.container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]))
        #expect(read.count == rows.count)
        for (stored, written) in zip(read, rows) {
            #expect(Self.same(stored, written), "\(written.tag)")
            #expect(stored.persistentModelID == written.persistentModelID)
        }
    }

    /// Row `index` of a large save: NULs, quotes, NaN and nils spread over the rows.
    private static func row(_ index: Int) -> Row {
        let string = index % 2 == 0 ? "é\u{0}\(index)" : "'\(index)"
        let double: Double = index == 7 ? .nan : Double(index) / 4
        return Row(
            tag: "t\(index)", int: index - 600, optInt: index % 3 == 0 ? nil : index, double: double,
            optDouble: index % 5 == 0 ? nil : -Double(index), string: string, optString: index % 7 == 0 ? nil : "o\(index)",
            flag: index % 2 == 0, optFlag: index % 4 == 0 ? nil : index % 3 == 0,
            date: Date(timeIntervalSinceReferenceDate: Double(index) * 1_000.25),
            optDate: index % 6 == 0 ? nil : Date(timeIntervalSince1970: 0))
    }

    private static func same(_ stored: Row, _ written: Row) -> Bool {
        let doubles = stored.double == written.double || (stored.double.isNaN && written.double.isNaN)
        let numbers = stored.int == written.int && stored.optInt == written.optInt && stored.optDouble == written.optDouble
        let texts = stored.tag == written.tag && stored.string == written.string && stored.optString == written.optString
        let flags = stored.flag == written.flag && stored.optFlag == written.optFlag
        let dates = stored.date == written.date && stored.optDate == written.optDate
        return doubles && numbers && texts && flags && dates
    }
}
