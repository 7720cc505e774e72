// `--migrate`: lightweight migrations of a SQLite table of `--rows` rows (default 1,000,000):
// adding an optional column and a defaulted one (no rebuild: `ALTER TABLE … ADD COLUMN`, plus
// one `UPDATE` writing the default), against a rename with a type change (a rebuild: one
// `INSERT … SELECT`). Each run migrates a fresh copy of one seeded file; prints the best time.
//   swift run -c release StrataBenchmark --migrate [--rows N (1000000)] [--runs R (3)]
import Foundation
import Strata

/// The seeded version: readings with a label and an integer value.
enum ReadingsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Reading.self] }

    @Model final class Reading {
        var label: String
        var value: Int
        init(label: String, value: Int) {
            self.label = label
            self.value = value
        }
    }
}

/// An optional column added: `ALTER TABLE` alone.
enum ReadingsOptionalAdded: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Reading.self] }

    @Model final class Reading {
        var label: String
        var value: Int
        var unit: String?
        init(label: String, value: Int) {
            self.label = label
            self.value = value
        }
    }
}

/// A defaulted column added: `ALTER TABLE`, then the default written into every row.
enum ReadingsDefaultAdded: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Reading.self] }

    @Model final class Reading {
        var label: String
        var value: Int
        var unit: String = "kWh"
        init(label: String, value: Int) {
            self.label = label
            self.value = value
        }
    }
}

/// `label` renamed to `name` and `value` a `Double`: the table is rebuilt.
enum ReadingsRebuilt: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Reading.self] }

    @Model final class Reading {
        @Attribute(originalName: "label") var name: String
        var value: Double
        init(name: String, value: Double) {
            self.name = name
            self.value = value
        }
    }
}

/// A plan from ``ReadingsV1`` to one next version.
struct ReadingsPlan<Next: VersionedSchema>: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ReadingsV1.self, Next.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: ReadingsV1.self, toVersion: Next.self)] }
}

enum MigrationBenchmark {
    static func run(options: Options) throws {
        let rows = options.rows == 100_000 ? 1_000_000 : options.rows
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-migrate-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.sqlite")
        log("seeding \(rows) rows")
        do {
            let context = ModelContext(try ModelContainer(
                for: Schema(versionedSchema: ReadingsV1.self), migrationPlan: ReadingsPlan<ReadingsRebuilt>.self,
                configurations: [SQLiteConfiguration(url: seed)]))
            for index in 0..<rows { context.insert(ReadingsV1.Reading(label: "reading \(index)", value: index)) }
            try context.save()
        }
        let copy = directory.appendingPathComponent("migrated.sqlite")
        func migrate<Next: VersionedSchema>(_: Next.Type) throws -> Double {
            try Measure.best(runs: options.runs, setup: {
                removeDatabase(copy)
                try FileManager.default.copyItem(at: seed, to: copy)
            }) { _ in
                _ = try ModelContainer(
                    for: Schema(versionedSchema: Next.self), migrationPlan: ReadingsPlan<Next>.self, configurations: [SQLiteConfiguration(url: copy)])
            }
        }
        print("lightweight migrations of a \(rows)-row SQLite table, best of \(options.runs):")
        print(String(format: "  add an optional column (ALTER TABLE only)         %9.1f ms", try migrate(ReadingsOptionalAdded.self) * 1000))
        print(String(format: "  add a defaulted column (ALTER TABLE + UPDATE)     %9.1f ms", try migrate(ReadingsDefaultAdded.self) * 1000))
        print(String(format: "  rename + Int to Double (rebuild, one INSERT…SELECT) %7.1f ms", try migrate(ReadingsRebuilt.self) * 1000))
    }
}
