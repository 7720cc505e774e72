import FluentKit
import Foundation

/// An item: `items(id, title, done, priority, created_at, project_id → projects ON DELETE RESTRICT)`.
final class ItemRow: Model, @unchecked Sendable {
    static let schema = "items"

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Field(key: "title") var title: String
    @Field(key: "done") var done: Bool
    @Field(key: "priority") var priority: Int
    @Field(key: "created_at") var createdAt: Date
    @OptionalParent(key: "project_id") var project: ProjectRow?

    init() {}

    init(title: String, done: Bool, priority: Int, projectID: Int64?) {
        self.title = title
        self.done = done
        self.priority = priority
        self.createdAt = Date()
        self.$project.id = projectID
    }
}
