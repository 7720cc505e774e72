import StrataCore

// Versions of one small schema, as an app ships it over time. Each version declares its
// classes with the same names (`Gizmo`, `Maker`), so they are the same entities (the same
// tables) in the store; the suite opens one store with several versions in turn.

/// The first version: gizmos and their makers, not yet related.
enum EvolutionV1 {
    static var types: [any PersistentModel.Type] { [Gizmo.self, Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: Int
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    @Model final class Maker {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// Additive: a new optional attribute.
enum EvolutionOptionalAttribute {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: Int
        var note: String?
        init(name: String, quantity: Int, note: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.note = note
        }
    }
}

/// Additive: new attributes that are not optional but have a default.
enum EvolutionDefaultedAttribute {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: Int
        var rating: Int = 3
        var status: String = "active"
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }
}

/// Additive: a new entity.
enum EvolutionNewEntity {
    static var types: [any PersistentModel.Type] { [EvolutionV1.Gizmo.self, EvolutionV1.Maker.self, Part.self] }

    @Model final class Part {
        var label: String
        var weight: Double?
        init(label: String, weight: Double? = nil) {
            self.label = label
            self.weight = weight
        }
    }
}

/// Additive: a new optional to-one relationship between existing entities.
enum EvolutionNewRelationship {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: Int
        var maker: EvolutionV1.Maker?
        init(name: String, quantity: Int, maker: EvolutionV1.Maker? = nil) {
            self.name = name
            self.quantity = quantity
            self.maker = maker
        }
    }
}

/// Conflicting: `quantity` is gone.
enum EvolutionRemovedAttribute {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// Conflicting: `quantity` is now text.
enum EvolutionChangedType {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: String
        init(name: String, quantity: String) {
            self.name = name
            self.quantity = quantity
        }
    }
}

/// Conflicting: a new attribute that is neither optional nor defaulted, so stored rows have no value for it.
enum EvolutionRequiredAttribute {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var quantity: Int
        var serial: String
        init(name: String, quantity: Int, serial: String) {
            self.name = name
            self.quantity = quantity
            self.serial = serial
        }
    }
}

/// Conflicting twice over (`quantity` removed, `serial` required), with an additive change
/// (`note`) that must not be applied either.
enum EvolutionSeveralConflicts {
    static var types: [any PersistentModel.Type] { [Gizmo.self, EvolutionV1.Maker.self] }

    @Model final class Gizmo {
        var name: String
        var serial: String
        var note: String?
        init(name: String, serial: String) {
            self.name = name
            self.serial = serial
        }
    }
}
