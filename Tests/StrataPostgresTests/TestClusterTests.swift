import Foundation
import Testing

@testable import StrataPostgres

/// The harness itself: a private cluster survives a restart and is gone after stopping.
@Suite struct TestClusterTests {
    @Test func restartEndsConnectionsAndStopRemovesTheServer() throws {
        let cluster = try TestCluster.makePrivate()
        defer { cluster.stop() }
        let connection = try PostgresConnection(conninfo: cluster.url)
        #expect(try connection.execute("SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user").bool(row: 0, column: 0) == false)
        try cluster.restart()
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error?.kind == .connectionLost)
        #expect(try PostgresConnection(conninfo: cluster.url).execute("SELECT 1").rowCount == 1)
        cluster.stop()
        let directory = try #require(cluster.server?.directory)
        #expect(!FileManager.default.fileExists(atPath: directory))
        let refused = #expect(throws: PostgresError.self) { try PostgresConnection(conninfo: cluster.url + "?connect_timeout=2") }
        #expect(refused?.kind == .connectionLost)
    }
}
