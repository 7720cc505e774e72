import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Foreign keys by type, nested objects.
    static var linkCases: [SyncCase] {
        [
            SyncCase("import.link.foreignKeys") { container in
                try load(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "text": "n", "owner_id": 2, "tag_ids": ["b", "a"]}]"#, as: SyncNote.self, into: container)
                let reader12 = ModelContext(container)
                let note = try fetched(SyncNote.self, reader12, by: \.remoteID).first
                try check(note?.owner?.remoteID == 2, "owner_id links user 2")
                try check(Set(note?.tags.map(\.remoteID) ?? []) == ["a", "b"], "tag_ids link both tags")
            },
            SyncCase("import.link.foreignKeyCoercesIdType") { container in
                try load(#"[{"id": 3, "full_name": "C"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "projectName": "P", "leadID": "3"}]"#, as: SyncProject.self, into: container)
                let reader19 = ModelContext(container)
                try check(try fetched(SyncProject.self, reader19, by: \.remoteID).first?.lead?.remoteID == 3, "\"3\" names user 3")
            },
            SyncCase("import.link.unknownToOneFails") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try checkError(.unresolvedReference, index: 1, key: "leadID") {
                    try load(#"[{"id": 1, "projectName": "P", "leadID": 1}, {"id": 2, "projectName": "Q", "leadID": 99}]"#, as: SyncProject.self, into: container)
                }
                try check(try count(SyncProject.self, in: container) == 0, "nothing is written")
            },
            SyncCase("import.link.unknownToManyFails") { container in
                try load(#"[{"id": "a", "label": "A"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try checkError(.unresolvedReference, index: 0, key: "tag_ids[1]") {
                    try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a", "zz"]}]"#, as: SyncNote.self, into: container)
                }
            },
            SyncCase("import.link.byTypeNotByName") { container in
                // Tag "1" exists, user 1 does not: owner_id must look among users only.
                try load(#"[{"id": "1", "label": "one"}]"#, as: SyncTag.self, into: container)
                try checkError(.unresolvedReference, index: 0, key: "leadID") {
                    try load(#"[{"id": 1, "projectName": "P", "leadID": 1}]"#, as: SyncProject.self, into: container)
                }
            },
            SyncCase("import.nested.toManyAndToOne") { container in
                let summary = try load(
                    #"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "first", "tags": [{"id": "t", "label": "T"}]}]}]"#,
                    as: SyncUser.self, into: container)
                try check(summary == SyncImportSummary(inserted: 3), "user, note and tag inserted, got \(summary)")
                try load(#"[{"id": 9, "text": "x", "owner": {"id": 7, "full_name": "Seven"}}]"#, as: SyncNote.self, into: container)
                let context = ModelContext(container)
                let ada = try user(1, context)
                try check(ada.notes.map(\.text) == ["first"] && ada.notes.first?.tags.map(\.label) == ["T"], "nested notes and tags")
                try check(try user(7, context).notes.map(\.remoteID) == [9], "a nested to-one creates the owner")
            },
            SyncCase("import.nested.updatesExisting") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 5, "projectName": "P", "lead": {"id": 1, "full_name": "Renamed"}}]"#, as: SyncProject.self, into: container)
                try check(try count(SyncUser.self, in: container) == 1, "the nested user is the existing one")
                let reader57 = ModelContext(container)
                try check(try user(1, reader57).fullName == "Renamed", "and is updated")
            },
        ]
    }

    /// Identity scoped by parent, parent-scoped diffs, deleting missing rows.
    static var scopeCases: [SyncCase] {
        [
            SyncCase("import.scope.sameIdUnderTwoParents") { container in
                try load(
                    #"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "a1"}]}, {"id": 2, "full_name": "B", "notes": [{"id": 1, "text": "b1"}]}]"#,
                    as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "notes": [{"id": 1, "text": "a1 changed"}]}]"#, as: SyncUser.self, into: container)
                let context = ModelContext(container)
                try check(try count(SyncNote.self, in: container) == 2, "two notes with id 1")
                try check(try user(1, context).notes.map(\.text) == ["a1 changed"] && user(2, context).notes.map(\.text) == ["b1"], "only A's note 1 changed")
            },
            SyncCase("import.scope.foreignKeyPicksParent") { container in
                try load(#"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "a1"}]}, {"id": 2, "full_name": "B"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "text": "b1", "owner_id": 2}]"#, as: SyncNote.self, into: container)
                let context = ModelContext(container)
                try check(try user(1, context).notes.map(\.text) == ["a1"] && user(2, context).notes.map(\.text) == ["b1"], "owner_id scopes the id")
            },
            SyncCase("import.scope.parentDiffDeletesWithinParent") { container in
                try load(
                    #"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "a1"}, {"id": 2, "text": "a2"}]}, {"id": 2, "full_name": "B", "notes": [{"id": 1, "text": "b1"}]}]"#,
                    as: SyncUser.self, into: container)
                let reader84 = ModelContext(container)
                let parent = try user(1, reader84)
                let summary = try load(#"[{"id": 2, "text": "a2!"}]"#, as: SyncNote.self, into: container, parent: parent, deletingMissing: true)
                let context = ModelContext(container)
                try check(summary == SyncImportSummary(updated: 1, deleted: 1), "one update, one delete, got \(summary)")
                try check(try user(1, context).notes.map(\.text) == ["a2!"], "A keeps only note 2")
                try check(try user(2, context).notes.map(\.text) == ["b1"], "B's note 1 is outside the scope and stays")
            },
            SyncCase("import.scope.nestedDiffDeletesOwnedChildren") { container in
                try load(
                    #"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "a1"}, {"id": 2, "text": "a2"}]}, {"id": 2, "full_name": "B", "notes": [{"id": 1, "text": "b1"}]}]"#,
                    as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "notes": [{"id": 2, "text": "a2"}]}]"#, as: SyncUser.self, into: container)
                let context = ModelContext(container)
                try check(try user(1, context).notes.map(\.remoteID) == [2], "A's note 1 is deleted")
                try check(try count(SyncNote.self, in: container) == 2, "B's note stays")
            },
            SyncCase("import.scope.deletingMissingGlobal") { container in
                try load(#"[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}, {"id": "c", "label": "C"}]"#, as: SyncTag.self, into: container)
                let summary = try load(#"[{"id": "b"}]"#, as: SyncTag.self, into: container, deletingMissing: true)
                let reader103 = ModelContext(container)
                try check(try fetched(SyncTag.self, reader103, by: \.remoteID).map(\.remoteID) == ["b"], "only b is left")
                try check(summary == SyncImportSummary(deleted: 2), "two deletes, got \(summary)")
            },
            SyncCase("import.scope.parentNeedsScopedType") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                let reader108 = ModelContext(container)
                let parent = try user(1, reader108)
                try checkError(.invalidScope, index: nil, key: nil) { try load(#"[]"#, as: SyncTag.self, into: container, parent: parent) }
            },
            SyncCase("import.keys.dottedRelationshipKeyFails") { container in
                try checkError(.unsupportedRemoteKey, index: nil, key: nil) {
                    try load(#"[{"id": 1, "board": {"ref": "b"}}]"#, as: SyncMisnamedTicket.self, into: container)
                }
            },
            SyncCase("import.scope.missingParentFails") { container in
                try checkError(.missingIdentity, index: 0, key: "owner_id") { try load(#"[{"id": 1, "text": "orphan"}]"#, as: SyncNote.self, into: container) }
            },
        ]
    }
}
