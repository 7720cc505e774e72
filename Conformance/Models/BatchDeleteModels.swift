import StrataCore

/// A tree: deleting a folder deletes its subfolders, level after level (`.cascade` to itself).
@Model public final class Folder {
    public var name: String
    public var parent: Folder?
    @Relationship(deleteRule: .cascade, inverse: \Folder.parent) public var children: [Folder] = []

    public init(name: String, parent: Folder? = nil) {
        self.name = name
        self.parent = parent
    }
}

/// Holds items without a delete rule of its own (`.noAction`).
@Model public final class Crate {
    public var label: String
    @Relationship(deleteRule: .noAction, inverse: \Item.crate) public var items: [Item] = []

    public init(label: String) {
        self.label = label
    }
}

/// An item in at most one crate.
@Model public final class Item {
    public var name: String
    public var crate: Crate?

    public init(name: String, crate: Crate? = nil) {
        self.name = name
        self.crate = crate
    }
}
