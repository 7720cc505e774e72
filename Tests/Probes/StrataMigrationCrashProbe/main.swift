import Foundation
import Strata
import StrataPostgres

// `StrataMigrationCrashProbe`: seeds a store, migrates it, or reports which version it is
// at, so a test can kill a migration at random points (SIGKILL) and check every reopen.
//
//   StrataMigrationCrashProbe seed <store> <rows>   version 1 with `rows` items
//   StrataMigrationCrashProbe migrate <store>       open with version 2 (migrates)
//   StrataMigrationCrashProbe check <store>         prints the version and counts (see `check`)
//   StrataMigrationCrashProbe torture <store> <rows> <kills>   see `Torture`
//
// <store> is a SQLite file path, or `postgres://…#namespace`.

func configuration(_ store: String) throws -> any DataStoreConfiguration {
    guard store.hasPrefix("postgres") else { return SQLiteConfiguration(path: store) }
    let parts = store.split(separator: "#", maxSplits: 1).map(String.init)
    return try PostgresConfiguration(url: parts[0], namespace: parts.count > 1 ? parts[1] : nil)
}

func container(_ version: any VersionedSchema.Type, _ store: String) throws -> ModelContainer {
    try ModelContainer(for: Schema(versionedSchema: version), migrationPlan: ProbePlan.self, configurations: [try configuration(store)])
}

/// `v1 <rows> <rows with quantity below half> <rows named "item …">` for a store at version 1;
/// `v2 …` with the same counts and the number of notes the custom stage saved, at version 2.
/// Counts rather than reading every row as a model keep a check quick; together they see a
/// missing, duplicated or unconverted row.
func check(_ store: String) throws -> String {
    do {
        let context = ModelContext(try container(ProbeV1.self, store))
        let rows = try context.fetchCount(FetchDescriptor<ProbeV1.Item>())
        let half = rows / 2
        let low = try context.fetchCount(FetchDescriptor<ProbeV1.Item>(predicate: #Predicate { $0.quantity < half }))
        let named = try context.fetchCount(FetchDescriptor<ProbeV1.Item>(predicate: #Predicate { $0.name.starts(with: "item ") }))
        return "v1 \(rows) \(low) \(named)"
    } catch SwiftDataError.backwardMigration {
        let context = ModelContext(try container(ProbeV2.self, store))
        let rows = try context.fetchCount(FetchDescriptor<ProbeV2.Item>())
        let half = Double(rows / 2)
        let low = try context.fetchCount(FetchDescriptor<ProbeV2.Item>(predicate: #Predicate { $0.quantity < half }))
        let named = try context.fetchCount(FetchDescriptor<ProbeV2.Item>(predicate: #Predicate { $0.title.starts(with: "item ") }))
        return "v2 \(rows) \(low) \(named) \(try context.fetchCount(FetchDescriptor<ProbeV2.Note>()))"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: StrataMigrationCrashProbe seed|migrate|check <store> [rows]\n".utf8))
    exit(2)
}
let store = arguments[2]
do {
    switch arguments[1] {
    case "seed":
        let context = ModelContext(try container(ProbeV1.self, store))
        for index in 0..<(Int(arguments[3]) ?? 100_000) { context.insert(ProbeV1.Item(name: "item \(index)", quantity: index)) }
        try context.save()
    case "migrate":
        _ = try container(ProbeV2.self, store)
    case "check":
        print(try check(store))
    case "torture":
        var torture = Torture(store: store, rows: Int(arguments[3]) ?? 100_000, kills: Int(arguments[4]) ?? 50)
        try torture.run()
    default:
        FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
