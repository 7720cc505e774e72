import Foundation
import Logging
import StrataConformance
import StrataCore
import StrataSQLite
import Testing

/// The store logs each statement's SQL at `debug` through the container's logger (or the
/// configuration's own), never a bound value.
@Suite struct StatementLoggingTests {
    @Test func statementsAreLoggedAtDebugWithoutTheirValues() throws {
        let records = LogRecords()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(records: records, logLevel: .debug) }
        let container = try ModelContainer(for: Row.self, configurations: SQLiteConfiguration(url: temporaryDatabase("logging")), logger: logger)
        let context = ModelContext(container)
        context.insert(Row(tag: "secret-tag-value", int: 4242))
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.tag == "secret-tag-value" })).count == 1)

        let statements = records.all.filter { $0.message == "statement" }
        #expect(statements.allSatisfy { $0.level == .debug })
        #expect(statements.contains { $0.metadata["db.query.text"]?.hasPrefix("INSERT INTO \"Row\"") == true })
        #expect(statements.contains { $0.metadata["db.query.text"]?.hasPrefix("SELECT") == true })
        #expect(!records.all.contains { "\($0.message) \($0.metadata)".contains("secret-tag-value") || "\($0.metadata)".contains("4242") })
    }

    @Test func aConfigurationsOwnLoggerWinsAndAQuietOneLogsNoStatements() throws {
        let own = LogRecords(), containers = LogRecords()
        var configuration = SQLiteConfiguration(url: temporaryDatabase("own-logger"))
        configuration.logger = Logger(label: "store") { _ in RecordingLogHandler(records: own, logLevel: .debug) }
        let container = try ModelContainer(
            for: Row.self, configurations: configuration,
            logger: Logger(label: "container") { _ in RecordingLogHandler(records: containers, logLevel: .debug) })
        _ = try ModelContext(container).fetchCount(FetchDescriptor<Row>())
        #expect(own.all.contains { $0.message == "statement" })
        #expect(!containers.all.contains { $0.message == "statement" })

        let quiet = LogRecords()
        let quietContainer = try ModelContainer(
            for: Row.self, configurations: SQLiteConfiguration(url: temporaryDatabase("quiet-logger")),
            logger: Logger(label: "quiet") { _ in RecordingLogHandler(records: quiet, logLevel: .info) })
        _ = try ModelContext(quietContainer).fetchCount(FetchDescriptor<Row>())
        #expect(quiet.all.isEmpty)
    }
}
