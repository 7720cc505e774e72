import StrataCore

/// A topic, unique by label, in a many-to-many with ``Article``: what an app upserts when it
/// rebuilds an article's topics from their labels (`article.topics = labels.map(Topic.init)`).
@Model public final class Topic {
    @Attribute(.unique) public var label: String
    public var articles: [Article] = []

    public init(label: String) {
        self.label = label
    }
}

/// The other side of ``Topic/articles``.
@Model public final class Article {
    public var title: String
    @Relationship(inverse: \Topic.articles) public var topics: [Topic] = []

    public init(title: String, topics: [Topic] = []) {
        self.title = title
        self.topics = topics
    }
}
