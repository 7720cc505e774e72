import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// `syncUpdatedAt`: an object whose date is not later than its stored model's leaves it alone.
    static var updatedAtCases: [SyncCase] {
        [
            SyncCase("import.updatedAt.notLaterLeftAlone") { container in
                try load(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "title": "first", "updated_at": "2026-01-02T00:00:00Z", "author_id": 1}]"#, as: SyncPost.self, into: container)
                let before = try historyCount(container)
                // The same instant, a millisecond earlier, and 2026-01-01 as seconds since 1970.
                for stale in [#""2026-01-02T00:00:00Z""#, #""2026-01-01T23:59:59.999Z""#, "1767225600"] {
                    let summary = try load(#"[{"id": 1, "title": "stale", "updated_at": \#(stale), "author_id": 2}]"#, as: SyncPost.self, into: container)
                    try check(summary == SyncImportSummary(notNewer: 1), "\(stale) is not later: the post is left alone, got \(summary)")
                }
                // Its other keys are not read: an unknown author would otherwise fail the import.
                let unread = try load(#"[{"id": 1, "title": "stale", "updated_at": "2026-01-02T00:00:00Z", "author_id": 99}]"#, as: SyncPost.self, into: container)
                try check(unread == SyncImportSummary(notNewer: 1), "the unknown author_id is never read, got \(unread)")
                try check(try historyCount(container) == before, "so nothing is saved")
                let kept = try fetched(SyncPost.self, ModelContext(container), by: \.remoteID)[0]
                try check(kept.title == "first" && kept.author?.remoteID == 1, "title and author as first imported, got \(kept.title) \(kept.author?.remoteID as Any)")

                let later = try load(#"[{"id": 1, "title": "second", "updated_at": "2026-01-02T00:00:00.001Z", "author_id": 2}]"#, as: SyncPost.self, into: container)
                try check(later == SyncImportSummary(updated: 1), "a millisecond later is applied, got \(later)")
                let updated = try fetched(SyncPost.self, ModelContext(container), by: \.remoteID)[0]
                try check(
                    updated.title == "second" && updated.author?.remoteID == 2 && updated.updatedAt.map({ abs($0.timeIntervalSince1970 - 1_767_312_000.001) < 1e-6 }) == true,
                    "the later object is applied whole, its date included, got \(updated.title) \(updated.author?.remoteID as Any) \(updated.updatedAt as Any)")
            },
            SyncCase("import.updatedAt.withoutDateApplied") { container in
                try load(#"[{"id": 1, "title": "A"}]"#, as: SyncPost.self, into: container)
                let undated = try load(#"[{"id": 1, "title": "B"}]"#, as: SyncPost.self, into: container)
                try check(undated == SyncImportSummary(updated: 1), "an object without a date is applied, got \(undated)")
                let dated = try load(#"[{"id": 1, "title": "C", "updated_at": "2026-01-02T00:00:00Z"}]"#, as: SyncPost.self, into: container)
                try check(dated == SyncImportSummary(updated: 1), "a model without a date takes any object's, got \(dated)")
                let absent = try load(#"[{"id": 1, "title": "D"}]"#, as: SyncPost.self, into: container)
                try check(absent == SyncImportSummary(updated: 1), "an object without a date is applied over a dated model, got \(absent)")
                let context = ModelContext(container)
                let post = try fetched(SyncPost.self, context, by: \.remoteID)[0]
                try check(post.title == "D" && post.updatedAt == Date(timeIntervalSince1970: 1_767_312_000), "an absent date leaves the stored one, got \(post.updatedAt as Any)")
                let cleared = try load(#"[{"id": 1, "title": "E", "updated_at": null}]"#, as: SyncPost.self, into: container)
                try check(cleared == SyncImportSummary(updated: 1), "null is applied (and clears the date), got \(cleared)")
                try check(try fetched(SyncPost.self, ModelContext(container), by: \.remoteID)[0].updatedAt == nil, "the date is cleared")
                try checkError(.typeMismatch, index: 0, key: "updated_at") {
                    try load(#"[{"id": 1, "title": "F", "updated_at": "yesterday"}]"#, as: SyncPost.self, into: container)
                }
            },
            SyncCase("import.updatedAt.leftAloneIsInThePayload") { container in
                try load(
                    #"[{"id": 1, "title": "A", "updated_at": "2026-01-02T00:00:00Z"}, {"id": 2, "title": "B", "updated_at": "2026-01-02T00:00:00Z"}]"#,
                    as: SyncPost.self, into: container)
                let summary = try load(#"[{"id": 1, "title": "A", "updated_at": "2026-01-02T00:00:00Z"}]"#, as: SyncPost.self, into: container, deletingMissing: true)
                try check(summary == SyncImportSummary(deleted: 1, notNewer: 1), "post 2 is missing, post 1 is not, got \(summary)")
                try check(try fetched(SyncPost.self, ModelContext(container), by: \.remoteID).map(\.remoteID) == [1], "only post 1 is kept")
            },
            SyncCase("import.updatedAt.nestedLeftAlone") { container in
                try load(#"[{"id": 1, "title": "A", "updated_at": "2026-01-02T00:00:00Z"}]"#, as: SyncPost.self, into: container)
                let summary = try load(
                    #"[{"id": 2, "title": "re: A", "reply_to": {"id": 1, "title": "stale", "updated_at": "2026-01-01T00:00:00Z"}}]"#, as: SyncPost.self, into: container)
                try check(summary == SyncImportSummary(inserted: 1, notNewer: 1), "the reply is inserted and its older nested post left alone, got \(summary)")
                let posts = try fetched(SyncPost.self, ModelContext(container), by: \.remoteID)
                try check(posts.map(\.title) == ["A", "re: A"] && posts[1].replyTo?.remoteID == 1, "A keeps its title, the reply links to it")
            },
            SyncCase("import.updatedAt.sameImportAppliesAgain") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                // Post 1 arrives nested first, then whole with the same date: the date the import
                // itself wrote is not a reason to leave out the rest of the object.
                let summary = try load(
                    #"[{"id": 2, "title": "re: A", "reply_to": {"id": 1, "title": "A", "updated_at": "2026-01-02T00:00:00Z"}}, {"id": 1, "title": "A", "updated_at": "2026-01-02T00:00:00Z", "author_id": 1}]"#,
                    as: SyncPost.self, into: container)
                try check(summary == SyncImportSummary(inserted: 2, updated: 1), "both posts inserted, post 1 then updated with its author, none left alone, got \(summary)")
                let first = try fetched(SyncPost.self, ModelContext(container), by: \.remoteID)[0]
                try check(first.author?.remoteID == 1, "the second object's author is applied")
            },
            SyncCase("import.updatedAt.mustNameDate") { container in
                try checkError(.invalidUpdatedAt, index: nil, key: nil) {
                    try load(#"[{"id": 1, "title": "A"}]"#, as: SyncMisdatedPost.self, into: container)
                }
                try check(try count(SyncMisdatedPost.self, in: container) == 0, "nothing is imported")
            },
        ]
    }
}
