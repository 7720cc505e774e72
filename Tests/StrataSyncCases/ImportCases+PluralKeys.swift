import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// A to-many's foreign key in its plural spelling (`tags_ids`) as well as `tag_ids`.
    static var pluralKeyCases: [SyncCase] {
        [
            SyncCase("import.link.pluralForeignKey") { container in
                try loadTagsAndOwner(["a", "b", "c"], into: container)
                try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tags_ids": ["a", "b"]}]"#, as: SyncNote.self, into: container)
                try check(try noteTags(container) == ["a", "b"], "tags_ids links a and b")
                let summary = try load(#"[{"id": 1, "owner_id": 1, "tag_ids": ["b", "a"]}]"#, as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(), "tag_ids naming the same tags changes nothing, got \(summary)")
                try load(#"[{"id": 1, "owner_id": 1, "tags_ids": ["c"]}]"#, as: SyncNote.self, into: container)
                try check(try noteTags(container) == ["c"], "tags_ids relinks an existing note")
            },
            SyncCase("import.link.pluralForeignKeyUnknownId") { container in
                try loadTagsAndOwner(["a"], into: container)
                try checkError(.unresolvedReference, index: 0, key: "tags_ids[1]") {
                    try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tags_ids": ["a", "zz"]}]"#, as: SyncNote.self, into: container)
                }
            },
            SyncCase("import.link.bothForeignKeySpellingsConflict") { container in
                try loadTagsAndOwner(["a", "b"], into: container)
                try checkError(.conflictingKeys, index: 0, key: "tags_ids") {
                    try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a"], "tags_ids": ["b"]}]"#, as: SyncNote.self, into: container)
                }
                try check(try count(SyncNote.self, in: container) == 0, "a refused import writes nothing")
            },
        ]
    }
}
