import Strata

/// A named group of items; names are unique, and a project with items cannot be deleted.
@Model final class Project {
    /// The project's name, unique across projects.
    @Attribute(.unique) var name: String
    /// The items filed under this project; deleting the project is refused while it has any.
    @Relationship(deleteRule: .deny, inverse: \Item.project) var items: [Item] = []

    /// A project with no items.
    init(name: String) {
        self.name = name
    }
}
