import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Testing

/// Scope is a wall (docs/replication.md rule 9): ann and bob share a server; nothing ann's
/// requests are answered with names or shows a row of bob's, and nothing ann pushes links to,
/// changes or deletes one.
@Suite struct ReplicationScopeTests {
    typealias Server = ReplicationServer<String>
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let later = "2030-01-01T00:00:00.000Z"
    let serverStore = try! ModelContainer(for: Schema(ScopedSchema.server), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())])

    func server(_ scope: ReplicationScope<String> = ScopedSchema.byOwner, conflicts: ConflictPolicy = .serverWins) throws -> Server {
        try Server(container: serverStore, models: ScopedSchema.replicated, conflicts: conflicts, scope: scope)
    }

    /// Edits the server's store as its own app (an admin) does.
    func admin(_ edit: (ModelContext) throws -> Void) throws {
        let context = ModelContext(serverStore)
        context.author = "admin"
        try edit(context)
        try context.save()
    }

    /// Ann's and bob's notes, items and tags, bob's note tagged and holding an item.
    func seed() throws {
        try admin { context in
            let annNote = ScopedNote(uid: "ann-note", owner: "ann", text: "ann's", updatedAt: Self.date)
            let bobNote = ScopedNote(uid: "bob-note", owner: "bob", text: "bob's secret", updatedAt: Self.date)
            let bobTag = ScopedTag(uid: "bob-tag", owner: "bob", name: "bob's tag", updatedAt: Self.date)
            context.insert(annNote)
            context.insert(bobNote)
            context.insert(ScopedTag(uid: "ann-tag", owner: "ann", name: "ann's tag", updatedAt: Self.date))
            context.insert(bobTag)
            context.insert(ScopedItem(uid: "ann-item", owner: "ann", title: "ann's item", updatedAt: Self.date, note: annNote))
            context.insert(ScopedItem(uid: "bob-item", owner: "bob", title: "bob's item", updatedAt: Self.date, note: bobNote))
            bobNote.tags = [bobTag]
        }
    }

    func batch(_ server: Server, id: String = UUID().uuidString, _ changes: [ReplicationChange], refresh: [ReplicaRow] = []) throws -> PushBatch {
        PushBatch(id: id, client: "phone", base: try server.changes(since: nil, for: "ann", client: "phone", schema: server.models.schemaDigest).token,
                  schema: server.models.schemaDigest, changes: changes, refresh: refresh)
    }

    /// Every row of the server's store, as text, to show that a refused batch changed nothing.
    func dump() throws -> String {
        try ReplicaDump.of(serverStore) { context, exporter in
            [
                "notes": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedNote>())),
                "items": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedItem>())),
                "tags": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedTag>())),
            ]
        }
    }

    /// Item 1: rows of bob's a push names in `refresh` are answered as deletions, never with
    /// bob's values; a correction of ann's row shows no link to bob's rows.
    @Test func refreshesAndCorrectionsShowOnlyTheScope() throws {
        let server = try server()
        try seed()
        try admin { context in
            let annNote = try #require(context.fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == "ann-note" })).first)
            annNote.tags = try context.fetch(FetchDescriptor<ScopedTag>())
        }
        let rows = ["bob-note": "ScopedNote", "bob-tag": "ScopedTag", "bob-item": "ScopedItem", "ann-note": "ScopedNote"]
        let result = try server.push(batch(server, [], refresh: rows.map { ReplicaRow(entity: $1, id: $0) }), for: "ann")
        let sent = Dictionary(uniqueKeysWithValues: result.corrections.map { ($0.id as! String, $0) })
        #expect(Set(sent.keys) == Set(rows.keys))
        #expect(["bob-note", "bob-tag", "bob-item"].allSatisfy { sent[$0]?.isDeletion == true }, "bob's rows read as absent")
        #expect(sent["ann-note"]?.values?["tag_ids"] as? [String] == ["ann-tag"], "ann's note shows her tag only")
        let body = String(decoding: try result.jsonData(), as: UTF8.self)
        #expect(!body.contains("bob's"), "no value of bob's: \(body)")
    }

    /// Item 2: a link from ann's row to bob's, by a to-one or by either side of a many-to-many,
    /// refuses the whole batch, names the change, and leaves bob's rows as they were.
    @Test(arguments: [
        ReplicationChange(entity: "ScopedItem", id: "ann-item", values: ["note_id": "bob-note", "updated_at": later]),
        ReplicationChange(entity: "ScopedItem", id: "ann-new", values: ["id": "ann-new", "owner": "ann", "title": "x", "updated_at": later, "note_id": "bob-note"]),
        ReplicationChange(entity: "ScopedTag", id: "ann-tag", values: ["note_ids": ["ann-note", "bob-note"]]),
        ReplicationChange(entity: "ScopedNote", id: "ann-note", values: ["tag_ids": ["bob-tag"], "updated_at": later]),
    ])
    func aLinkAcrossScopesIsRefusedWhole(link: ReplicationChange) throws {
        let server = try server()
        try seed()
        let before = try dump()
        let own = ReplicationChange(entity: "ScopedNote", id: "ann-note", values: ["text": "changed", "updated_at": Self.later])
        let error = #expect(throws: ReplicationError.self) { try server.push(batch(server, [own, link]), for: "ann") }
        #expect(error?.kind == .outOfScope)
        #expect(error?.refused.map { "\($0.id)" } == ["\(link.id)"], "the answer names the refused change")
        #expect(try dump() == before, "nothing of the batch was applied")
    }

    /// A model the scope allows links to may be linked across: ann tags her note with bob's tag.
    @Test func aModelAllowingLinksAcrossMayBeLinked() throws {
        let server = try server(ScopedSchema.byOwner.allowingLinks(to: ScopedTag.self))
        try seed()
        _ = try server.push(batch(server, [ReplicationChange(entity: "ScopedNote", id: "ann-note", values: ["tag_ids": ["bob-tag"], "updated_at": Self.later])]), for: "ann")
        let note = try #require(ModelContext(serverStore).fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == "ann-note" })).first)
        #expect(note.tags.map(\.uid) == ["bob-tag"])
    }

    /// A list keeps the links to rows the principal cannot see: ann was never shown bob's tag on
    /// her note, so her list without it does not remove it.
    @Test func aListKeepsTheLinksThePrincipalCannotSee() throws {
        let server = try server()
        try seed()
        try admin { context in
            let annNote = try #require(context.fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == "ann-note" })).first)
            annNote.tags = try context.fetch(FetchDescriptor<ScopedTag>(predicate: #Predicate { $0.uid == "bob-tag" }))
        }
        _ = try server.push(batch(server, [ReplicationChange(entity: "ScopedNote", id: "ann-note", values: ["tag_ids": ["ann-tag"], "updated_at": Self.later])]), for: "ann")
        let note = try #require(ModelContext(serverStore).fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == "ann-note" })).first)
        #expect(Set(note.tags.map(\.uid)) == ["ann-tag", "bob-tag"])
    }

    /// Item 2: bob deleting his note would cascade to ann's item under it: refused, both stay.
    @Test func aDeleteRuleNeverDeletesARowOutsideTheScope() throws {
        let server = try server()
        try seed()
        try admin { context in
            let item = try #require(context.fetch(FetchDescriptor<ScopedItem>(predicate: #Predicate { $0.uid == "ann-item" })).first)
            item.note = try context.fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == "bob-note" })).first
        }
        let before = try dump()
        let deletion = ReplicationChange(entity: "ScopedNote", id: "bob-note", values: nil)
        let error = #expect(throws: ReplicationError.self) { try server.push(batch(server, [deletion]), for: "bob") }
        #expect(error?.kind == .outOfScope)
        #expect(error?.message.contains("cascades") == true, "\(String(describing: error))")
        #expect(try dump() == before)
    }

    /// Item 3: ann pushing under the batch id bob used (same client name) is applied for her,
    /// and answered with nothing of bob's.
    @Test func aReceiptBelongsToThePrincipalThatPushed() throws {
        let server = try server()
        let bobs = ReplicationChange(entity: "ScopedNote", id: "bob-new", values: ["id": "bob-new", "owner": "bob", "text": "bob's secret", "updated_at": Self.later, "tag_ids": []])
        let anns = ReplicationChange(entity: "ScopedNote", id: "ann-new", values: ["id": "ann-new", "owner": "ann", "text": "ann's", "updated_at": Self.later, "tag_ids": []])
        _ = try server.push(batch(server, id: "same", [bobs], refresh: [ReplicaRow(entity: "ScopedNote", id: "bob-new")]), for: "bob")
        let answer = try server.push(batch(server, id: "same", [anns]), for: "ann")
        #expect(answer.applied == 1 && answer.corrections.isEmpty)
        #expect(Set(try ModelContext(serverStore).fetch(FetchDescriptor<ScopedNote>()).map(\.uid)) == ["bob-new", "ann-new"])
        #expect(try ModelContext(serverStore).fetchCount(FetchDescriptor<ReplicationReceipt>()) == 2)
        let again = try server.push(batch(server, id: "same", [anns]), for: "ann")
        #expect(again.applied == 1, "ann's own repeat is answered from her receipt")
        #expect(try ModelContext(serverStore).fetchCount(FetchDescriptor<ReplicationReceipt>()) == 2, "and applies nothing")
    }

    /// Item 4: bob's inserts, edits and deletions never reach ann's pulls; a row of hers that is
    /// given away or deleted does, as a deletion.
    @Test func aDeletionReachesOnlyThePrincipalThatHeldTheRow() throws {
        let server = try server()
        try seed()
        let digest = server.models.schemaDigest
        let start = try server.changes(since: nil, for: "ann", client: "phone", schema: digest).token
        try admin { context in
            context.insert(ScopedNote(uid: "bob-2", owner: "bob", text: "new", updatedAt: Self.date))
            try #require(context.fetch(FetchDescriptor<ScopedTag>(predicate: #Predicate { $0.uid == "bob-tag" })).first).name = "renamed"
            try context.delete(model: ScopedItem.self, where: #Predicate { $0.uid == "bob-item" })
        }
        #expect(try server.changes(since: start, for: "ann", client: "phone", schema: digest).changes.isEmpty, "nothing of bob's activity")
        try admin { context in
            try #require(context.fetch(FetchDescriptor<ScopedTag>(predicate: #Predicate { $0.uid == "ann-tag" })).first).owner = "bob"
            try context.delete(model: ScopedItem.self, where: #Predicate { $0.uid == "ann-item" })
        }
        let page = try server.changes(since: start, for: "ann", client: "phone", schema: digest)
        #expect(Set(page.changes.map { "\($0.id)" }) == ["ann-tag", "ann-item"] && page.changes.allSatisfy(\.isDeletion))
    }

    /// A row given to bob and then deleted reaches ann as a deletion, though its tombstone names
    /// bob, also when a page ends between the two transactions.
    @Test(arguments: [nil, 1])
    func aRowGivenAwayThenDeletedReachesThePrincipalThatHeldIt(limit: Int?) throws {
        let server = try server()
        try seed()
        let digest = server.models.schemaDigest
        let start = try server.changes(since: nil, for: "ann", client: "phone", schema: digest).token
        try admin { try #require($0.fetch(FetchDescriptor<ScopedTag>(predicate: #Predicate { $0.uid == "ann-tag" })).first).owner = "bob" }
        try admin { try $0.delete(model: ScopedTag.self, where: #Predicate { $0.uid == "ann-tag" }) }
        let page = try server.changes(since: start, for: "ann", client: "phone", schema: digest, limit: limit)
        #expect(page.changes.map { "\($0.id) \($0.isDeletion)" } == ["ann-tag true"])
    }

    /// A key rule's attribute must be preserved on deletion, or the server cannot tell whose a
    /// deletion was.
    @Test func aKeyRuleOnAnAttributeNotPreservedIsRefused() throws {
        let scope = ReplicationScope<String>().restricting(ScopedNote.self, by: \.text) { $0 }
        let error = #expect(throws: ReplicationError.self) { try server(scope) }
        #expect(error?.kind == .invalidSetup)
    }
}
