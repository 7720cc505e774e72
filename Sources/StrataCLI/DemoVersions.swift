import Foundation
import Strata

/// The demo's models as `strata demo` creates them: version 1.0.0.
enum DemoV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }
}

/// The demo's next version, 2.0.0: a trip's `name` is its `title`, its budget is required
/// (0 where it had none), and it has optional notes. `strata migrate` moves a demo store here.
enum DemoV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }

    @Model final class Trip {
        @Attribute(.unique, originalName: "name") var title: String
        var start: Date
        var budget: Double = 0
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

        init(title: String, start: Date, budget: Double = 0) {
            self.title = title
            self.start = start
            self.budget = budget
        }
    }

    @Model final class Stop {
        var city: String
        var trip: Trip?

        init(city: String, trip: Trip? = nil) {
            self.city = city
            self.trip = trip
        }
    }
}

/// The demo's versions and the lightweight stage between them.
enum DemoMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [DemoV1.self, DemoV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: DemoV1.self, toVersion: DemoV2.self)] }

    /// The version `--version` names (`1.0.0` or `2.0.0`).
    /// - Throws: ``StrataCLIError/unknownVersion(_:known:)`` for any other.
    static func version(_ text: String) throws -> any VersionedSchema.Type {
        guard let version = schemas.first(where: { $0.versionIdentifier.description == text }) else {
            throw StrataCLIError.unknownVersion(text, known: schemas.map { $0.versionIdentifier.description })
        }
        return version
    }
}
