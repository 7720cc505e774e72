// Workloads 3–6 (filtered fetch, count, update, point lookups), the same in both modes: only
// the raw baseline and the targets differ.
import Strata

/// A raw C baseline for workloads 3–6: `RawDatabase` (libsqlite3) or `RawPostgres` (libpq).
protocol RawQueryBaseline {
    /// `priority != 3` by score, limit 100, `repetitions` times; `strataShape` runs Strata's SQL.
    func filtered(repetitions: Int, strataShape: Bool) throws -> Int
    /// `count(*)` of `done == true`, `repetitions` times.
    func count(repetitions: Int) throws -> Int
    /// Adds `bump` to every row's score in one transaction.
    func update(rows: Int, bump: Double) throws
    /// One row per key.
    func lookups(_ keys: [Int64]) throws -> Int
}

extension RawDatabase: RawQueryBaseline {}
extension RawPostgres: RawQueryBaseline {}

/// The ratio each of workloads 3–6 must stay under.
struct QueryTargets {
    let filtered: Double
    let count: Double
    let update: Double
    let lookups: Double
    /// `fetch #Predicate { $0.persistentModelID == id }` with `fetchLimit = 1`, to raw lookups.
    let predicateLookups: Double?
    /// A 100,000-identifier `contains` to the same query with 1,000 identifiers (same rows found).
    let largeIn: Double
}

enum QueryWorkloads {
    /// Measures workloads 3–6 on both sides, best of `options.runs`; also returns the
    /// identifiers the lookups used.
    static func measure(raw: some RawQueryBaseline, strata: StrataDatabase, rows: Int, options: Options, targets: QueryTargets) throws
        -> (results: [TimedResult], identifiers: [PersistentIdentifier]) {
        let (runs, repetitions) = (options.runs, options.repetitions)
        var timed: [TimedResult] = []

        // 3. Filtered, sorted, limited fetch.
        log("filtered fetch")
        let limited = min(100, rows)
        let rawFiltered = try Measure.best(runs: runs, setup: {}) { _ in consume(try raw.filtered(repetitions: repetitions, strataShape: false)) }
        let strataFiltered = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.filtered(repetitions: repetitions)) }
        timed.append(TimedResult(name: "3 priority != 3, by score, limit 100", unit: "rows", operations: limited * repetitions, raw: rawFiltered, strata: strataFiltered, target: targets.filtered))
        let rawStrataShape = try Measure.best(runs: runs, setup: {}) { _ in consume(try raw.filtered(repetitions: repetitions, strataShape: true)) }
        timed.append(TimedResult(name: "3r same, raw runs Strata's SQL (info)", unit: "rows", operations: limited * repetitions, raw: rawStrataShape, strata: strataFiltered, target: nil))

        // 4. Count with a Bool predicate.
        log("count")
        let rawCountValue = try raw.count(repetitions: 1)
        let strataCountValue = try strata.count(repetitions: 1)
        precondition(rawCountValue == strataCountValue, "counts differ: raw \(rawCountValue), Strata \(strataCountValue)")
        let rawCount = try Measure.best(runs: runs, setup: {}) { _ in consume(try raw.count(repetitions: repetitions)) }
        let strataCount = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.count(repetitions: repetitions)) }
        timed.append(TimedResult(name: "4 fetchCount done == true", unit: "queries", operations: repetitions, raw: rawCount, strata: strataCount, target: targets.count))

        // 5. Update every row in one save.
        log("update")
        var bump = 0.0
        let rawUpdate = try Measure.best(runs: runs, setup: { bump += 0.25 }) { _ in try raw.update(rows: rows, bump: bump) }
        bump = 0
        let strataUpdate = try Measure.best(runs: runs, setup: { () -> (ModelContext, [Task]) in
            bump += 0.25
            return try strata.loadForUpdate()
        }) { state in
            try StrataDatabase.update(state.1, in: state.0, bump: bump)
        }
        timed.append(TimedResult(name: "5 update all (one save)", unit: "rows", operations: rows, raw: rawUpdate, strata: strataUpdate, target: targets.update))

        // 6. Point lookups by identifier.
        log("point lookups")
        let keys = Workload.lookupKeys(rows: rows, count: options.lookups)
        let identifiers = try strata.identifiers(for: keys)
        let rawLookups = try Measure.best(runs: runs, setup: {}) { _ in consume(try raw.lookups(keys)) }
        let strataLookups = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.lookups(identifiers, batch: options.batch)) }
        timed.append(TimedResult(name: "6 model(for:) by id", unit: "lookups", operations: keys.count, raw: rawLookups, strata: strataLookups, target: targets.lookups))
        if options.predicateLookups {
            let strataPredicate = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.predicateLookups(identifiers, batch: options.batch)) }
            timed.append(TimedResult(name: "6b fetch #Predicate id ==", unit: "lookups", operations: keys.count, raw: rawLookups, strata: strataPredicate, target: targets.predicateLookups))
        }

        // 7. `ids.contains($0.persistentModelID)`: 1,000 identifiers, then 100,000 that find the
        // same 1,000 rows (99,000 name no row), so the difference is the list's own cost.
        log("large IN")
        let found = identifiers.prefix(1_000)
        let absent = (0..<99_000).map { PersistentIdentifier(storeIdentifier: found.first!.storeIdentifier, entityName: found.first!.entityName, primaryKey: .integer(Int64(rows) + 1 + Int64($0))) }
        let small = Array(found), large = absent + found
        let smallIn = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.fetchContained(small)) }
        let largeIn = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.fetchContained(large)) }
        timed.append(TimedResult(name: "7 100k-id contains, to 1k ids", unit: "rows", operations: found.count, raw: smallIn, strata: largeIn, target: targets.largeIn))
        let everyRow = try strata.identifiers(for: Array(1...Int64(rows)))
        let allIn = try Measure.best(runs: runs, setup: {}) { _ in consume(try strata.fetchContained(everyRow)) }
        timed.append(TimedResult(name: "7b every row's id, to 1k ids (info)", unit: "rows", operations: rows, raw: smallIn, strata: allIn, target: nil))
        return (timed, identifiers)
    }
}
