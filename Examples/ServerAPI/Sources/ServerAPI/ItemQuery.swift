import Hummingbird
import HummingbirdCore

/// The list filter `GET /items` reads from its query string:
/// `?done=true&minPriority=2&projectId=3&sort=priority&order=desc&limit=20&offset=40`.
/// Each data layer turns it into its own query; ties in the sort key are ordered by `id`.
public struct ItemQuery: Equatable, Sendable {
    /// Only items with this `done` value.
    public var done: Bool?
    /// Only items with at least this priority.
    public var minPriority: Int?
    /// Only items of this project.
    public var projectID: Int64?
    /// The sort key.
    public var sort: SortKey = .id
    /// Descending instead of ascending.
    public var descending = false
    /// At most this many items (1...``maximumLimit``).
    public var limit = 50
    /// Skip this many matching items first.
    public var offset = 0

    /// The largest page a client may ask for.
    public static let maximumLimit = 500

    /// The properties a list can be sorted by.
    public enum SortKey: String, CaseIterable, Sendable {
        case id, title, priority, createdAt
    }

    /// The query with no filter: the first 50 items by key.
    public init() {}

    /// Reads the query string.
    /// - Throws: ``APIError`` 400 naming the first parameter whose value is not valid.
    public init(_ parameters: FlatDictionary<Substring, Substring>) throws {
        done = try Self.value("done", in: parameters) { Bool($0) }
        minPriority = try Self.value("minPriority", in: parameters) { Int($0) }
        projectID = try Self.value("projectId", in: parameters) { Int64($0) }
        sort = try Self.value("sort", in: parameters) { SortKey(rawValue: $0) } ?? .id
        descending = try Self.value("order", in: parameters) { ["asc": false, "desc": true][$0] } ?? false
        limit = try Self.value("limit", in: parameters) { Int($0).flatMap { (1...Self.maximumLimit).contains($0) ? $0 : nil } } ?? 50
        offset = try Self.value("offset", in: parameters) { Int($0).flatMap { $0 >= 0 ? $0 : nil } } ?? 0
    }

    /// The parameter `name` read by `parse`, or `nil` when the query does not have it.
    private static func value<T>(_ name: String, in parameters: FlatDictionary<Substring, Substring>, _ parse: (String) -> T?) throws -> T? {
        guard let text = parameters[name[...]] else { return nil }
        guard let value = parse(String(text)) else { throw APIError.badRequest("query parameter '\(name)' has an invalid value '\(text)'") }
        return value
    }
}
