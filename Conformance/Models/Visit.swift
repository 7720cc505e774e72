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

/// A `Codable` value that refuses to decode a negative level: what a stored value written
/// before its type changed shape looks like to a new version of an app.
public struct Gauge: Codable, Sendable, Equatable {
    public var level: Int

    public init(level: Int) {
        self.level = level
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        level = try container.decode(Int.self, forKey: .level)
        guard level >= 0 else { throw DecodingError.dataCorruptedError(forKey: .level, in: container, debugDescription: "negative level") }
    }
}

/// A model with `Codable` attributes, optional and defaulted, that may hold undecodable values.
@Model public final class Meter {
    public var name: String
    public var current: Gauge?
    public var last: Gauge = Gauge(level: 0)

    public init(name: String, current: Gauge?, last: Gauge) {
        self.name = name
        self.current = current
        self.last = last
    }
}
