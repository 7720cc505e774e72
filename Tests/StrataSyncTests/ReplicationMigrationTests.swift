import Foundation
import Strata
import StrataSync
import Testing

/// Version 1 of a replicated note.
enum ReplicatedNoteV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self, ReplicationReceipt.self, ReplicationClientState.self] }

    @Model final class Note: Syncable {
        @Attribute(.unique, .preserveValueOnDeletion) var uid: String
        var text: String
        var done: Bool
        static var syncIdentity: PartialKeyPath<Note>? { \.uid }
        init(uid: String, text: String, done: Bool) {
            self.uid = uid
            self.text = text
            self.done = done
        }
    }
}

/// Version 2: notes can be pinned.
enum ReplicatedNoteV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self, ReplicationReceipt.self, ReplicationClientState.self] }

    @Model final class Note: Syncable {
        @Attribute(.unique, .preserveValueOnDeletion) var uid: String
        var text: String
        var done: Bool
        var pinned: Bool = false
        static var syncIdentity: PartialKeyPath<Note>? { \.uid }
        init(uid: String, text: String, done: Bool) {
            self.uid = uid
            self.text = text
            self.done = done
        }
    }
}

/// The server's upgrade: its custom stage deletes the notes already done, with `delete(model:where:)`.
enum ServerNotePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ReplicatedNoteV1.self, ReplicatedNoteV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: ReplicatedNoteV1.self, toVersion: ReplicatedNoteV2.self, willMigrate: { context in
            try context.delete(model: ReplicatedNoteV1.Note.self, where: #Predicate { $0.done })
        }, didMigrate: nil)]
    }
}

/// A device's upgrade: no stage of its own (what the server's stage deletes reaches it by sync).
enum ClientNotePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ReplicatedNoteV1.self, ReplicatedNoteV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: ReplicatedNoteV1.self, toVersion: ReplicatedNoteV2.self)] }
}

/// Deletions a migration's custom stage makes on the server reach devices, once they run the
/// server's version; before that they are refused as another schema.
@Suite struct ReplicationMigrationTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replica-migration-\(UUID().uuidString)")

    func open<Plan: SchemaMigrationPlan>(_ name: String, _ version: any VersionedSchema.Type, _ plan: Plan.Type) throws -> ModelContainer {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try ModelContainer(
            for: Schema(versionedSchema: version), migrationPlan: plan, configurations: [SQLiteConfiguration(url: directory.appendingPathComponent("\(name).sqlite"))])
    }

    func client(_ store: ModelContainer, _ server: ReplicationServer<String>, _ model: any Syncable.Type) throws -> ReplicationClient {
        try ReplicationClient(container: store, models: [model], name: "device", transport: LocalReplicationTransport(server: server, principal: "ann"))
    }

    @Test func aStageDeletionReachesADeviceOnTheNewVersion() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var serverStore = try open("server", ReplicatedNoteV1.self, ServerNotePlan.self)
        let seed = ModelContext(serverStore)
        seed.insert(ReplicatedNoteV1.Note(uid: "n1", text: "done already", done: true))
        seed.insert(ReplicatedNoteV1.Note(uid: "n2", text: "still to do", done: false))
        try seed.save()
        var server = try ReplicationServer<String>(container: serverStore, models: [ReplicatedNoteV1.Note.self])
        var deviceStore = try open("device", ReplicatedNoteV1.self, ClientNotePlan.self)
        try await client(deviceStore, server, ReplicatedNoteV1.Note.self).sync()
        #expect(try ModelContext(deviceStore).fetchCount(FetchDescriptor<ReplicatedNoteV1.Note>()) == 2)

        serverStore = try open("server", ReplicatedNoteV2.self, ServerNotePlan.self)
        server = try ReplicationServer<String>(container: serverStore, models: [ReplicatedNoteV2.Note.self])
        let refused = await #expect(throws: ReplicationError.self) { try await client(deviceStore, server, ReplicatedNoteV1.Note.self).sync() }
        #expect(refused?.kind == .schemaMismatch)

        deviceStore = try open("device", ReplicatedNoteV2.self, ClientNotePlan.self)
        let report = try await client(deviceStore, server, ReplicatedNoteV2.Note.self).sync()
        #expect(!report.resynced && report.pulled == 1, "one change pulled from the history, not a snapshot")
        let left = try ModelContext(deviceStore).fetch(FetchDescriptor<ReplicatedNoteV2.Note>()).map(\.uid)
        #expect(left == ["n2"], "the server's stage deleted n1, and the device learned it from the server's history")
    }
}
