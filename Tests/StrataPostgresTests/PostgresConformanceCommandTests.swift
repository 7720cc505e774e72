import Foundation
import StrataMigrationProbeSupport
import Testing

@testable import StrataPostgres

/// `strata conformance` on PostgreSQL, through the built tool: a server that
/// cannot be used stops the run after one attempt with one line, each category prints a line as
/// it ends, and the schemas the cases made are dropped unless `--keep` is given.
@Suite struct PostgresConformanceCommandTests {
    @Test func aClosedPortStopsTheRunAtOnce() throws {
        let port = try TestCluster.freePort()
        let started = ContinuousClock.now
        let result = try ProbeProcess.run(strata, ["conformance", "--store", "postgres://strata@127.0.0.1:\(port)/strata"])
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(result.status != 0)
        #expect(result.output.contains("Error: cannot open a store at postgres://strata@127.0.0.1:\(port)/strata?sslmode=prefer: PostgreSQL error"), "\(result.output)")
        #expect(Self.lines(result.output) == 2, "the target line and one error line: \(result.output)")
    }

    /// Without `connect_timeout` in the URL the check waits 5 s, once, not 10 s for every case.
    @Test func aServerThatNeverAnswersStopsTheRunAfterOneTimeout() throws {
        let server = try SilentServer(.refusesTLSThenSilent)
        defer { server.stop() }
        let started = ContinuousClock.now
        let result = try ProbeProcess.run(strata, ["conformance", "--store", "postgres://strata@127.0.0.1:\(server.port)/strata"])
        let waited = ContinuousClock.now - started
        #expect(result.status != 0)
        #expect(waited >= .seconds(5) && waited < .seconds(9), "waited \(waited)")
        #expect(result.output.contains("connectTimeout"), "\(result.output)")
        #expect(server.acceptedCount == 1)
        #expect(Self.lines(result.output) == 2, "\(result.output)")
    }

    /// The server logs each refused login: there is one.
    @Test func aWrongUserStopsTheRunAfterOneLogin() throws {
        let cluster = try TestCluster.shared()
        let user = "nobody_\(UUID().uuidString.prefix(8).lowercased())"
        var components = try #require(URLComponents(string: cluster.url))
        components.user = user
        let started = ContinuousClock.now
        let result = try ProbeProcess.run(strata, ["conformance", "--store", try #require(components.string)])
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(result.status != 0)
        #expect(result.output.contains(#"role "\#(user)" does not exist"#), "\(result.output)")
        #expect(Self.lines(result.output) == 2, "\(result.output)")
        if let server = cluster.server {
            let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
            #expect(log.components(separatedBy: #"role "\#(user)" does not exist"#).count - 1 == 1, "one refused login")
        }
    }

    @Test func aRunPrintsEachCategoryAndDropsItsSchemas() throws {
        let url = try TestCluster.shared().makeDatabase(named: "cli_conformance")
        let result = try ProbeProcess.run(strata, ["conformance", "--store", url, "--filter", "lifetime."])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(/\[1\/1\] lifetime +5 passed, 0 failed, 0 skipped  \d+\.\d s\n/), "\(result.output)")
        #expect(try Self.schemas(in: url, from: result.output) == 0)
    }

    @Test func keepLeavesTheSchemas() throws {
        let url = try TestCluster.shared().makeDatabase(named: "cli_conformance")
        let result = try ProbeProcess.run(strata, ["conformance", "--store", url, "--filter", "lifetime.", "--keep"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("kept the schemas named strata_conformance_"), "\(result.output)")
        #expect(try Self.schemas(in: url, from: result.output) == 5, "one per case; the check's is dropped")
    }

    static func lines(_ output: String) -> Int {
        output.split(separator: "\n").count
    }

    /// How many schemas in `url`'s database have the prefix the run's first line names.
    static func schemas(in url: String, from output: String) throws -> Int {
        let prefix = try #require(output.firstMatch(of: /named (strata_conformance_[0-9a-f]+_)N/)?.1)
        let connection = try PostgresConnection(conninfo: url)
        let result = try connection.execute("SELECT count(*) FROM pg_namespace WHERE starts_with(nspname, $1)", [try PostgresParameter(.string(String(prefix)))])
        return Int(try #require(result.int64(row: 0, column: 0)))
    }
}
