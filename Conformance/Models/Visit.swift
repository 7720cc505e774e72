import StrataCore

/// A model with ephemeral attributes (tracked, never persisted) of each kind of default.
@Model public final class Visit {
    public var page: String
    @Attribute(.ephemeral) public var views: Int = 7
    @Attribute(.ephemeral) public var draft: String? = "none"
    @Attribute(.ephemeral) public var cursor: String?
    @Attribute(.ephemeral) public var tags: [String] = ["new"]

    public init(page: String) {
        self.page = page
    }
}
