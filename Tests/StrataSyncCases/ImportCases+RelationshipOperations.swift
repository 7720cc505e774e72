import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// `relationships:` limits what an import does to related models and links.
    static var relationshipOperationCases: [SyncCase] {
        [
            SyncCase("import.relationships.withoutInsert") { container in
                try load(#"[{"id": 7, "full_name": "Seven"}]"#, as: SyncUser.self, into: container)
                try checkError(.unresolvedReference, index: 0, key: "lead.id") {
                    try load(#"[{"id": 1, "projectName": "P", "lead": {"id": 9, "full_name": "Nine"}}]"#, as: SyncProject.self, into: container, relationships: [.update, .delete])
                }
                try check(try count(SyncProject.self, in: container) == 0 && count(SyncUser.self, in: container) == 1, "a refused import writes nothing")
                try load(#"[{"id": 1, "projectName": "P", "lead": {"id": 7, "full_name": "Renamed"}}]"#, as: SyncProject.self, into: container, relationships: [.update, .delete])
                let project = try fetched(SyncProject.self, ModelContext(container), by: \.remoteID).first
                try check(project?.lead?.fullName == "Renamed", "a stored model is linked and updated")
            },
            SyncCase("import.relationships.withoutUpdate") { container in
                try load(#"[{"id": 7, "full_name": "Seven"}]"#, as: SyncUser.self, into: container)
                let summary = try load(
                    #"[{"id": 1, "projectName": "P", "lead": {"id": 7, "full_name": "Renamed"}}, {"id": 2, "projectName": "Q", "lead": {"id": 8, "full_name": "Eight"}}]"#,
                    as: SyncProject.self, into: container, relationships: [.insert, .delete])
                try check(summary == SyncImportSummary(inserted: 3), "two projects and user 8 inserted, user 7 not updated, got \(summary)")
                let context = ModelContext(container)
                let projects = try fetched(SyncProject.self, context, by: \.remoteID)
                try check(projects.map { $0.lead?.remoteID } == [7, 8] && user(7, context).fullName == "Seven", "user 7 linked, its name left alone")
            },
            SyncCase("import.relationships.withoutDelete") { container in
                try load(#"[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}, {"id": "c", "label": "C"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "full_name": "U", "notes": [{"id": 1, "text": "n1", "tag_ids": ["a", "b"]}, {"id": 2, "text": "n2"}]}]"#, as: SyncUser.self, into: container)
                let summary = try load(
                    #"[{"id": 1, "notes": [{"id": 1, "tag_ids": ["c"]}, {"id": 3, "text": "n3"}]}]"#, as: SyncUser.self, into: container, relationships: [.insert, .update])
                // Note 3 joins the user as it is inserted (its owner is set), so the user itself
                // counts no update, as without a limit.
                try check(summary == SyncImportSummary(inserted: 1, updated: 1), "note 3 inserted, note 1 gains a tag, nothing deleted, got \(summary)")
                let context = ModelContext(container)
                let notes = try user(1, context).notes.sorted { $0.remoteID < $1.remoteID }
                try check(notes.map(\.remoteID) == [1, 2, 3], "note 2, left out, stays the user's")
                try check(Set(notes[0].tags.map(\.remoteID)) == ["a", "b", "c"], "tag_ids adds c to a and b")
            },
        ]
    }
}
