import StrataCore

// Versions of one small schema for the `migration.*` cases. Each version is a `VersionedSchema`
// declaring its classes with the same names (`Widget`, `Vendor`), so they are the same entities
// in the store, as an app declares them in SwiftData.

/// The first version: widgets with an optional note, each made by at most one vendor.
enum MigrationV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        var name: String
        var quantity: Int
        var note: String?
        var vendor: Vendor?
        init(name: String, quantity: Int, note: String? = nil, vendor: Vendor? = nil) {
            self.name = name
            self.quantity = quantity
            self.note = note
            self.vendor = vendor
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

/// Added and removed: a defaulted and an optional attribute, a new entity; `note` removed.
enum MigrationAdded: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self, Part.self] }

    @Model final class Widget {
        var name: String
        var quantity: Int
        var rating: Int = 3
        var color: String?
        var vendor: Vendor?
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    @Model final class Part {
        var label: String
        init(label: String) { self.label = label }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

/// Renamed: `Widget.name` is `title`, `vendor` is `maker`, and `Vendor` is `Maker`.
enum MigrationRenamed: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Maker.self] }

    @Model final class Widget {
        @Attribute(originalName: "name") var title: String
        var quantity: Int
        var note: String?
        @Relationship(originalName: "vendor") var maker: Maker?
        init(title: String, quantity: Int, maker: Maker? = nil) {
            self.title = title
            self.quantity = quantity
            self.maker = maker
        }
    }

    @Model final class Maker {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

extension MigrationRenamed.Maker: OriginallyNamedModel {
    static var originalEntityName: String { "Vendor" }
}

/// Changed types and optionality: `quantity` becomes a `Double`, `note` a required, defaulted
/// `String`; a unique name and an index.
enum MigrationReshaped: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        #Index<Widget>([\.quantity])
        @Attribute(.unique) var name: String
        var quantity: Double
        var note: String = "none"
        var vendor: Vendor?
        init(name: String, quantity: Double, note: String = "none") {
            self.name = name
            self.quantity = quantity
            self.note = note
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

/// A relationship reshaped: a widget has many vendors (many-to-many) instead of one.
enum MigrationManyVendors: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        var name: String
        var quantity: Int
        var note: String?
        @Relationship(originalName: "vendor") var vendors: [Vendor] = []
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

/// A new required attribute (defaulted, filled in by a custom stage) and a unique name.
enum MigrationCoded: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        @Attribute(.unique) var name: String
        var quantity: Int
        var note: String?
        var code: String = ""
        var vendor: Vendor?
        init(name: String, quantity: Int, code: String) {
            self.name = name
            self.quantity = quantity
            self.code = code
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

/// A third version after ``MigrationCoded``: `code` renamed to `sku`.
enum MigrationSku: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        @Attribute(.unique) var name: String
        var quantity: Int
        var note: String?
        @Attribute(originalName: "code") var sku: String = ""
        var vendor: Vendor?
        init(name: String, quantity: Int, sku: String) {
            self.name = name
            self.quantity = quantity
            self.sku = sku
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}
