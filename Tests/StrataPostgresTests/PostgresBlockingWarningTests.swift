import Foundation
import Logging
import StrataConformance
import StrataCore
@testable import StrataPostgres
import StrataAsync
import Testing

/// A synchronous call from a task blocks a cooperative thread until the server answers: the
/// store warns about it once, and the `async` calls never trigger it. This module imports
/// StrataAsync, so a plain `try await context.fetchCount(…)` in `async` code is the suspending
/// form: the first call below warning would mean the import no longer routes it.
@Suite struct PostgresBlockingWarningTests {
    @Test func aSynchronousCallFromATaskIsWarnedAboutOnce() async throws {
        let cluster = try TestCluster.shared()
        let records = LogRecords()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
        let container = try ModelContainer(for: Row.self, configurations: PostgresConfiguration(url: try cluster.makeDatabase(named: "blocking")), logger: logger)
        func blockingWarnings() -> Int { records.all.filter { $0.level == .warning && $0.message.contains("synchronous PostgreSQL call") }.count }

        _ = try await ModelContext(container).fetchCount(FetchDescriptor<Row>())
        #expect(blockingWarnings() == 0, "an async call warned")
        func countSynchronously() throws -> Int { try ModelContext(container).fetchCount(FetchDescriptor<Row>()) }
        _ = try countSynchronously()
        _ = try countSynchronously()
        #expect(blockingWarnings() == 1)
    }
}
