// `--replication-pull [--rows N (10000)] [--runs R (3)]`: a SQLite client pulling and applying N
// changes (items with a to-one link, saved on the server in saves of 1,000), against importing the
// same items with StrataSync into the same kind of store, in one run; best of R runs per side. Both
// client stores hold the 1,000 owners first (untimed). Two pull figures: the client's side alone
// (decoding the server's pages, recorded beforehand, and applying them: what an edge device spends),
// and the whole pull with the server in the same process (its page building on the same cores).
import Foundation
import Strata
import StrataSync

/// The owner a replicated item links to.
@Model final class PullOwner: Syncable {
    @Attribute(.preserveValueOnDeletion) var remoteID: Int
    var name: String
    static var syncIdentity: PartialKeyPath<PullOwner>? { \.remoteID }

    init(remoteID: Int, name: String) {
        self.remoteID = remoteID
        self.name = name
    }
}

/// A replicated item: four attributes and a to-one link.
@Model final class PullItem: Syncable {
    @Attribute(.preserveValueOnDeletion) var remoteID: Int
    var title: String
    var quantity: Int
    var price: Double
    var owner: PullOwner?
    static var syncIdentity: PartialKeyPath<PullItem>? { \.remoteID }

    init(remoteID: Int, title: String, quantity: Int, price: Double, owner: PullOwner?) {
        self.remoteID = remoteID
        self.title = title
        self.quantity = quantity
        self.price = price
        self.owner = owner
    }
}

enum ReplicationPullBenchmark {
    static let owners = 1_000

    static func run(options: Options) async throws {
        let rows = options.rowsGiven ?? 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pull-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func store(_ name: String, _ extra: any PersistentModel.Type) throws -> ModelContainer {
            try ModelContainer(for: PullOwner.self, PullItem.self, extra, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("\(name).sqlite")))
        }
        var total = Double.infinity, clientSide = Double.infinity, importing = Double.infinity
        for run in 0..<options.runs {
            log("replication pull run \(run + 1)/\(options.runs)")
            let server = try ReplicationServer<String>(container: try store("server-\(run)", ReplicationReceipt.self), models: [PullOwner.self, PullItem.self])
            try seed(server.container, items: 0..<0)
            func client(_ name: String, _ transport: any ReplicationTransport) throws -> ReplicationClient {
                try ReplicationClient(
                    container: try store("\(name)-\(run)", ReplicationClientState.self), models: [PullOwner.self, PullItem.self], name: "edge", transport: transport)
            }
            let inProcess = try client("client", LocalReplicationTransport(server: server, principal: "edge"))
            try await inProcess.sync()
            let pages = RecordedPages(server: server)
            let replayed = try client("replayed", pages)
            try await replayed.sync()
            for first in stride(from: 0, to: rows, by: 1_000) { try seed(server.container, items: first..<min(first + 1_000, rows), withOwners: false) }
            try pages.record(schema: replayed.models.schemaDigest)
            let items = try await ModelContext(server.container).fetch(FetchDescriptor<PullItem>())
            let payload = try SyncImporter(container: server.container).exportJSON(items)

            var report = ReplicationReport()
            total = min(total, try await Measure.timeAsync { report = try await inProcess.sync() })
            precondition(report.pulled == rows, "pulled \(report.pulled) of \(rows)")
            clientSide = min(clientSide, try await Measure.timeAsync { report = try await replayed.sync() })
            precondition(report.pulled == rows, "pulled \(report.pulled) of \(rows) from the recorded pages")

            let importer = SyncImporter(container: try store("import-\(run)", ReplicationClientState.self))
            try seed(importer.container, items: 0..<0)
            var summary = SyncImportSummary()
            importing = min(importing, try Measure.time { summary = try importer.importJSON(payload, as: PullItem.self) })
            precondition(summary.inserted == rows, "imported \(summary.inserted) of \(rows)")
        }
        print("Replication pull vs StrataSync import — \(rows) items with a to-one link each, SQLite, best of \(options.runs) runs")
        print("baseline ('raw' column): StrataSync importJSON of the same items into a store holding the owners")
        print("")
        Report.printTimed([
            TimedResult(name: "pull, client side", unit: "changes", operations: rows, raw: importing, strata: clientSide, target: 2),
            TimedResult(name: "pull, server in process", unit: "changes", operations: rows, raw: importing, strata: total, target: nil),
        ])
    }

    /// Saves the owners (unless `withOwners` is false) and the items `items`, linked round-robin.
    private static func seed(_ container: ModelContainer, items: Range<Int>, withOwners: Bool = true) throws {
        let context = ModelContext(container)
        context.author = "app"
        let owners = withOwners
            ? (0..<Self.owners).map { PullOwner(remoteID: $0, name: "owner \($0)") }
            : try context.fetch(FetchDescriptor<PullOwner>(sortBy: [SortDescriptor(\.remoteID)]))
        if withOwners { owners.forEach(context.insert) }
        for index in items {
            context.insert(PullItem(remoteID: index, title: "item \(index)", quantity: index % 100, price: Double(index % 1_000) / 4, owner: owners[index % owners.count]))
        }
        try context.save()
    }
}

/// A transport that answers a first pull (the snapshot) from the server, then serves the pages
/// ``record(schema:)`` recorded as JSON, so timing a pull through it times only the client.
final class RecordedPages: ReplicationTransport, @unchecked Sendable {
    let server: ReplicationServer<String>
    private var snapshotToken: DefaultHistoryToken?
    private var pages: [DefaultHistoryToken: Data] = [:]

    init(server: ReplicationServer<String>) {
        self.server = server
    }

    /// Records the server's pages after the snapshot this transport answered.
    func record(schema: String) throws {
        var since = snapshotToken!
        while true {
            let page = try server.changes(since: since, for: "edge", client: "edge", schema: schema)
            pages[since] = try page.jsonData()
            since = page.token
            if !page.hasMore { return }
        }
    }

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        guard let since else {
            let snapshot = try server.changes(since: nil, for: "edge", client: client, schema: schema)
            snapshotToken = snapshot.token
            return snapshot
        }
        guard let page = pages[since] else { throw ReplicationError(.transport, "no page was recorded after \(since)") }
        return try ChangePage(jsonData: page)
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        try server.push(batch, for: "edge")
    }
}
