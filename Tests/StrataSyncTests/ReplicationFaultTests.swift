import Foundation
import StrataReplicationProbeSupport
import Testing

/// Issue 33's fault proof on SQLite stores: a client, or the server process answering it, is
/// SIGKILLed at random points of its syncs 50 times; after each recovery (one sync without
/// kills, after a third of the kills and at the end) both stores hold the same rows, every save
/// the client acknowledged is on the server, and every pushed batch was applied once
/// (docs/replication-faults.md).
@Suite(.serialized) struct ReplicationFaultTests {
    /// The `StrataReplicationProbe` built beside the tests.
    static let probe = ReplicationFaultRun.probe(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())

    @Test func killingTheClientLosesNothingAndAppliesNothingTwice() throws {
        var run = try ReplicationFaultRun(probe: Self.probe, seed: 33)
        let figures = try run.killClients(50, rounds: 1)
        print("client kills: \(figures)")
        #expect(figures.kills == 50)
        #expect(figures.places["push"] != nil && figures.places["pull"] != nil, "kills landed while the client waited for a push and for a pull")
        try expectConverged(figures, run)
    }

    @Test func killingTheServerLosesNothingAndAppliesNothingTwice() throws {
        var run = try ReplicationFaultRun(probe: Self.probe, seed: 34)
        let figures = try run.killServers(50)
        print("server kills: \(figures)")
        #expect(figures.kills == 50)
        #expect(figures.places.keys.contains { $0.hasPrefix("push") } && figures.places.keys.contains { $0.hasPrefix("pull") }, "kills landed in pushes and in pulls")
        try expectConverged(figures, run)
    }

    private func expectConverged(_ figures: ReplicationFaultRun.Figures, _ run: ReplicationFaultRun) throws {
        #expect(!figures.recoveries.isEmpty)
        for (index, outcome) in (figures.recoveries + [try run.finish()]).enumerated() {
            #expect(outcome.clientDump == outcome.serverDump, "recovery \(index): the stores in \(run.directory.path) differ")
            #expect(outcome.acknowledged > 0)
            #expect(outcome.lost.isEmpty, "recovery \(index): acknowledged saves missing on the server (uid: expected title)")
            #expect(outcome.unexpected.isEmpty, "recovery \(index): client tasks on the server that the client never saved")
            #expect(outcome.receipts > 0)
            #expect(outcome.pushTransactions == outcome.receipts, "recovery \(index): a batch applied more than once")
        }
    }
}
