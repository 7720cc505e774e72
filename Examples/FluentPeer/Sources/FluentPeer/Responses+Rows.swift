import ServerAPI

extension ItemResponse {
    /// The API form of a saved item.
    init(_ row: ItemRow) {
        self.init(id: row.id ?? 0, title: row.title, done: row.done, priority: row.priority, createdAt: row.createdAt, projectId: row.$project.id)
    }
}

extension ProjectResponse {
    /// The API form of a saved project.
    init(_ row: ProjectRow) {
        self.init(id: row.id ?? 0, name: row.name)
    }
}
