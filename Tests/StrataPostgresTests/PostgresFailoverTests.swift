import Foundation
import StrataAsync
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// libpq's multi-host failover through the store: a URL naming the primary and its standby with
/// `target_session_attrs=read-write` follows the primary when the standby is promoted.
@Suite struct PostgresFailoverTests {
    @Test func theStoreReconnectsToThePromotedStandby() async throws {
        let primary = try TestCluster.makePrivate()
        defer { primary.stop() }
        let standby = try primary.makeReplica()
        defer { standby.stop() }
        let ports = try [primary, standby].map { try #require($0.server?.port) }
        var configuration = try PostgresConfiguration(
            url: "postgres://strata@127.0.0.1:\(ports[0]),127.0.0.1:\(ports[1])/strata?target_session_attrs=read-write&connect_timeout=2")
        configuration.poolSize = 2
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let context = ModelContext(container)
        context.insert(Row(tag: "before"))
        try await context.save()
        #expect(try await eventually { (try? Self.tags(on: standby)) == ["before"] }, "the standby streams the primary's writes")

        try primary.stopServer()
        let stopped = ContinuousClock.now
        context.insert(Row(tag: "after"))
        // Only a standby is left: no server accepts writes, and the save fails whole.
        #expect(throws: PostgresError.self) { try context.save() }
        #expect(context.hasChanges)

        try standby.promote()
        let promoted = ContinuousClock.now
        try await context.save()
        let saved = ContinuousClock.now
        #expect(try await ModelContext(container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])).map(\.tag) == ["after", "before"])
        #expect(try Self.tags(on: standby) == ["after", "before"], "the write went to the promoted server")
        print("failover: primary stopped → standby promoted \(promoted - stopped); promoted → first save \(saved - promoted)")
    }

    /// The `tag`s of the rows on `server`, read directly.
    private static func tags(on server: TestCluster) throws -> [String] {
        let connection = try PostgresConnection(conninfo: server.url)
        defer { connection.close() }
        let result = try connection.execute("SELECT \"tag\" FROM \"Row\" ORDER BY \"tag\"")
        return (0..<result.rowCount).compactMap { result.text(row: $0, column: 0) }
    }
}
