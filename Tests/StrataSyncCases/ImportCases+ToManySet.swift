import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// A to-many relationship is a set: a payload's order and repeats are not changes.
    static var toManySetCases: [SyncCase] {
        [
            SyncCase("import.toMany.reorderedIsNoChange") { container in
                try loadTagsAndOwner(["a", "b", "c"], into: container)
                try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a", "b", "c"]}]"#, as: SyncNote.self, into: container)
                let before = try historyCount(container)
                let summary = try load(#"[{"id": 1, "owner_id": 1, "tag_ids": ["c", "a", "b"]}]"#, as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(), "the same tags in another order change nothing, got \(summary)")
                try check(try historyCount(container) == before, "and write no history transaction")
                try check(try noteTags(container) == ["a", "b", "c"], "the note keeps its three tags")
            },
            // PostgreSQL reads a many-to-many back by target key (a before b), not as saved (b, a).
            SyncCase("import.toMany.samePayloadTwiceIsNoChange") { container in
                try loadTagsAndOwner(["a", "b"], into: container)
                let payload = #"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["b", "a"]}]"#
                try load(payload, as: SyncNote.self, into: container)
                let before = try historyCount(container)
                let summary = try load(payload, as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(), "importing the same payload again changes nothing, got \(summary)")
                try check(try historyCount(container) == before, "and writes no history transaction")
            },
            SyncCase("import.toMany.otherMembersUpdate") { container in
                try loadTagsAndOwner(["a", "b", "c"], into: container)
                try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a", "b"]}]"#, as: SyncNote.self, into: container)
                let before = try historyCount(container)
                let summary = try load(#"[{"id": 1, "owner_id": 1, "tag_ids": ["c", "b"]}]"#, as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(updated: 1), "other tags of the same count are a change, got \(summary)")
                try check(try historyCount(container) == before + 1, "written in one history transaction")
                try check(try noteTags(container) == ["b", "c"], "the note holds b and c")
            },
            SyncCase("import.toMany.repeatedIdLinksOnce") { container in
                try loadTagsAndOwner(["a", "b"], into: container)
                try load(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a", "b", "a"]}]"#, as: SyncNote.self, into: container)
                let tags = try noteTags(container)
                try check(tags == ["a", "b"], "a tag named twice is linked once, got \(tags)")
                let summary = try load(#"[{"id": 1, "owner_id": 1, "tag_ids": ["b", "a"]}]"#, as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(), "and the same two tags again change nothing, got \(summary)")
            },
        ]
    }

    /// Stores a tag per id and user 1, the owner of the notes these cases import.
    static func loadTagsAndOwner(_ tags: [String], into container: ModelContainer) throws {
        let objects = tags.map { #"{"id": "\#($0)", "label": "\#($0.uppercased())"}"# }
        try load("[" + objects.joined(separator: ", ") + "]", as: SyncTag.self, into: container)
        try load(#"[{"id": 1, "full_name": "Owner"}]"#, as: SyncUser.self, into: container)
    }

    /// The remote ids of note 1's tags, sorted.
    static func noteTags(_ container: ModelContainer) throws -> [String] {
        let context = ModelContext(container)
        return try withExtendedLifetime(context) {
            try fetched(SyncNote.self, context, by: \.remoteID).first?.tags.map(\.remoteID).sorted() ?? []
        }
    }
}

/// How many transactions the store's history holds.
func historyCount(_ container: ModelContainer) throws -> Int {
    try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count
}
