import Hummingbird

/// A project as the API shows it.
public struct ProjectResponse: ResponseCodable, Equatable {
    /// The project's key.
    public var id: Int64
    /// Its name, unique across projects.
    public var name: String

    /// A project with every field given.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// The body of `POST /projects` and `PATCH /projects/:id`.
public struct ProjectInput: Codable, Sendable {
    /// The name; must not be blank.
    public var name: String

    /// A body naming `name`.
    public init(name: String) {
        self.name = name
    }
}
