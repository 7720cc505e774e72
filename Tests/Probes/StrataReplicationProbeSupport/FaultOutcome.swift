import Foundation
import Strata
import StrataSync
import StrataSyncCases

/// What a client and its server hold once a fault run's last sync is done, against the
/// client's log: what issue 33 asks of a sync killed at random points.
public struct FaultOutcome: Sendable {
    /// Both stores' replicated rows (``ReplicaDump``): equal when they converged.
    public let clientDump: String
    public let serverDump: String
    /// Acknowledged tasks the server lacks, or holds with a title the client never saved
    /// after its last acknowledged one: uid → the title the log expects.
    public let lost: [String: String]
    /// Client tasks (uids starting with `t`) on the server that the log never named.
    public let unexpected: Set<String>
    /// How many tasks the log acknowledges.
    public let acknowledged: Int
    /// Server history transactions written by the client's pushes, and receipts of applied
    /// batches: equal when every batch was applied once.
    public let pushTransactions: Int
    public let receipts: Int

    /// Reads `client`'s and `server`'s stores and compares them with `log`.
    /// - Throws: the store's error.
    public init(client: ModelContainer, server: ModelContainer, log: AcknowledgedLog) throws {
        clientDump = try ReplicaDump.of(client)
        serverDump = try ReplicaDump.of(server)
        let context = ModelContext(server)
        let tasks = try context.fetch(FetchDescriptor<ReplicaTask>())
        lost = log.lost(in: Dictionary(uniqueKeysWithValues: tasks.map { ($0.uid, $0.title) }))
        unexpected = Set(tasks.map(\.uid).filter { $0.hasPrefix("t") }).subtracting(log.uids)
        acknowledged = log.acknowledged.count
        let author = ReplicationServer<String>.author(of: ProbeClient.name)
        pushTransactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count(where: { $0.author == author })
        receipts = try context.fetchCount(FetchDescriptor<ReplicationReceipt>())
    }
}
