import Foundation
import Strata
import StrataAsync
import StrataPostgres
import StrataSync

/// A note replicated between the demo's stores.
@Model final class DemoNote: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) var uid: String
    var text: String
    var updatedAt: Date
    static var syncIdentity: PartialKeyPath<DemoNote>? { \.uid }

    init(uid: String, text: String, updatedAt: Date) {
        self.uid = uid
        self.text = text
        self.updatedAt = updatedAt
    }
}

/// The steps of `strata replicate`: an in-process server (`newerWins`) and two clients
/// ("kiosk" and "tablet") reaching it through the wire's JSON.
struct ReplicationDemo {
    let serverURL: String?
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replicate-\(UUID().uuidString.prefix(8))")
    private let start = Date(timeIntervalSince1970: 1_714_521_600)

    init(serverURL: String?) {
        self.serverURL = serverURL
    }

    func run() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let serverStore = try openServer()
        let server = try ReplicationServer<String>(container: serverStore, models: [DemoNote.self], conflicts: .newerWins())
        let kiosk = try edge("kiosk", server), tablet = try edge("tablet", server)

        try edit(serverStore, "server") {
            $0.insert(DemoNote(uid: "n1", text: "Order filters", updatedAt: start))
            $0.insert(DemoNote(uid: "n2", text: "Call the plumber", updatedAt: start))
        }
        try await sync(kiosk, "kiosk")
        try await sync(tablet, "tablet")

        print("\n— offline: both edge devices and the server change n1; the tablet deletes n2 —")
        try edit(kiosk.container, "kiosk") { try note("n1", in: $0).update("Order filters (kiosk, 10:02)", at: start + 120) }
        try edit(serverStore, "server") { try note("n1", in: $0).update("Order filters (server, 10:01)", at: start + 60) }
        try edit(tablet.container, "tablet") { $0.delete(try note("n2", in: $0)) }
        try await sync(tablet, "tablet")
        try await sync(kiosk, "kiosk")
        try await sync(tablet, "tablet")

        print("\n— every store now holds —")
        var dumps: [String] = []
        for (name, store) in [("server", serverStore), ("kiosk", kiosk.container), ("tablet", tablet.container)] {
            let notes = try await ModelContext(store).fetch(FetchDescriptor<DemoNote>(sortBy: [SortDescriptor(\.uid)]))
            let dump = notes.map { "\($0.uid): \($0.text)" }.joined(separator: ", ")
            print("\(name.padding(toLength: 7, withPad: " ", startingAt: 0)) \(dump)")
            dumps.append(dump)
        }
        print(Set(dumps).count == 1 ? "\nall three stores agree: the later edit of n1 won (newerWins), n2's deletion reached everyone" : "\nthe stores differ")
    }

    private func openServer() throws -> ModelContainer {
        let configuration: any DataStoreConfiguration
        if let serverURL {
            let namespace = "strata_replicate_\(UUID().uuidString.prefix(8).lowercased())"
            configuration = try PostgresConfiguration(url: serverURL, namespace: namespace)
            print("server: PostgreSQL, schema \(namespace) (drop it with DROP SCHEMA \"\(namespace)\" CASCADE)")
        } else {
            configuration = SQLiteConfiguration(url: directory.appendingPathComponent("server.sqlite"))
            print("server: SQLite in \(directory.path)")
        }
        return try ModelContainer(for: DemoNote.self, ReplicationReceipt.self, configurations: configuration)
    }

    private func edge(_ name: String, _ server: ReplicationServer<String>) throws -> ReplicationClient {
        let store = try ModelContainer(
            for: DemoNote.self, ReplicationClientState.self, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("\(name).sqlite")))
        return try ReplicationClient(container: store, models: [DemoNote.self], name: name, transport: LocalReplicationTransport(server: server, principal: "demo"))
    }

    private func edit(_ store: ModelContainer, _ who: String, _ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(store)
        context.author = who
        try body(context)
        try context.save()
        print("\(who) saved locally")
    }

    private func sync(_ client: ReplicationClient, _ name: String) async throws {
        let report = try await client.sync()
        print("\(name) synced: pushed \(report.pushed), server corrected \(report.corrected), pulled \(report.pulled)")
    }

    private func note(_ uid: String, in context: ModelContext) throws -> DemoNote {
        guard let note = try context.fetch(FetchDescriptor<DemoNote>(predicate: #Predicate { $0.uid == uid })).first else {
            throw StrataCLIError.storeUnavailable(uid, CocoaError(.fileNoSuchFile))
        }
        return note
    }
}

extension DemoNote {
    func update(_ text: String, at date: Date) {
        self.text = text
        updatedAt = date
    }
}
