import StrataCore

/// SwiftData shapes that rely on inference: an optional to-many whose inverse neither side
/// declares, and attributes typed by their initial values.
@Model public final class Album {
    public var title = ""
    public var year = 2000
    @Relationship(deleteRule: .cascade) public var tracks: [Track]? = []

    public init(title: String) {
        self.title = title
    }
}

/// The to-one side of ``Album/tracks``, inferred as its inverse.
@Model public final class Track {
    public var name: String
    public var album: Album?

    public init(name: String) {
        self.name = name
    }
}
