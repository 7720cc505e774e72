import Foundation
import Strata
import StrataSync
import StrataSyncHTTP
import Synchronization
@testable import StrataServer

/// A device of one user: its own SQLite store of notes, and a ``ReplicationClient`` reaching the
/// service over HTTP as that user.
struct NoteReplica {
    let user: String
    let container: ModelContainer
    let client: ReplicationClient

    /// A device named `name` of `user`, its store in `directory`, syncing with the service on
    /// 127.0.0.1:`port` through `transport` (by default HTTP with the user's bearer header).
    init(user: String, name: String, directory: URL, port: Int, transport: (any ReplicationTransport)? = nil) throws {
        self.user = user
        container = try ModelContainer(
            for: Schema([Note.self, ReplicationClientState.self]),
            configurations: SQLiteConfiguration(path: directory.appendingPathComponent("\(name).sqlite").path))
        client = try ReplicationClient(
            container: container, models: NoteReplication.models, name: name, transport: transport ?? Self.transport(user: user, port: port))
    }

    /// HTTP to the service on 127.0.0.1:`port` as `user`.
    static func transport(user: String, port: Int) -> HTTPReplicationTransport {
        HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:\(port)")!, headers: ["Authorization": "Bearer \(user)"], timeout: .seconds(60))
    }

    /// Inserts a note of this user's as the app does, and returns its uid.
    @discardableResult
    func insert(_ text: String) throws -> String {
        try NoteStore.insert(text, owner: user, into: container)
    }

    /// The notes this device holds.
    func dump() throws -> [String] { try NoteStore.dump(container) }
}

/// Notes written and read as the app does, on the server's store or a device's.
enum NoteStore {
    /// Whole seconds that grow with each edit, so the newer edit wins a conflict and the dates
    /// survive the wire exactly.
    private static let clock = Atomic(1_700_000_000)

    static func now() -> Date {
        Date(timeIntervalSince1970: TimeInterval(clock.wrappingAdd(1, ordering: .relaxed).newValue))
    }

    /// Inserts a note of `owner`'s into `container` and returns its uid.
    @discardableResult
    static func insert(_ text: String, owner: String, into container: ModelContainer) throws -> String {
        let context = ModelContext(container)
        context.author = "app"
        let uid = UUID().uuidString
        context.insert(Note(uid: uid, owner: owner, text: text, updatedAt: now()))
        try context.save()
        return uid
    }

    /// Changes the text of note `uid` in `container`, as the app does.
    static func update(_ uid: String, text: String, in container: ModelContainer) throws {
        let context = ModelContext(container)
        context.author = "app"
        for note in try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.uid == uid })) {
            note.text = text
            note.updatedAt = now()
        }
        try context.save()
    }

    /// Gives note `uid` in `container` to `owner`, as an admin does on the server.
    static func give(_ uid: String, to owner: String, in container: ModelContainer) throws {
        let context = ModelContext(container)
        context.author = "admin"
        for note in try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.uid == uid })) { note.owner = owner }
        try context.save()
    }

    /// Deletes note `uid` from `container`, as the app does.
    static func delete(_ uid: String, from container: ModelContainer) throws {
        let context = ModelContext(container)
        context.author = "app"
        try context.delete(model: Note.self, where: #Predicate { $0.uid == uid })
    }

    /// The token of the last transaction in `container`'s history.
    static func latestToken(of container: ModelContainer) throws -> DefaultHistoryToken? {
        try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.token
    }

    /// Forgets every transaction of `container`'s history, as a server trimming it does.
    static func trimHistory(of container: ModelContainer) throws {
        try ModelContext(container).deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
    }

    /// Every note in `container` (of `owner` only, when given), one line each, sorted: two
    /// replicas that agree dump the same lines.
    static func dump(_ container: ModelContainer, owner: String? = nil) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Note>()).filter { owner == nil || $0.owner == owner }
            .map { "\($0.uid) \($0.owner) \($0.text) done=\($0.done) at=\($0.updatedAt.timeIntervalSince1970)" }.sorted()
    }

    /// Makes `count` random edits of `owner`'s notes in `container` — inserts, text and done
    /// changes, deletions — and saves them at once, as the app would.
    static func edit(_ container: ModelContainer, owner: String, count: Int, using random: inout some RandomNumberGenerator) throws {
        let context = ModelContext(container)
        context.author = "app"
        var notes = try context.fetch(FetchDescriptor<Note>())
        for step in 0..<count {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                let note = Note(uid: UUID().uuidString, owner: owner, text: "new \(step)", updatedAt: now())
                context.insert(note)
                notes.append(note)
            case 1, 2:
                guard let note = notes.randomElement(using: &random) else { continue }
                note.text = "edit \(Int.random(in: 0..<1000, using: &random))"
                note.updatedAt = now()
            case 3:
                guard let note = notes.randomElement(using: &random) else { continue }
                note.done.toggle()
                note.updatedAt = now()
            default:
                guard let index = notes.indices.randomElement(using: &random) else { continue }
                context.delete(notes.remove(at: index))
            }
        }
        try context.save()
    }
}

extension TestService {
    /// The schema digest of the models the service replicates, as its devices send it.
    func replicationDigest() throws -> String {
        try ReplicatedModels(NoteReplication.models, in: container).schemaDigest
    }
}
