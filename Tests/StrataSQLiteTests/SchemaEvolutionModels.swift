import Foundation
import StrataCore
import StrataSQLite

/// The first version of an entity, as an app shipped it.
enum Version1 {
    @Model final class Gadget {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// An additive change: a new optional attribute, a new defaulted attribute, a new entity.
enum Version2 {
    @Model final class Gadget {
        var name: String
        var note: String?
        var rating: Int = 3
        init(name: String) { self.name = name }
    }

    @Model final class Widget {
        var label: String
        init(label: String) { self.label = label }
    }
}

/// A conflicting change: a new attribute that is neither optional nor defaulted, and a removed one.
enum Version3 {
    @Model final class Gadget {
        var title: String
        init(title: String) { self.title = title }
    }
}

/// Entity and property names that are SQL keywords.
@Model final class Order {
    var select: String
    var from: Int
    var group: String?
    var order: Double

    init(select: String, from: Int, group: String? = nil, order: Double = 0) {
        self.select = select
        self.from = from
        self.group = group
        self.order = order
    }
}

func temporaryDatabase(_ name: String = "store") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(UUID().uuidString).sqlite")
}

func sqliteContainer(_ types: [any PersistentModel.Type], at url: URL) throws -> ModelContainer {
    try ModelContainer(for: Schema(types), configurations: [SQLiteConfiguration(url: url)])
}
