// The raw side of `--sync-import`: JSONDecoder into structs, then inserts through libsqlite3
// and libpq, with the owner link resolved from the owners' remote ids.
import CLibPQ
import CSQLite
import Foundation

/// The raw SQLite side: tables shaped as Strata's (no index besides the primary key).
final class RawSyncSQLite {
    let database: RawDatabase

    init(path: String) throws {
        database = try RawDatabase(path: path, create: false)
        try database.exec(#"CREATE TABLE "Owner" ("_pk" INTEGER PRIMARY KEY, "remoteID" INTEGER, "name" TEXT)"#)
        try database.exec(#"CREATE TABLE "Item" ("_pk" INTEGER PRIMARY KEY, "remoteID" INTEGER, "title" TEXT, "quantity" INTEGER, "price" REAL, "updatedAt" REAL, "owner" INTEGER)"#)
    }

    func insertOwners(count: Int) throws {
        try database.exec("BEGIN; " + (1...count).map { #"INSERT INTO "Owner" ("remoteID", "name") VALUES (\#($0), 'owner \#($0)');"# }.joined() + " COMMIT")
    }

    /// Decodes `json` and inserts every item in one transaction through one reused INSERT.
    func importItems(_ json: Data) throws {
        let items = try ItemDTO.decodeAll(json)
        var owners: [Int: Int64] = [:]
        let select = try database.prepare(#"SELECT "_pk", "remoteID" FROM "Owner""#)
        while sqlite3_step(select) == SQLITE_ROW { owners[Int(sqlite3_column_int64(select, 1))] = sqlite3_column_int64(select, 0) }
        sqlite3_finalize(select)
        let insert = try database.prepare(#"INSERT INTO "Item" ("remoteID", "title", "quantity", "price", "updatedAt", "owner") VALUES (?1, ?2, ?3, ?4, ?5, ?6)"#)
        defer { sqlite3_finalize(insert) }
        try database.exec("BEGIN IMMEDIATE")
        for item in items {
            guard let owner = owners[item.ownerID] else { throw RawError(description: "no owner \(item.ownerID)") }
            sqlite3_bind_int64(insert, 1, Int64(item.id))
            var title = item.title
            title.withUTF8 { bytes in
                _ = sqlite3_bind_text(insert, 2, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), strata_sqlite_transient())
            }
            sqlite3_bind_int64(insert, 3, Int64(item.quantity))
            sqlite3_bind_double(insert, 4, item.price)
            sqlite3_bind_double(insert, 5, item.updatedAt.timeIntervalSinceReferenceDate)
            sqlite3_bind_int64(insert, 6, owner)
            try database.check(sqlite3_step(insert), SQLITE_DONE)
            sqlite3_reset(insert)
        }
        try database.exec("COMMIT")
    }
}

/// The raw PostgreSQL side: the same tables in their own namespace, binary parameters,
/// 1,000 rows per prepared multi-VALUES INSERT.
final class RawSyncPostgres {
    let connection: RawPostgres
    private let owner: String
    private let item: String

    init(conninfo: String, namespace: String) throws {
        connection = try RawPostgres(conninfo: conninfo, namespace: namespace)
        owner = #""\#(namespace)"."Owner""#
        item = #""\#(namespace)"."Item""#
        try connection.exec(#"CREATE TABLE \#(owner) ("_pk" BIGSERIAL PRIMARY KEY, "remoteID" BIGINT, "name" TEXT)"#)
        try connection.exec(#"CREATE TABLE \#(item) ("_pk" BIGSERIAL PRIMARY KEY, "remoteID" BIGINT, "title" TEXT, "quantity" BIGINT, "price" DOUBLE PRECISION, "updatedAt" DOUBLE PRECISION, "owner" BIGINT)"#)
    }

    func insertOwners(count: Int) throws {
        try connection.exec(#"INSERT INTO \#(owner) ("remoteID", "name") SELECT i, 'owner ' || i FROM generate_series(1, \#(count)) AS i"#)
    }

    /// Decodes `json` and inserts every item in one transaction.
    func importItems(_ json: Data) throws {
        let items = try ItemDTO.decodeAll(json)
        var owners: [Int: Int64] = [:]
        let result = PQexec(connection.handle, #"SELECT "_pk", "remoteID" FROM \#(owner)"#)
        defer { PQclear(result) }
        try connection.check(result, "select owners")
        for row in 0..<PQntuples(result) {
            owners[Int(String(cString: PQgetvalue(result, row, 1)))!] = Int64(String(cString: PQgetvalue(result, row, 0)))!
        }
        let batch = RawPostgres.batch
        var binds = Binds(capacity: batch * 6)
        try connection.exec("BEGIN")
        for start in stride(from: 0, to: items.count, by: batch) {
            let chunk = items[start..<min(start + batch, items.count)]
            let name = try prepareInsert(rows: chunk.count)
            binds.removeAll()
            for item in chunk {
                guard let owner = owners[item.ownerID] else { throw RawError(description: "no owner \(item.ownerID)") }
                binds.int64(Int64(item.id))
                binds.text(item.title)
                binds.int64(Int64(item.quantity))
                binds.double(item.price)
                binds.double(item.updatedAt.timeIntervalSinceReferenceDate)
                binds.int64(owner)
            }
            PQclear(try connection.execPrepared(name, &binds))
        }
        try connection.exec("COMMIT")
    }

    private func prepareInsert(rows: Int) throws -> String {
        let name = "syncinsert\(rows)"
        let tuples = (0..<rows).map { row in "(" + (1...6).map { "$\(row * 6 + $0)" }.joined(separator: ", ") + ")" }
        let types = Array(repeating: [RawPostgres.int8, RawPostgres.text, RawPostgres.int8, RawPostgres.float8, RawPostgres.float8, RawPostgres.int8], count: rows).flatMap { $0 }
        try connection.prepare(name, #"INSERT INTO \#(item) ("remoteID", "title", "quantity", "price", "updatedAt", "owner") VALUES \#(tuples.joined(separator: ", "))"#, types: types)
        return name
    }
}
