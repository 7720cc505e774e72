import Foundation
import Strata
import StrataSync
import StrataSyncCases

/// The server side of the replication probe: one request per process, so a test can SIGKILL
/// the server anywhere in it. It writes marks to standard error as it goes (`opened` once the
/// store is open, `repeat` for a batch it applied before, `answered` once the answer is
/// ready), which tell the killing transport where its kill landed.
public enum ProbeServer {
    /// The exit status of a request the server refused: its answer is the ``ReplicationError`` JSON.
    public static let replicationErrorStatus: Int32 = 3

    /// Pages are small, so a pull takes several requests and a kill can land between them.
    static let pageSize = 5

    /// Answers the `PushBatch` JSON on standard input with the `PushResult` JSON.
    ///
    /// Holds an exclusive lock on `<store>.push-lock` while it works: a server is one process
    /// whose pushes run one at a time (``ReplicationServer`` serializes them in-process), and
    /// a push whose client was killed still runs to its end beside the client's next one.
    /// - Throws: ``ReplicationError`` (the probe answers it as JSON) or the store's error.
    public static func push(store: String, input: Data) throws -> Data {
        let lock = try PushLock(store: store)
        defer { lock.release() }
        let server = try open(store)
        let batch = try PushBatch(jsonData: input)
        let batchID = batch.id
        if try ModelContext(server.container).fetchCount(FetchDescriptor<ReplicationReceipt>(predicate: #Predicate { $0.batchID == batchID })) > 0 {
            mark("repeat")
        }
        let answer = try server.push(batch, for: principal).jsonData()
        mark("answered")
        return answer
    }

    /// Answers a pull with the `ChangePage` JSON.
    /// - Parameter since: a token as ``ReplicationWire/text(_:)`` writes it, or `-` for none.
    /// - Throws: ``ReplicationError`` (the probe answers it as JSON) or the store's error.
    public static func pull(store: String, since: String, client: String, schema: String) throws -> Data {
        let server = try open(store)
        let token = since == "-" ? nil : try ReplicationWire.token(text: since)
        let answer = try server.changes(since: token, for: principal, client: client, schema: schema).jsonData()
        mark("answered")
        return answer
    }

    /// The principal every request runs as; the probe tests faults, not scope.
    static let principal = "ann"

    /// Opens the server store (SQLite, ``ReplicaSchema/server``).
    /// - Throws: the store's error.
    public static func container(_ store: String) throws -> ModelContainer {
        try ModelContainer(for: Schema(ReplicaSchema.server), configurations: [SQLiteConfiguration(path: store)])
    }

    private static func open(_ store: String) throws -> ReplicationServer<String> {
        let server = try ReplicationServer<String>(container: container(store), models: ReplicaSchema.replicated, pageSize: pageSize)
        mark("opened")
        return server
    }

    private static func mark(_ text: String) {
        FileHandle.standardError.write(Data("\(text)\n".utf8))
    }
}
