import Foundation
import StrataCore

// Shapes found by porting real SwiftData code with only the import changed.

/// A plan tier, stored by its raw value.
public enum PortedTier: String, Codable, Sendable {
    case free, pro
}

/// CloudKit-style attributes: optionals that declare a non-nil default.
@Model public final class Preference {
    public var name: String
    public var flag: Bool? = false
    public var count: Int? = 0
    public var label: String? = ""
    public var tier: PortedTier? = .free

    public init(name: String) {
        self.name = name
    }
}

/// The first version of a settings entity, before ``PortedFlagV2`` adds defaulted optionals.
enum PortedFlagV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Setting.self] }

    @Model final class Setting {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// The settings entity with optionals that declare a non-nil default, added to existing rows.
enum PortedFlagV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Setting.self] }

    @Model final class Setting {
        var name: String
        var flag: Bool? = false
        var count: Int? = 7
        init(name: String) { self.name = name }
    }
}

/// ``PortedFlagV1`` to ``PortedFlagV2``, lightweight.
enum PortedFlagPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PortedFlagV1.self, PortedFlagV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: PortedFlagV1.self, toVersion: PortedFlagV2.self)] }
}

/// Colour names: a value with no persisted form of its own (it is not `Codable`), stored
/// through ``PaletteTransformer``.
public struct Palette: Equatable, Sendable {
    public var colors: [String]

    public init(_ colors: [String]) {
        self.colors = colors
    }
}

/// Stores a ``Palette`` as its colours joined by commas, in UTF-8.
public final class PaletteTransformer: ValueTransformer {
    public override func transformedValue(_ value: Any?) -> Any? {
        (value as? Palette).map { Data($0.colors.joined(separator: ",").utf8) }
    }

    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Data).map { Palette(String(decoding: $0, as: UTF8.self).split(separator: ",").map(String.init)) }
    }
}

/// Stores text as its UTF-8 bytes reversed: bytes that keep neither the text's equality with a
/// bound string nor its order.
public final class ReversedTextTransformer: ValueTransformer {
    /// The name ``Artwork/secret`` names it by.
    public static let name = NSValueTransformerName("StrataConformance.ReversedText")

    /// Registers an instance under ``name``.
    public static func register() {
        ValueTransformer.setValueTransformer(ReversedTextTransformer(), forName: name)
    }

    public override func transformedValue(_ value: Any?) -> Any? {
        (value as? String).map { Data($0.utf8.reversed()) }
    }

    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Data).map { String(decoding: $0.reversed(), as: UTF8.self) }
    }
}

/// Transforms any text but `"refuse"`, for which it returns nil.
public final class RefusingTransformer: ValueTransformer {
    public override func transformedValue(_ value: Any?) -> Any? {
        (value as? String).flatMap { $0 == "refuse" ? nil : Data($0.utf8) }
    }

    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Data).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `@Attribute(.transformable(by:))`, by a transformer's class and by its registered name.
@Model public final class Artwork {
    public var title: String
    @Attribute(.transformable(by: PaletteTransformer.self)) public var palette: Palette?
    @Attribute(.transformable(by: "StrataConformance.ReversedText")) public var secret: String = ""

    public init(title: String, palette: Palette? = nil, secret: String = "") {
        self.title = title
        self.palette = palette
        self.secret = secret
    }
}

/// ``Artwork``'s table read without its transformers: the bytes they stored.
enum PortedRaw {
    @Model final class Artwork {
        var title: String
        var palette: Data?
        var secret: Data
        init(title: String, secret: Data) {
            self.title = title
            self.secret = secret
        }
    }
}

/// Transformable by a name nothing registers.
@Model public final class Sealed {
    @Attribute(.transformable(by: "StrataConformance.NeverRegistered")) public var code: String = ""

    public init() {}
}

/// Transformable by ``RefusingTransformer``.
@Model public final class Stamp {
    @Attribute(.transformable(by: RefusingTransformer.self)) public var mark: String

    public init(mark: String) {
        self.mark = mark
    }
}
