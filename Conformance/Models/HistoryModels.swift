import StrataCore

/// A model for history and change-feed cases: a unique slug (an update can collide), a title
/// the history keeps after deletion, and plain values to change.
@Model public final class Memo {
    @Attribute(.unique) public var slug: String
    @Attribute(.preserveValueOnDeletion) public var title: String
    public var body: String
    public var rank: Int
    @Relationship(deleteRule: .cascade, inverse: \MemoTag.memo) public var tags: [MemoTag] = []

    public init(slug: String, title: String, body: String = "", rank: Int = 0) {
        self.slug = slug
        self.title = title
        self.body = body
        self.rank = rank
    }
}

/// Reached from ``Memo`` through a relationship: a live query of memos depends on tags too.
@Model public final class MemoTag {
    public var name: String
    public var memo: Memo?

    public init(name: String, memo: Memo? = nil) {
        self.name = name
        self.memo = memo
    }
}

/// Unrelated to ``Memo``: its changes concern no memo query.
@Model public final class Counter {
    public var value: Int

    public init(value: Int) {
        self.value = value
    }
}

extension ConformanceModels {
    /// The models of the history and change-feed cases.
    public static let history: [any PersistentModel.Type] = [Memo.self, MemoTag.self, Counter.self]
}
