import Foundation
import Hummingbird

/// An item as the API shows it.
public struct ItemResponse: ResponseCodable, Equatable {
    /// The item's key.
    public var id: Int64
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var done: Bool
    /// Higher is more urgent.
    public var priority: Int
    /// When it was created.
    public var createdAt: Date
    /// The key of its project, if it has one.
    public var projectId: Int64?

    /// An item with every field given.
    public init(id: Int64, title: String, done: Bool, priority: Int, createdAt: Date, projectId: Int64?) {
        self.id = id
        self.title = title
        self.done = done
        self.priority = priority
        self.createdAt = createdAt
        self.projectId = projectId
    }
}

/// The body of `POST /items`.
public struct NewItem: Codable, Sendable {
    /// What to do; must not be blank.
    public var title: String
    /// `false` when absent.
    public var done: Bool?
    /// `0` when absent.
    public var priority: Int?
    /// The project to file it under, if any.
    public var projectId: Int64?

    /// A body with every field given.
    public init(title: String, done: Bool? = nil, priority: Int? = nil, projectId: Int64? = nil) {
        self.title = title
        self.done = done
        self.priority = priority
        self.projectId = projectId
    }

    private enum CodingKeys: String, CodingKey { case title, done, priority, projectId }

    /// Reads a JSON body as ``ItemPatch`` does, with a title required.
    public init(from decoder: any Decoder) throws {
        let fields = try ItemPatch(from: decoder)
        let title = try fields.title ?? decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        self.init(title: title, done: fields.done, priority: fields.priority, projectId: fields.projectId ?? nil)
    }
}

/// The body of `PATCH /items/:id`: only the fields present change; `"projectId": null` clears it.
public struct ItemPatch: Decodable, Sendable {
    /// The new title, if the body has one.
    public var title: String?
    /// The new `done` value, if the body has one.
    public var done: Bool?
    /// The new priority, if the body has one.
    public var priority: Int?
    /// `nil` when the body has no `projectId`, `.some(nil)` when it says `null`.
    public var projectId: Int64??

    private enum CodingKeys: String, CodingKey { case title, done, priority, projectId }

    /// Reads a JSON body, telling an absent `projectId` from a `null` one; a number that is not an
    /// integer is a type mismatch naming its field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        done = try container.decodeIfPresent(Bool.self, forKey: .done)
        priority = try container.decodeIntegerIfPresent(Int.self, forKey: .priority)
        if container.contains(.projectId) {
            projectId = .some(try container.decodeIntegerIfPresent(Int64.self, forKey: .projectId))
        }
    }
}
