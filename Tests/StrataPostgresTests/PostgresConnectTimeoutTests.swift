import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// A server that accepts TCP and never answers must not hang whoever connects: the connect
/// timeout (10 s unless set) bounds each attempt, TLS negotiation and its fallback included.
@Suite struct PostgresConnectTimeoutTests {
    @Test(arguments: [SilentServer.Behaviour.silent, .refusesTLSThenSilent])
    func aServerThatNeverAnswersTimesOut(behaviour: SilentServer.Behaviour) throws {
        let server = try SilentServer(behaviour)
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(settings: PostgresConnectionSettings(host: "127.0.0.1", port: server.port, user: "app", connectTimeout: 2))
        }
        let waited = ContinuousClock.now - started
        #expect(error?.kind == .connectTimeout, "\(error.map { "\($0)" } ?? "")")
        #expect(error?.category == .connectionLost)
        #expect(waited >= .seconds(2) && waited < .seconds(4), "waited \(waited)")
        #expect(server.acceptedCount == 1, "one attempt: the plain-text fallback reuses the socket and the clock")
    }

    /// With nothing set, creating a container against such a server fails after the default 10 s.
    /// libpq's timer counts whole seconds of the wall clock (`time()`), so it may end up to a
    /// second early: CI once measured 9.02 s.
    @Test func containerCreationGivesUpAfterTheDefaultTimeout() throws {
        let server = try SilentServer(.silent)
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) {
            _ = try ModelContainer(
                for: Schema([Probe.self]), configurations: [try PostgresConfiguration(url: "postgres://app@127.0.0.1:\(server.port)/db")])
        }
        let waited = ContinuousClock.now - started
        #expect(error?.kind == .connectTimeout, "\(error.map { "\($0)" } ?? "")")
        #expect(waited >= .seconds(9) && waited < .seconds(13), "waited \(waited)")
    }

    @Model final class Probe {
        var name: String = ""
        init() {}
    }
}
