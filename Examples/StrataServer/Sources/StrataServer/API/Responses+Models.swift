import ServerAPI

extension ItemResponse {
    /// The API form of a saved item; its project's key is read without loading the project.
    init(_ item: Item) {
        self.init(
            id: item.key ?? 0, title: item.title, done: item.done, priority: item.priority,
            createdAt: item.createdAt, projectId: item.relatedKey("project"))
    }
}

extension ProjectResponse {
    /// The API form of a saved project.
    init(_ project: Project) {
        self.init(id: project.key ?? 0, name: project.name)
    }
}
