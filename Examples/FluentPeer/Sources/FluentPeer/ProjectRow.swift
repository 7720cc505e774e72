import FluentKit

/// A project: `projects(id, name UNIQUE)`.
final class ProjectRow: Model, @unchecked Sendable {
    static let schema = "projects"

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Field(key: "name") var name: String

    init() {}

    init(name: String) {
        self.name = name
    }
}
