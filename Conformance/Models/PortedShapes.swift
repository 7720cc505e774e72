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
