import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Export with relationships as nested objects, and a round trip through an empty store.
    static var nestedExportCases: [SyncCase] {
        [
            SyncCase("export.nested.toMany") { container in
                try loadUserWithNotes(into: container)
                let context = ModelContext(container)
                let object = try SyncImporter(container: container).exportObjects([try user(1, context)], relationships: .nested).first ?? [:]
                try check(object["note_ids"] == nil, "no ids beside the nested objects: \(object)")
                let notes = try sortedByID(object["notes"], "user.notes")
                try check(notes.map { $0["id"] as? Int } == [4, 5] && notes.map { $0["text"] as? String } == ["x", "y"], "the notes nested: \(notes)")
                try check(notes.allSatisfy { $0["owner"] == nil && $0["owner_id"] == nil }, "a nested note leaves out its owner, the inverse: \(notes)")
                let tags = try sortedByID(notes[0]["tags"], "note.tags")
                try check(tags.count == 1 && tags[0]["id"] as? String == "t" && tags[0]["label"] as? String == "T", "tags nested two levels down: \(tags)")
                try check(tags[0]["notes"] == nil && tags[0]["note_ids"] == nil, "a nested tag leaves out its notes, the inverse: \(tags)")
                try check(try sortedByID(notes[1]["tags"], "note.tags").isEmpty, "an empty to-many is []")
            },
            SyncCase("export.nested.toOne") { container in
                try loadUserWithNotes(into: container)
                try load(#"[{"id": 7, "projectName": "P", "leadID": 1}, {"id": 8, "projectName": "Q"}]"#, as: SyncProject.self, into: container)
                let context = ModelContext(container)
                let importer = SyncImporter(container: container)
                let projects = try importer.exportObjects(try fetched(SyncProject.self, context, by: \.remoteID), relationships: .nested)
                let lead = projects.first?["lead"] as? [String: Any]
                try check(lead?["id"] as? Int == 1 && lead?["full_name"] as? String == "A", "the lead nested under its camelCase key: \(projects)")
                try check(try sortedByID(lead?["notes"], "lead.notes").count == 2, "the lead's own relationships nested too (no inverse of lead)")
                try check(projects.last?["lead"] is NSNull && projects.last?["leadID"] == nil, "a nil to-one as null: \(projects)")
                let note = try importer.exportObjects(try fetched(SyncNote.self, context, by: \.remoteID), relationships: .nested).first
                let owner = note?["owner"] as? [String: Any]
                try check(owner?["id"] as? Int == 1 && owner?["notes"] == nil, "a note's owner nested without its notes, the inverse: \(note ?? [:])")
            },
            SyncCase("export.nested.cycleEndsInIDs") { container in
                try load(#"[{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]"#, as: SyncEmployee.self, into: container)
                try load(#"[{"id": 1, "manager_id": 2}, {"id": 2, "manager_id": 1}]"#, as: SyncEmployee.self, into: container)
                let context = ModelContext(container)
                let first = try fetched(SyncEmployee.self, context, by: \.remoteID).first
                let object = try SyncImporter(container: container).exportObjects(first.map { [$0] } ?? [], relationships: .nested).first
                let manager = object?["manager"] as? [String: Any]
                try check(manager?["id"] as? Int == 2 && manager?["name"] as? String == "B", "the manager nested: \(object ?? [:])")
                try check(manager?["manager_id"] as? Int == 1 && manager?["manager"] == nil, "the way back to employee 1 as its id: \(manager ?? [:])")
            },
            SyncCase("export.nested.roundTrip") { container in
                try loadUserWithNotes(into: container)
                try load(#"[{"id": 7, "projectName": "P", "leadID": 1}]"#, as: SyncProject.self, into: container)
                let importer = SyncImporter(container: container)
                func exports() throws -> (users: Data, projects: Data) {
                    let context = ModelContext(container)
                    return (
                        try importer.exportJSON(try fetched(SyncUser.self, context, by: \.remoteID), relationships: .nested),
                        try importer.exportJSON(try fetched(SyncProject.self, context, by: \.remoteID), relationships: .nested)
                    )
                }
                let before = try exports()
                let again = [try importer.importJSON(before.users, as: SyncUser.self), try importer.importJSON(before.projects, as: SyncProject.self)]
                try check(again == [SyncImportSummary(), SyncImportSummary()], "re-importing a nested export changes nothing, got \(again)")
                let context = ModelContext(container)
                for project in try fetched(SyncProject.self, context, by: \.remoteID) { context.delete(project) }
                for user in try fetched(SyncUser.self, context, by: \.remoteID) { context.delete(user) }
                for tag in try fetched(SyncTag.self, context, by: \.remoteID) { context.delete(tag) }
                try context.save()
                try check(try count(SyncNote.self, in: container) == 0, "the store is empty before the re-import")
                let restored = [try importer.importJSON(before.users, as: SyncUser.self), try importer.importJSON(before.projects, as: SyncProject.self)]
                try check(restored == [SyncImportSummary(inserted: 4), SyncImportSummary(inserted: 1)], "users, notes and tags, then the project: \(restored)")
                let after = try exports()
                try check(try canonical(after.users) == canonical(before.users), "users export the same after the round trip")
                try check(try canonical(after.projects) == canonical(before.projects), "projects export the same after the round trip")
            },
        ]
    }

    /// User 1 with notes 4 (tagged "t") and 5, and tag "t".
    private static func loadUserWithNotes(into container: ModelContainer) throws {
        try load(#"[{"id": "t", "label": "T"}]"#, as: SyncTag.self, into: container)
        try load(
            #"[{"id": 1, "full_name": "A", "age": 3, "notes": [{"id": 4, "text": "x", "tag_ids": ["t"]}, {"id": 5, "text": "y"}]}]"#,
            as: SyncUser.self, into: container)
    }

    /// `value` as an array of objects sorted by their `"id"` (to-many relationships have no order).
    private static func sortedByID(_ value: Any?, _ what: String) throws -> [[String: Any]] {
        guard let objects = value as? [[String: Any]] else { throw SyncCaseFailure(description: "\(what) is not an array of objects: \(value ?? "absent")") }
        return objects.sorted { "\($0["id"] ?? "")" < "\($1["id"] ?? "")" }
    }

    /// A JSON document with every array's elements in one order, so two exports compare as sets.
    private static func canonical(_ data: Data) throws -> String {
        func sorted(_ value: Any) throws -> Any {
            if let object = value as? [String: Any] { return try object.mapValues(sorted) }
            guard let array = value as? [Any] else { return value }
            return try array.map(sorted).map { try text($0) }.sorted()
        }
        func text(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        return try text(sorted(JSONSerialization.jsonObject(with: data)))
    }
}
