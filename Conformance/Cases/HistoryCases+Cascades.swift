import StrataCore

/// The rows a delete rule cascades to are in history with the deletion that removed them: a
/// follower that holds a cascaded row (under another parent, or without the link) learns it is
/// gone (semantics of history; docs/replication.md rule 12).
extension HistoryCases {
    static let cascades: [ConformanceCase] = [cascadeOfASave, cascadeOfABatchDelete]

    /// A memo with two tags, saved; the identifiers of the memo and of its tags.
    static func taggedMemo(_ container: ModelContainer, slug: String) throws -> (memo: PersistentIdentifier, tags: [PersistentIdentifier]) {
        let context = ModelContext(container)
        let memo = Memo(slug: slug, title: slug.uppercased())
        context.insert(memo)
        let tags = ["red", "blue"].map { MemoTag(name: $0, memo: memo) }
        for tag in tags { context.insert(tag) }
        try context.save()
        return (memo.persistentModelID, tags.map(\.persistentModelID))
    }

    /// The identifiers the last transaction of `container`'s history deletes.
    static func lastDeletions(_ container: ModelContainer) throws -> Set<PersistentIdentifier> {
        let last = try Check.unwrap(try history(container).last, "a last transaction")
        return Set(last.changes.compactMap { change -> PersistentIdentifier? in
            guard case .delete(let delete) = change else { return nil }
            return delete.changedPersistentIdentifier
        })
    }

    static let cascadeOfASave = ConformanceCase("history.cascade.savedDeletionRecordsEveryRowItRemoves", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let saved = try taggedMemo(container, slug: "m")
        // A context that never read the memo's tags deletes it.
        let context = ModelContext(container)
        context.delete(try Check.unwrap(context.model(for: saved.memo) as? Memo, "the memo"))
        try context.save()
        try Check.equal(try lastDeletions(container), Set([saved.memo] + saved.tags), "the deletion's transaction names the memo and both cascaded tags")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<MemoTag>()), 0, "the tags are gone")
    }

    static let cascadeOfABatchDelete = ConformanceCase("history.cascade.batchDeleteRecordsEveryRowItRemoves", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let saved = try taggedMemo(container, slug: "m")
        let kept = try taggedMemo(container, slug: "k")
        try ModelContext(container).delete(model: Memo.self, where: #Predicate { $0.slug == "m" })
        try Check.equal(try lastDeletions(container), Set([saved.memo] + saved.tags), "the batch delete's transaction names the memo and its cascaded tags")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<MemoTag>()), kept.tags.count, "the other memo's tags stay")
    }
}
